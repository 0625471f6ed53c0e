"""The library of stories: finding them, reading their front pages, loading them.

Listing reads only each story's `story.toml` (bounded, through tomlfile.parse), so
`narrator stories` starts fast; loading a story validates all its files (pydantic) once,
and later runs read the validated records back (narrator.content_cache) without pydantic.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any, Callable, NamedTuple

from engine.contract import Family
from engine.errors import StoryError


class UnknownStory(LookupError):
    pass


# Folders added with `--stories DIR` (before NARRATOR_STORIES and the package's own).
_added: list[Path] = []


def add_folders(folders) -> None:
    """The story folders, or folders of story folders, that `--stories` adds to the library."""
    paths = [Path(f).expanduser() for f in folders]
    for given, path in zip(folders, paths):
        if not path.is_dir():
            raise UnknownStory(f"--stories {given}: there is no such folder")
    _added[:] = paths


def roots() -> list[Traversable]:
    """Where stories are found, first first: `--stories` folders, then NARRATOR_STORIES
    (a list of folders, separated as PATH is), then the stories that ship with narrator.
    A folder holding a story.toml is a story; any other holds stories in its subfolders."""
    env = [Path(p).expanduser() for p in os.environ.get("NARRATOR_STORIES", "").split(os.pathsep) if p.strip()]
    return [*_added, *env, files("stories")]


def _folders() -> dict[str, Traversable]:
    found: dict[str, Traversable] = {}
    for place in roots():
        if not place.is_dir():
            continue
        if (place / "story.toml").is_file():
            found.setdefault(place.name, place)
            continue
        for p in sorted(place.iterdir(), key=lambda p: p.name):
            if p.is_dir() and (p / "story.toml").is_file():
                found.setdefault(p.name, p)
    return found


def folder(story_id: str) -> Traversable:
    found = _folders()
    if story_id not in found:
        raise UnknownStory(f"there is no story {story_id!r}; the stories are: {', '.join(sorted(found))}"
                           " (see `narrator stories`; --stories DIR or NARRATOR_STORIES add folders)")
    return found[story_id]


def _name(story_id: str) -> str:
    """How messages call a story's folder: stories/ID for a shipped one, else its path."""
    place = folder(story_id)
    return f"stories/{story_id}" if str(place) == str(files("stories") / story_id) else str(place)


def _read(path: Traversable, name: str) -> dict:
    from narrator import tomlfile   # bounded and typed, like every TOML file narrator reads

    try:
        return tomlfile.parse(tomlfile.read_bytes(path), "story file")
    except tomlfile.Unreadable as err:
        raise StoryError(name, "(file)", str(err)) from None
    except FileNotFoundError:
        raise StoryError(name, "(file)", "is missing") from None


def story_ids() -> list[str]:
    return sorted(_folders())


def front_page(story_id: str) -> dict:
    """The story's own description (story.toml), without loading its cards."""
    return _read(folder(story_id) / "story.toml", f"{_name(story_id)}/story.toml")


def ending_ids(story_id: str, episode: str) -> list[str]:
    """The page ids of an episode's ending book, read without validating the story."""
    book = _read(folder(story_id) / "endings" / f"{episode}.toml", f"{_name(story_id)}/endings/{episode}.toml")
    return [p.get("id") for p in book.get("ending", [])]


def split_name(name: str) -> tuple[str, str | None]:
    """'story/episode' -> ('story', 'episode'); 'story' -> ('story', None)."""
    story, _, episode = name.partition("/")
    return story.strip().lower(), (episode.strip().lower() or None)


@dataclass(frozen=True, eq=False, repr=False)   # one per story and process: never compared or shown
class Story:
    id: str
    title: str
    info: dict
    family: Family[Any, Any, Any, Any]   # the family's declaration (see narrator.families)
    content: Any                    # the family's validated content
    episodes: tuple[dict, ...]
    voice: dict = field(default_factory=dict)   # the story's voice data (narrator/voice.py)
    folder: Traversable | None = None           # the story's folder, which may hold its own prompts/

    @property
    def view(self) -> Callable[[Any, str], Any]:
        """view(state, seat): all a seat may see of a game."""
        return self.family.view

    def episode(self, episode_id: str | None) -> dict:
        if episode_id is None:
            return self.episodes[0]
        for ep in self.episodes:
            if ep["id"] == episode_id:
                return ep
        names = ", ".join(f"{self.id}/{e['id']}" for e in self.episodes)
        raise UnknownStory(f"{self.id} has no episode {episode_id!r}; its episodes are: {names}")

    @property
    def seats(self) -> tuple[str, ...]:
        """Every seat a game of the story can have, as its front page names them."""
        return tuple(self.info["seats"])

    def seats_for(self, options: dict | None = None) -> tuple[str, ...]:
        """The seats of a game with these table options, in turn order; raises GameError
        when the options do not make a table."""
        return tuple(self.family.table.seats(self.content, options or {}))

    def seats_of(self, view) -> tuple[str, ...]:
        """The seats of the game a view belongs to."""
        return tuple(view.seats)

    def seat_name(self, seat: str) -> str:
        return self.info.get("cast", {}).get(seat, seat.title())

    def rules_text(self) -> str:
        return (self.folder / "rules.md").read_text(encoding="utf-8")


class Kept(NamedTuple):
    """What a story's files make once read and checked, kept between runs
    (narrator.content_cache): the family's validated content and the story's voice."""

    content: Any
    voice: dict


_loaded: dict[str, Story] = {}


def load(story_id: str, fresh: bool = False, validate: bool = False) -> Story:
    """Load and validate a story once per process (again if `fresh`: its files may have
    changed); raises UnknownStory or StoryError. `validate`: read every file afresh,
    never the content kept from an earlier run (the author's check)."""
    if story_id in _loaded and not (fresh or validate):
        return _loaded[story_id]
    place, name = folder(story_id), _name(story_id)
    info = front_page(story_id)
    from narrator import families

    plugin = families.get(str(info.get("family")))
    if plugin is None:
        raise StoryError(f"{name}/story.toml", "family",
                         f"unknown game family {info.get('family')!r}; the families are:"
                         f" {', '.join(sorted(families.FAMILIES))}")
    family = plugin.engine
    episodes = tuple(info.get("episode", ()))
    from narrator import content_cache

    key = content_cache.key(place, family.load)
    kept = None if validate else content_cache.fetch(key)
    if not isinstance(kept, Kept):      # never kept, or kept by another edition of narrator
        from narrator import voice

        kept = Kept(family.load(place, name, list(episodes), _read), voice.read(place, name, info))
        content_cache.store(key, kept)
    story = Story(story_id, info["title"], info, family, kept.content, episodes, kept.voice, place)
    _loaded[story_id] = story
    return story
