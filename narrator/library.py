"""The library of stories: finding them, reading their front pages, loading them.

Listing reads only each story's `story.toml` (bounded, through tomlfile.parse), so
`narrator stories` starts fast; loading a story validates all its files (pydantic) once.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Callable

from engine.contract import Family
from engine.errors import StoryError


def root() -> Traversable:
    return files("stories")


def _read(path: Traversable, name: str) -> dict:
    from narrator import tomlfile   # bounded and typed, like every TOML file narrator reads

    try:
        return tomlfile.parse(tomlfile.read_bytes(path), "story file")
    except tomlfile.Unreadable as err:
        raise StoryError(name, "(file)", str(err)) from None
    except FileNotFoundError:
        raise StoryError(name, "(file)", "is missing") from None


def story_ids() -> list[str]:
    return sorted(p.name for p in root().iterdir() if p.is_dir() and (p / "story.toml").is_file())


def front_page(story_id: str) -> dict:
    """The story's own description (story.toml), without loading its cards."""
    return _read(root() / story_id / "story.toml", f"stories/{story_id}/story.toml")


def ending_ids(story_id: str, episode: str) -> list[str]:
    """The page ids of an episode's ending book, read without validating the story."""
    book = _read(root() / story_id / "endings" / f"{episode}.toml", f"stories/{story_id}/endings/{episode}.toml")
    return [p.get("id") for p in book.get("ending", [])]


class UnknownStory(LookupError):
    pass


def split_name(name: str) -> tuple[str, str | None]:
    """'story/episode' -> ('story', 'episode'); 'story' -> ('story', None)."""
    story, _, episode = name.partition("/")
    return story.strip().lower(), (episode.strip().lower() or None)


@dataclass(frozen=True)
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
        return (root() / self.id / "rules.md").read_text(encoding="utf-8")


_loaded: dict[str, Story] = {}


def load(story_id: str) -> Story:
    """Load and validate a story once per process; raises UnknownStory or StoryError."""
    if story_id in _loaded:
        return _loaded[story_id]
    if story_id not in story_ids():
        raise UnknownStory(f"there is no story {story_id!r}; the stories are: {', '.join(story_ids())}"
                           " (see `narrator stories`)")
    info = front_page(story_id)
    from narrator import families

    plugin = families.get(str(info.get("family")))
    if plugin is None:
        raise StoryError(f"stories/{story_id}/story.toml", "family",
                         f"unknown game family {info.get('family')!r}; the families are:"
                         f" {', '.join(sorted(families.FAMILIES))}")
    family = plugin.engine
    folder = root() / story_id
    episodes = tuple(info.get("episode", ()))
    content = family.load(folder, f"stories/{story_id}", list(episodes), _read)
    from narrator import voice

    story = Story(story_id, info["title"], info, family, content, episodes,
                  voice.read(folder, f"stories/{story_id}", info), folder)
    _loaded[story_id] = story
    return story
