"""Where the LLM settings come from: flags over environment over the config file; the key
from the environment or the file only; clear ConfigErrors for what cannot work."""
from __future__ import annotations

import pytest

from narrator.llm.config import ENV, ConfigError, LLMConfig, asks_for_llm, config_file, resolve

NO_FLAGS = {"url": None, "model": None, "backend": None}
KEY = "sk-config-4e1d0c"


def flags(**given) -> dict:
    return {**NO_FLAGS, **given}


@pytest.fixture
def config(tmp_path):
    """config(text) -> the path of a config file holding `text`."""
    def write(text: str, name: str = "config.toml"):
        path = tmp_path / name
        path.write_text(text, encoding="utf-8")
        return str(path)
    return write


FILE = '''
[llm]
url = "http://file.test/v1"
model = "file-model"
backend = "openai"
total_timeout = 60
max_chars = 800
'''


# --------------------------------------------------------------------- precedence
def test_the_file_alone(config):
    c = resolve(NO_FLAGS, config(FILE), environ={})
    assert (c.url, c.model, c.backend) == ("http://file.test/v1", "file-model", "openai")
    assert c.total_timeout == 60.0 and isinstance(c.total_timeout, float)
    assert c.max_chars == 800 and c.first_token_timeout == LLMConfig().first_token_timeout


def test_the_environment_beats_the_file(config):
    env = {ENV["url"]: "http://env.test/v1", ENV["model"]: "env-model"}
    c = resolve(NO_FLAGS, config(FILE), environ=env)
    assert (c.url, c.model) == ("http://env.test/v1", "env-model")
    assert c.max_chars == 800                         # what the environment does not set


def test_flags_beat_the_environment_and_the_file(config):
    env = {ENV["url"]: "http://env.test/v1", ENV["model"]: "env-model", ENV["backend"]: "openai"}
    c = resolve(flags(url="http://flag.test/v1", model="flag-model"), config(FILE), environ=env)
    assert (c.url, c.model) == ("http://flag.test/v1", "flag-model")


def test_an_empty_environment_variable_counts_as_not_set(config):
    c = resolve(NO_FLAGS, config(FILE), environ={ENV["url"]: "", ENV["model"]: ""})
    assert (c.url, c.model) == ("http://file.test/v1", "file-model")


def test_defaults_without_a_file():
    c = resolve(flags(url="http://x/v1"), environ={})
    assert c == LLMConfig(url="http://x/v1")


# --------------------------------------------------------------------- the key
def test_the_key_from_the_environment(config):
    c = resolve(flags(url="http://x/v1"), environ={"NARRATOR_LLM_API_KEY": KEY})
    assert c.api_key == KEY
    c = resolve(flags(url="http://x/v1"), environ={"OPENAI_API_KEY": KEY})
    assert c.api_key == KEY
    c = resolve(flags(url="http://x/v1"), environ={"OPENAI_API_KEY": "other", "NARRATOR_LLM_API_KEY": KEY})
    assert c.api_key == KEY


def test_the_key_from_the_file_and_the_environment_over_it(config):
    path = config(FILE + f'api_key = "{KEY}"\n')
    assert resolve(NO_FLAGS, path, environ={}).api_key == KEY
    assert resolve(NO_FLAGS, path, environ={"NARRATOR_LLM_API_KEY": "from-env"}).api_key == "from-env"


def test_there_is_no_key_flag():
    from narrator.cli import check, continue_, play

    for command in (play, continue_, check):
        names = [n for p in command.params for n in (*p.opts, p.name or "")]
        assert not [n for n in names if "key" in n.lower()], (command.name, names)


def test_no_key_at_all_is_none():
    assert resolve(flags(url="http://x/v1"), environ={}).api_key is None


def test_the_key_is_not_in_the_repr(config):
    c = resolve(NO_FLAGS, config(FILE), environ={"NARRATOR_LLM_API_KEY": KEY})
    assert KEY not in repr(c)


# --------------------------------------------------------------------- refused settings
def test_unknown_keys_are_named(config):
    path = config(FILE + 'modle = "typo"\ntimeout = 5\n')
    with pytest.raises(ConfigError) as caught:
        resolve(NO_FLAGS, path, environ={})
    message = str(caught.value)
    assert "modle" in message and "timeout" in message and path in message
    assert "model" in message                         # the known keys are listed


@pytest.mark.parametrize("name", ["connect_timeout", "first_token_timeout", "total_timeout"])
@pytest.mark.parametrize("value", ["0", "-1", "-0.5", "0.0"])
def test_non_positive_timeouts_are_refused(config, name, value):
    with pytest.raises(ConfigError, match=f"{name} must be a positive number"):
        resolve(NO_FLAGS, config(f'[llm]\nurl = "http://x/v1"\n{name} = {value}\n'), environ={})


@pytest.mark.parametrize("line, words", [
    ('total_timeout = "soon"', "total_timeout should be a number"),
    ("total_timeout = true", "total_timeout should be a number"),
    ("total_timeout = nan", "total_timeout should be a number"),
    ("max_chars = 12.5", "max_chars should be a whole number"),
    ('max_chars = "1500"', "max_chars should be a whole number"),
    ("max_chars = 0", "max_chars must be a positive number"),
    ("retry_after = -1", "retry_after must be 0 or more"),
    ("temperature = [1]", "temperature should be a number"),
])
def test_settings_of_the_wrong_kind_are_refused(config, line, words):
    text = FILE.replace("total_timeout = 60\n", "").replace("max_chars = 800\n", "")
    with pytest.raises(ConfigError, match=words):
        resolve(NO_FLAGS, config(text + line + "\n"), environ={})


def test_a_url_that_is_not_text(config):
    with pytest.raises(ConfigError, match="url should be text"):
        resolve(NO_FLAGS, config("[llm]\nurl = 11434\n"), environ={})


def test_a_key_of_the_wrong_kind_is_not_echoed(config):
    with pytest.raises(ConfigError) as caught:
        resolve(NO_FLAGS, config(FILE + "api_key = 73914\n"), environ={})
    assert "api_key" in str(caught.value) and "73914" not in str(caught.value)


def test_whole_seconds_are_fine_for_timeouts(config):
    c = resolve(NO_FLAGS, config(FILE + "connect_timeout = 1\nfirst_token_timeout = 2.5\n"), environ={})
    assert (c.connect_timeout, c.first_token_timeout) == (1.0, 2.5)


def test_no_url_says_how_to_give_one():
    with pytest.raises(ConfigError) as caught:
        resolve(flags(model="m"), environ={})
    message = str(caught.value)
    assert "--llm" in message and "NARRATOR_LLM_URL" in message and "[llm]" in message


def test_the_local_backend_needs_no_url():
    c = resolve(flags(backend="local", model="/models/tiny.gguf"), environ={})
    assert c.backend == "local" and c.url == ""


@pytest.mark.parametrize("text", ["[llm\nurl = 1", "not toml at all = = ="])
def test_a_broken_file_names_itself(config, text):
    path = config(text)
    with pytest.raises(ConfigError, match="cannot read the config file") as caught:
        resolve(NO_FLAGS, path, environ={})
    assert path in str(caught.value)


def test_a_missing_file_named_on_the_command_line(tmp_path):
    with pytest.raises(ConfigError, match="cannot read the config file"):
        resolve(NO_FLAGS, str(tmp_path / "nowhere.toml"), environ={})


# --------------------------------------------------------------------- which file
def test_narrator_config_names_the_file(config, monkeypatch):
    path = config(FILE, "elsewhere.toml")
    monkeypatch.setenv("NARRATOR_CONFIG", path)
    assert str(config_file(None)) == path
    assert resolve(NO_FLAGS, environ={}).model == "file-model"


def test_the_option_beats_narrator_config(config, monkeypatch):
    monkeypatch.setenv("NARRATOR_CONFIG", config(FILE, "env.toml"))
    other = config(FILE.replace("file-model", "option-model"), "option.toml")
    assert str(config_file(other)) == other
    assert resolve(NO_FLAGS, other, environ={}).model == "option-model"


def test_the_user_config_folder(tmp_path, monkeypatch):
    """Without option or NARRATOR_CONFIG: config.toml in the user's config folder, if it
    is there (the autouse fixture points XDG_CONFIG_HOME at an empty folder)."""
    assert config_file(None) is None
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    folder = tmp_path / "narrator"
    folder.mkdir()
    (folder / "config.toml").write_text(FILE, encoding="utf-8")
    assert config_file(None) == folder / "config.toml"
    assert resolve(NO_FLAGS, environ={}).url == "http://file.test/v1"


def test_a_config_file_without_an_llm_table_does_not_ask_for_the_model(config, tmp_path):
    assert asks_for_llm(None) is False
    assert asks_for_llm(tmp_path / "missing.toml") is True      # resolve() will say why
    from pathlib import Path
    assert asks_for_llm(Path(config("[other]\nx = 1\n"))) is False
    assert asks_for_llm(Path(config("[llm]\n"))) is True
    assert asks_for_llm(Path(config("[llm\n"))) is True
