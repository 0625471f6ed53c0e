"""The player's own settings for the narration, from the config file's [narration] table:

    [narration]
    verbose = true     # tell every draw, turn and payment, not one line a move

The file is the one the LLM settings live in (--llm-config's default: NARRATOR_CONFIG,
else the user config folder's config.toml). A flag on the command line always wins.
"""
from __future__ import annotations

from narrator.tomlfile import BrokenFile

KEYS = {"verbose": bool}


def narration(path=None) -> dict:
    """The [narration] table of the config file, checked; {} when there is none."""
    from narrator.llm.config import BadConfigFile, config_file, section

    path = path if path is not None else config_file(None)
    if path is None or not path.exists():
        return {}
    try:
        table = section(path, "narration", "[narration] verbose = true")
    except BadConfigFile as err:
        raise BrokenFile(path, err.problem, "Mend it or move it aside") from None
    for key, value in table.items():
        if key not in KEYS:
            from narrator.voice import suggest

            raise BrokenFile(path, f"[narration] has an {suggest(key, KEYS)}", "Mend that line")
        if not isinstance(value, KEYS[key]):
            raise BrokenFile(path, f"[narration] {key} should be true or false, not {value!r}", "Mend that line")
    return table


def verbose(flag: bool) -> bool:
    return flag or bool(narration().get("verbose", False))
