"""The profile: what lasts between runs.

Endings unlocked (first reached, times reached) per story and episode, and what each
story's family carries from game to game (card knowledge, a secret that lasts several
games: `engine.contract.Carried`), in the tables the family names, one entry per story.
The profile keeps those entries as plain data; the family reads and checks them. One
TOML file beside the saves. A profile that cannot be read stops the program with a
clear message and is never overwritten.

Several games may run side by side on one profile, so a game never writes back its own
copy: `record` takes the file lock, reads the profile on disk, makes the one change
(an ending reached, what the family keeps after a move), writes it atomically and lets go. A profile
damaged meanwhile is left exactly as it is, and the change is reported as not kept.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any, Callable, TypeVar

from engine.contract import Carried

from narrator import tomlfile
from narrator.tomlfile import BrokenFile

FORMAT_VERSION = 1
FILE_NAME = "profile.toml"
LOCK_WAIT = 10.0          # seconds a game waits for another to finish writing the profile
T = TypeVar("T")


@dataclass
class Unlocked:
    first: datetime
    count: int


def not_kept(err: BrokenFile) -> str:
    """What a game says when its profile cannot be read."""
    return (f"(Your profile {err.path} cannot be read ({err.problem}), so it is not being"
            " kept: what this game learns and the endings it reaches are not recorded,"
            " and the file is left exactly as it is. Mend it or move it aside.)")


@dataclass
class Profile:
    path: Path
    endings: dict[str, dict[str, dict[str, Unlocked]]] = field(default_factory=dict)
    # What families carry between games: table (section) -> story -> entry.
    carried: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, folder: Path) -> "Profile":
        return cls._read(folder / FILE_NAME)

    @classmethod
    def for_a_game(cls, folder: Path) -> tuple["Profile", str | None]:
        """The profile a game plays with, and why it is not being kept, if it is not. A
        damaged profile does not stop a game: the game goes on with an empty one, and
        since every write reads the file again first, the damaged file is never touched."""
        try:
            return cls.load(folder), None
        except BrokenFile as err:
            return cls(folder / FILE_NAME), not_kept(err)

    @classmethod
    def _read(cls, path: Path) -> "Profile":
        if not path.exists():
            return cls(path)
        data = tomlfile.read(path, "profile")
        profile = cls(path, *_parse(path, data))
        for story in sorted({story for stories in profile.carried.values() for story in stories}):
            carried = _carried_by(story)
            if carried is not None:
                profile.kept(story, carried)     # raises BrokenFile naming a broken entry
        return profile

    def record(self, change: Callable[["Profile"], T]) -> T:
        """Make `change` to the profile on disk, merged with what other games wrote: under
        the lock, read, change, write. This copy then holds what the file holds. Raises
        BrokenFile (the file is damaged: left untouched) or OSError (it cannot be written)."""
        from filelock import FileLock, Timeout   # here: a game's start-up writes nothing

        try:
            with FileLock(str(self.path) + ".lock", timeout=LOCK_WAIT):
                fresh = Profile._read(self.path)
                result = change(fresh)
                fresh._write()
        except Timeout:
            raise OSError(f"another game has held the profile's lock ({self.path}.lock) for"
                          f" {LOCK_WAIT:g} seconds") from None
        self.endings, self.carried = fresh.endings, fresh.carried
        return result

    def kept(self, story: str, carried: Carried[Any]) -> dict[str, Any]:
        """What `story` keeps in the sections its family carries (`carried`: its
        engine.contract.Carried), each entry checked by the family; a BrokenFile if one is
        not what the family keeps there."""
        kept = {}
        for section in carried.sections:
            if story in self.carried.get(section, {}):
                entry = self.carried[section][story]
                wrong = carried.problem(section, entry)
                if wrong is not None:
                    where, problem = wrong
                    raise _bad(self.path, ".".join(filter(None, (section, story, where))), problem)
                kept[section] = entry
        return kept

    def keep(self, story: str, kept: dict[str, Any]) -> None:
        """Keep `story`'s entries of its family's sections (replacing the old ones)."""
        for section, entry in kept.items():
            self.carried.setdefault(section, {})[story] = entry

    def unlock(self, story: str, episode: str, ending: str, when: datetime | None = None) -> bool:
        """Count an ending reached; True if it is reached for the first time."""
        book = self.endings.setdefault(story, {}).setdefault(episode, {})
        if ending in book:
            book[ending].count = min(book[ending].count + 1, tomlfile.INT_MAX)   # TOML's integers are 64-bit
            return False
        book[ending] = Unlocked(when or datetime.now(timezone.utc).replace(microsecond=0), 1)
        return True

    def _write(self) -> None:
        tomlfile.write(self.path, {
            "format_version": FORMAT_VERSION,
            "endings": {
                s: {e: {i: {"first": u.first, "count": u.count} for i, u in sorted(b.items())}
                    for e, b in sorted(eps.items())}
                for s, eps in sorted(self.endings.items())
            },
            **{section: dict(sorted(stories.items())) for section, stories in sorted(self.carried.items())},
        })


def _carried_by(story: str) -> Carried[Any] | None:
    """What the family of `story` carries, if this narrator has the story and its family."""
    from narrator import families
    from narrator.library import front_page, story_ids

    if story not in story_ids():
        return None       # a story this narrator does not have: its entries are kept as they are
    plugin = families.get(str(front_page(story).get("family")))
    return plugin.engine.carried if plugin is not None else None


def _bad(path: Path, key: str, problem: str) -> BrokenFile:
    return BrokenFile(path, f"{key} {problem}", "Mend that line, or move the profile aside"
                      " to start a new one; narrator will not overwrite it")


def _parse(path: Path, data: dict):
    def bad(key: str, problem: str) -> BrokenFile:
        return _bad(path, key, problem)

    version = data.get("format_version")
    if isinstance(version, int) and not isinstance(version, bool) and version > FORMAT_VERSION:
        # Nothing to mend by hand: the file is good, for the narrator that wrote it.
        raise BrokenFile(path, f"format_version is {version}; this narrator reads {FORMAT_VERSION}:"
                         " a later narrator wrote it", "Use that one, or move the profile aside to start"
                         " a new one; this narrator will not overwrite it")
    if not isinstance(version, int) or isinstance(version, bool) or version != FORMAT_VERSION:
        raise bad("format_version", f"is {version!r}; this narrator reads {FORMAT_VERSION}")
    endings: dict = {}
    for story, eps in _table(data, "endings", bad).items():
        for episode, book in _table({story: eps}, story, bad, f"endings.{story}").items():
            for ending, entry in _table({episode: book}, episode, bad, f"endings.{story}.{episode}").items():
                key = f"endings.{story}.{episode}.{ending}"
                if not isinstance(entry, dict):
                    raise bad(key, "should be a table with `first` and `count`")
                first, count = entry.get("first"), entry.get("count")
                if not isinstance(first, datetime):
                    raise bad(f"{key}.first", "should be a date and time, like 2026-11-29T13:00:00Z")
                if not isinstance(count, int) or isinstance(count, bool) \
                        or not 1 <= count <= tomlfile.INT_MAX:
                    raise bad(f"{key}.count", "should be a whole number of at least 1")
                endings.setdefault(story, {}).setdefault(episode, {})[ending] = Unlocked(first, count)
    # Every other table is a section some family carries, keyed by story; what is in
    # its entries is the family's to check (Profile.kept).
    carried = {key: dict(_table(data, key, bad)) for key in sorted(data)
               if key not in ("format_version", "endings")}
    return endings, carried


def _table(data: dict, key: str, bad, name: str | None = None) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise bad(name or key, "should be a table")
    return value
