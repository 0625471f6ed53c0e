"""The profile: what lasts between runs.

Endings unlocked (first reached, times reached) per story and episode, the cards
whose effect side shows in its sleeve ("sleeves"), per story, and a hidden culprit with
the number of games it has served, per story and episode. One TOML file beside the
saves. A profile that cannot be read stops the program with a clear message and is
never overwritten.

Several games may run side by side on one profile, so a game never writes back its own
copy: `record` takes the file lock, reads the profile on disk, makes the one change
(an ending reached, a sleeve learned), writes it atomically and lets go. A profile
damaged meanwhile is left exactly as it is, and the change is reported as not kept.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable, TypeVar

from filelock import FileLock, Timeout

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


@dataclass
class Culprit:
    card: str
    games: int


def not_kept(err: BrokenFile) -> str:
    """What a game says when its profile cannot be read."""
    return (f"(Your profile {err.path} cannot be read ({err.problem}), so it is not being"
            " kept: what this game learns and the endings it reaches are not recorded,"
            " and the file is left exactly as it is. Mend it or move it aside.)")


# The rulebook: "the same culprit may be used for up to 3 games in total".
CULPRIT_GAMES = 3


@dataclass
class Profile:
    path: Path
    endings: dict[str, dict[str, dict[str, Unlocked]]] = field(default_factory=dict)
    sleeves: dict[str, set[str]] = field(default_factory=dict)
    culprits: dict[str, dict[str, Culprit]] = field(default_factory=dict)

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
        return cls(path, *_parse(path, data))

    def record(self, change: Callable[["Profile"], T]) -> T:
        """Make `change` to the profile on disk, merged with what other games wrote: under
        the lock, read, change, write. This copy then holds what the file holds. Raises
        BrokenFile (the file is damaged: left untouched) or OSError (it cannot be written)."""
        try:
            with FileLock(str(self.path) + ".lock", timeout=LOCK_WAIT):
                fresh = Profile._read(self.path)
                result = change(fresh)
                fresh._write()
        except Timeout:
            raise OSError(f"another game has held the profile's lock ({self.path}.lock) for"
                          f" {LOCK_WAIT:g} seconds") from None
        self.endings, self.sleeves, self.culprits = fresh.endings, fresh.sleeves, fresh.culprits
        return result

    def known(self, story: str) -> set[str]:
        return set(self.sleeves.get(story, ()))

    def learn(self, story: str, card: str) -> bool:
        cards = self.sleeves.setdefault(story, set())
        new = card not in cards
        cards.add(card)
        return new

    def culprit_for(self, story: str, episode: str) -> str | None:
        """The culprit to keep for the next game, or None when a new one is to be set."""
        kept = self.culprits.get(story, {}).get(episode)
        return kept.card if kept is not None and kept.games < CULPRIT_GAMES else None

    def culprit_served(self, story: str, episode: str, card: str) -> None:
        """Count one more game for this culprit (a new culprit starts at one)."""
        book = self.culprits.setdefault(story, {})
        kept = book.get(episode)
        if kept is not None and kept.card == card and kept.games < CULPRIT_GAMES:
            kept.games += 1
        else:
            book[episode] = Culprit(card, 1)

    def unlock(self, story: str, episode: str, ending: str, when: datetime | None = None) -> bool:
        """Count an ending reached; True if it is reached for the first time."""
        book = self.endings.setdefault(story, {}).setdefault(episode, {})
        if ending in book:
            book[ending].count = min(book[ending].count + 1, tomlfile.INT_MAX)   # TOML's integers are 64-bit
            return False
        book[ending] = Unlocked(when or datetime.now(timezone.utc).replace(microsecond=0), 1)
        return True

    def save(self) -> None:
        """Keep this copy's sleeves, endings and culprits, merged into the profile on disk
        (what another game wrote meanwhile stays)."""
        def merge(disk: Profile) -> None:
            for story, cards in self.sleeves.items():
                disk.sleeves.setdefault(story, set()).update(cards)
            for story, eps in self.endings.items():
                for episode, book in eps.items():
                    for ending, unlocked in book.items():
                        disk.endings.setdefault(story, {}).setdefault(episode, {}).setdefault(ending, unlocked)
            for story, eps in self.culprits.items():
                disk.culprits.setdefault(story, {}).update(eps)
        self.record(merge)

    def _write(self) -> None:
        tomlfile.write(self.path, {
            "format_version": FORMAT_VERSION,
            "endings": {
                s: {e: {i: {"first": u.first, "count": u.count} for i, u in sorted(b.items())}
                    for e, b in sorted(eps.items())}
                for s, eps in sorted(self.endings.items())
            },
            "sleeves": {s: sorted(c) for s, c in sorted(self.sleeves.items())},
            "culprits": {s: {e: {"card": c.card, "games": c.games} for e, c in sorted(eps.items())}
                         for s, eps in sorted(self.culprits.items())},
        })


def _parse(path: Path, data: dict):
    def bad(key: str, problem: str) -> BrokenFile:
        return BrokenFile(path, f"{key} {problem}", "Mend that line, or move the profile aside"
                          " to start a new one; narrator will not overwrite it")

    version = data.get("format_version")
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
    sleeves = {}
    for story, cards in _table(data, "sleeves", bad).items():
        if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
            raise bad(f"sleeves.{story}", "should be a list of card ids")
        sleeves[story] = set(cards)
    culprits: dict = {}
    for story, eps in _table(data, "culprits", bad).items():
        for episode, entry in _table({story: eps}, story, bad, f"culprits.{story}").items():
            key = f"culprits.{story}.{episode}"
            if not isinstance(entry, dict) or not isinstance(entry.get("card"), str) \
                    or not isinstance(entry.get("games"), int) or isinstance(entry.get("games"), bool) \
                    or not 1 <= entry["games"] <= CULPRIT_GAMES:
                raise bad(key, f"should be a table with `card` (a card id) and `games` (1 to {CULPRIT_GAMES})")
            culprits.setdefault(story, {})[episode] = Culprit(entry["card"], entry["games"])
    return endings, sleeves, culprits


def _table(data: dict, key: str, bad, name: str | None = None) -> dict:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise bad(name or key, "should be a table")
    return value
