"""Where the LLM settings come from: flags, then environment, then a TOML config file.

The API key is read only from the environment (NARRATOR_LLM_API_KEY, or OPENAI_API_KEY)
or the config file, never from a flag (it would land in shell history), and it is never
written anywhere: not to saves, logs or test cassettes.
"""
from __future__ import annotations

import math
import os
from dataclasses import dataclass, field, fields
from pathlib import Path

ENV = {
    "url": "NARRATOR_LLM_URL",
    "model": "NARRATOR_LLM_MODEL",
    "backend": "NARRATOR_LLM_BACKEND",
    "api_key": "NARRATOR_LLM_API_KEY",
}


class ConfigError(ValueError):
    pass


CONFIG_BYTES = 256 * 1024     # a config file is a few lines


class BadConfigFile(ConfigError):
    """The config file cannot be used at all; `problem` says why, without the path."""

    def __init__(self, path: Path, problem: str):
        super().__init__(f"cannot read the config file {path}: {problem}. Mend it, or move it aside")
        self.path, self.problem = path, problem


@dataclass(frozen=True)
class LLMConfig:
    url: str = ""
    model: str = ""
    backend: str = "openai"
    api_key: str | None = field(default=None, repr=False)   # never shown, never saved
    connect_timeout: float = 5.0
    first_token_timeout: float = 30.0   # `llm check`'s wait for the first words
    total_timeout: float = 90.0         # `llm check`'s wait for a whole reply
    move_budget: float = 12.0     # seconds a round may wait for the model, from the request
    max_chars: int = 600          # the most the model's colour may run to
    temperature: float = 0.7
    retry_after: float = 20.0     # seconds the server rests after a failure (doubling, to 5 min)
    n_ctx: int = 4096             # the model's context, in tokens: the request is fitted to it
    threads: int = 0              # the local backend's threads (0: llama.cpp chooses)
    system_message: str = "auto"  # auto, keep, or fold (into the first user message)


def config_file(option: str | None) -> Path | None:
    if option:
        return Path(option).expanduser()
    if os.environ.get("NARRATOR_CONFIG"):
        return Path(os.environ["NARRATOR_CONFIG"]).expanduser()
    import platformdirs

    path = Path(platformdirs.user_config_dir("narrator", appauthor=False)) / "config.toml"
    return path if path.exists() else None


def asks_for_llm(path: Path | None) -> bool:
    """Whether a config file turns LLM narration on: it has an [llm] table. A file for
    other settings does not; one that cannot be read does, so that resolve() says why."""
    if path is None:
        return False
    try:
        return "llm" in read_file(path)
    except ConfigError:
        return True


def read_file(path: Path) -> dict:
    """The config file's tables, read within the bounds of every TOML file narrator reads
    (narrator.tomlfile); BadConfigFile saying what is wrong. The one reader of the file,
    for the [llm] table and the player's own settings alike."""
    from narrator import tomlfile

    try:
        return tomlfile.parse(tomlfile.read_bytes(path, CONFIG_BYTES), "config file", CONFIG_BYTES)
    except OSError as err:
        raise BadConfigFile(path, str(err.strerror or err)) from None
    except tomlfile.Unreadable as err:
        raise BadConfigFile(path, str(err)) from None


def section(path: Path, name: str, example: str) -> dict:
    """The table `name` of the config file ({} if it has none); BadConfigFile if it is
    not a table."""
    table = read_file(path).get(name, {})
    if not isinstance(table, dict):
        raise BadConfigFile(path, f"[{name}] should be a table, written as {example}")
    return table


# The kind of each setting that is not text; a number given as text is refused, so a
# typo in the config file is reported at the start, not as a crash on the first move.
NUMBERS = {"connect_timeout": float, "first_token_timeout": float, "total_timeout": float,
           "move_budget": float, "max_chars": int, "temperature": float, "retry_after": float,
           "n_ctx": int, "threads": int}
SYSTEM_MESSAGE = ("auto", "keep", "fold")


def _typed(name: str, value):
    kind = NUMBERS.get(name, str)
    given = "" if name == "api_key" else f", not {value!r}"   # a key is never shown
    if kind is str:
        if not isinstance(value, str):
            raise ConfigError(f"{name} should be text{given}")
        return value
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value) \
            or (kind is int and value != int(value)):
        raise ConfigError(f"{name} should be {'a whole number' if kind is int else 'a number'}{given}")
    return kind(value)


def resolve(flags: dict, config_path: str | None = None, environ=os.environ) -> LLMConfig:
    """Settings from `flags` (None = not given), the environment and the [llm] table."""
    values: dict = {}
    path = config_file(config_path)
    if path is not None:
        table = section(path, "llm", '[llm] url = "http://127.0.0.1:11434/v1"')
        known = {f.name for f in fields(LLMConfig)}
        unknown = set(table) - known
        if unknown:
            raise ConfigError(f"{path}: [llm] has unknown keys {sorted(unknown)}; known: {sorted(known)}")
        values.update(table)
    for name, var in ENV.items():
        if environ.get(var):
            values[name] = environ[var]
    if "api_key" not in values and environ.get("OPENAI_API_KEY"):
        values["api_key"] = environ["OPENAI_API_KEY"]
    values.update({k: v for k, v in flags.items() if v is not None})
    try:
        config = LLMConfig(**{name: _typed(name, value) for name, value in values.items()})
    except TypeError as err:
        raise ConfigError(f"bad LLM settings: {err}") from None
    for name in ("connect_timeout", "first_token_timeout", "total_timeout", "max_chars", "move_budget"):
        if getattr(config, name) <= 0:
            raise ConfigError(f"{name} must be a positive number")
    if config.retry_after < 0:
        raise ConfigError("retry_after must be 0 or more seconds")
    if config.n_ctx < 512:
        raise ConfigError(f"n_ctx should be at least 512 tokens, not {config.n_ctx}: a round's request needs room")
    if config.threads < 0:
        raise ConfigError("threads must be 0 (llama.cpp chooses) or more")
    if config.system_message not in SYSTEM_MESSAGE:
        raise ConfigError(f"system_message should be one of {', '.join(SYSTEM_MESSAGE)}, not {config.system_message!r}")
    if config.backend == "openai" and not config.url:
        raise ConfigError("no server: give --llm URL (e.g. http://127.0.0.1:11434/v1), set"
                          " NARRATOR_LLM_URL, or put url under [llm] in the config file")
    return config
