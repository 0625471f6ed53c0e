"""Decks at the command line: `narrator play STORY --deck FILE|NAME` and `narrator deck check`.

A deck is a TOML file (see the starter decks in a story's decks/ folder): `story` (by
default the one story whose players bring decks), `name`, and a `[cards]` table of card
id = copies. A family whose players build decks declares it (`engine.contract.Decks`).
"""
from __future__ import annotations

from pathlib import Path

from narrator.errors import Refused


class DeckFileError(Refused):
    """A deck file that cannot be read at all."""


def read(path: str) -> dict:
    from narrator import tomlfile   # bounded and typed, like every TOML file narrator reads

    try:
        return tomlfile.parse(tomlfile.read_bytes(Path(path)), "deck file")
    except FileNotFoundError:
        raise DeckFileError(f"there is no deck file {path}") from None
    except OSError as err:
        raise DeckFileError(f"cannot read the deck file {path}: {getattr(err, 'strerror', None) or err}") from None
    except tomlfile.Unreadable as err:
        if err.syntax:
            raise DeckFileError(f"the deck file {path} is not valid TOML: {err.syntax}") from None
        raise DeckFileError(f"the deck file {path}: {err}") from None


def option(story, value: str):
    """The game option for `--deck VALUE`: a starter deck's id as it is, or a deck file read
    and checked; raises Refused or BadOption saying what is wrong."""
    decks = story.family.decks
    if decks is None:
        raise Refused(f"--deck: {story.title} is not played with decks of your own")
    starters = decks.starters(story.content)
    if value in starters:
        return value
    if not Path(value).exists() and "/" not in value and not value.endswith(".toml"):
        raise Refused(f"--deck {value}: not a starter deck ({', '.join(starters)}) nor a deck file")
    return decks.option(story.content, read(value), value)


def _deck_stories() -> list[str]:
    """The stories whose players bring decks of their own (read from their front pages)."""
    from narrator import families
    from narrator.library import front_page, story_ids

    def builds(sid: str) -> bool:
        plugin = families.get(str(front_page(sid).get("family")))
        return plugin is not None and plugin.engine.decks is not None

    return [sid for sid in story_ids() if builds(sid)]


def check(path: str) -> tuple[str, list[str]]:
    """(the deck's summary, every problem with it); the story is the one the file names."""
    from narrator.library import load

    data = read(path)
    named = data.get("story")
    if named is None:
        found = _deck_stories()
        if len(found) != 1:
            return "", [f"say which story the deck is for: story = one of {', '.join(map(repr, found))}"]
        named = found[0]
    story = load(str(named))
    if story.family.decks is None:
        return "", [f"{story.title} is not played with decks of your own"]
    return story.family.decks.check(story.content, data, path)
