"""Decks at the command line: `narrator play STORY --deck FILE|NAME` and `narrator deck check`.

A deck is a TOML file (see stories/funnytime/decks/ for the starter decks): `story`
(default "funnytime"), `name`, and a `[cards]` table of card id = copies. A story whose
family builds decks has `check_deck` and `deck_option` in its rules module.
"""
from __future__ import annotations

from pathlib import Path


class DeckFileError(ValueError):
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


def _builds_decks(story) -> bool:
    return hasattr(story.family, "deck_option")


def option(story, value: str):
    """The game option for `--deck VALUE`: a starter deck's id as it is, or a deck file read
    and checked; raises ValueError saying what is wrong."""
    if not _builds_decks(story):
        raise ValueError(f"--deck: {story.title} is not played with decks of your own")
    if value in story.content.decks:
        return value
    if not Path(value).exists() and "/" not in value and not value.endswith(".toml"):
        raise ValueError(f"--deck {value}: not a starter deck ({', '.join(story.content.decks)}) nor a deck file")
    return story.family.deck_option(story.content, read(value), value)


def check(path: str) -> tuple[str, list[str]]:
    """(the deck's summary, every problem with it); the story is the one the file names."""
    from narrator.library import load

    data = read(path)
    story = load(str(data.get("story", "funnytime")))
    if not _builds_decks(story):
        return "", [f"{story.title} is not played with decks of your own"]
    return story.family.check_deck(story.content, data, path)
