"""Saves: a game kept as the story, episode, seats, seed, options and action list.

Loading replays the actions (event sourcing), so a save is tiny, readable and exact.
A save that cannot be read or replayed says which file and what is wrong, and is left
as it is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path

from narrator import tomlfile
from narrator.errors import Refused
from narrator.tomlfile import BrokenFile

# 2: the rules of some families changed (a family's `Table.former_rules` says which);
# a save of format 1 replays under the rules it was played with.
# 3: a family's table changed again (see its former_rules); older saves keep what it was.
FORMAT_VERSION = 3
KINDS = {int: "a whole number", str: "text", dict: "a table", list: "a list"}
KNOWN = {"format_version", "story", "episode", "seed", "created", "updated", "ended", "seats",
         "options", "actions", "narration", "network"}
SLOT = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$")


def now() -> datetime:
    return datetime.now(timezone.utc).replace(microsecond=0)


@dataclass
class Save:
    path: Path
    story: str
    episode: str
    seed: int
    seats: dict[str, str]                    # seat -> "human" or "bot:NAME"
    options: dict = field(default_factory=dict)
    actions: list[tuple[str, str]] = field(default_factory=list)   # (seat, action text)
    narration: list[dict] = field(default_factory=list)  # prose shown, kept when a model narrates
    created: datetime = field(default_factory=now)
    updated: datetime = field(default_factory=now)
    ended: str = ""
    # A hosted game's port and each remote seat's join code, so hosting it again lets
    # the same players back in with the codes they were given.
    network: dict = field(default_factory=dict)
    format_version: int = FORMAT_VERSION   # as read; a save is always written in the current one
    # Keys this narrator does not know (a hand's note, a later version's field): written
    # back as they were read, so going on with a game loses nothing of its file.
    unknown: dict = field(default_factory=dict)

    @property
    def slot(self) -> str:
        return self.path.stem

    def write(self) -> None:
        self.updated = now()
        data = {
            "format_version": FORMAT_VERSION,
            "story": self.story,
            "episode": self.episode,
            "seed": self.seed,
            "created": self.created,
            "updated": self.updated,
            "ended": self.ended,
            "seats": dict(self.seats),
            "options": self.options,
            "actions": [f"{seat}: {text}" for seat, text in self.actions],
        }
        if self.narration:
            data["narration"] = self.narration
        if self.network:
            data["network"] = self.network
        tomlfile.write(self.path, {**self.unknown, **data})

    @classmethod
    def read(cls, path: Path) -> "Save":
        if not path.exists():
            raise FileNotFoundError(path)
        data = tomlfile.read(path, "save")

        def need(key: str, kind: type, example: str, default=None):
            value = data.get(key, default)
            if not isinstance(value, kind) or isinstance(value, bool):
                raise BrokenFile(path, f"`{key}` is missing or is not {KINDS[kind]} (e.g. {example})",
                                 "Mend that line, or start a new game; narrator left the file as it was")
            return value

        version = data.get("format_version")
        if not isinstance(version, int) or isinstance(version, bool) or not 1 <= version <= FORMAT_VERSION:
            raise BrokenFile(path, f"format_version is {data.get('format_version')!r}, this narrator reads"
                             f" 1 to {FORMAT_VERSION}", "Use the narrator that wrote it, or start a new game")
        actions = []
        for i, line in enumerate(need("actions", list, 'actions = ["SEAT: ACTION"]')):
            seat, sep, text = str(line).partition(":")
            if not sep or not text.strip():
                raise BrokenFile(path, f"action {i + 1} ({line!r}) should look like \"SEAT: ACTION\"",
                                 "Mend that line, or delete it and the ones after it to go back")
            actions.append((seat.strip(), text.strip()))
        seats = need("seats", dict, 'seats = { SEAT = "human", OTHER = "bot:partner" }')
        for seat, who in seats.items():
            if not isinstance(who, str) or not (who in ("human", "remote") or who.startswith("bot:")):
                raise BrokenFile(path, f"seat {seat} is played by {who!r}; a seat is \"human\","
                                 " \"remote\" or \"bot:NAME\"",
                                 "Mend the [seats] table")
        narration = need("narration", list, '[{ at = 0, to = 5, seat = "SEAT", text = "…", by = "llm" }]', [])
        for i, entry in enumerate(narration):
            if not (isinstance(entry, dict) and isinstance(entry.get("text"), str)
                    and isinstance(entry.get("at"), int) and isinstance(entry.get("to"), int)
                    and isinstance(entry.get("seat"), str)):
                raise BrokenFile(path, f"narration {i + 1} should be a table with at, to, seat and text",
                                 "Mend or remove it (the game replays without it)")
        network = need("network", dict, '{ port = 7777, codes = { SEAT = "…" } }', {})
        port, codes = network.get("port", 0), network.get("codes", {})
        if not (isinstance(port, int) and not isinstance(port, bool) and 0 <= port <= 65535) \
                or not isinstance(codes, dict) or not all(isinstance(c, str) for c in codes.values()):
            raise BrokenFile(path, "network should hold `port` (0 to 65535) and `codes` (a join code per seat)",
                             "Mend or remove it (hosting again then gives new codes)")
        when = {}
        for key in ("created", "updated"):
            value = data.get(key, now())
            if not isinstance(value, datetime):
                raise BrokenFile(path, f"`{key}` is {str(value)[:30]!r}, not a date and time"
                                 " (e.g. 2026-11-29T13:00:00Z)", "Mend that line, or remove it")
            when[key] = value
        return cls(
            path, need("story", str, '"ID", as `narrator stories` lists it'), need("episode", str, '"basic"'), need("seed", int, "3"),
            dict(seats), need("options", dict, "[options] known = []", {}), actions, narration,
            when["created"], when["updated"], need("ended", str, '"crossing"', ""),
            {"port": port, "codes": dict(codes)} if network else {}, version,
            {k: v for k, v in data.items() if k not in KNOWN},
        )


def slot_path(folder: Path, slot: str) -> Path:
    if not SLOT.match(slot) or slot.lower() == "profile":
        raise Refused(f"{slot!r} is not a usable save name: use letters, digits, '-', '_' or '.'"
                         " (and not \"profile\", the name of your profile)")
    return folder / f"{slot}.toml"


def new_slot(folder: Path, stem: str) -> str:
    """The first free `stem-N` in the folder, so a new game never overwrites an old one."""
    n = 1
    while (folder / f"{stem}-{n}.toml").exists():
        n += 1
    return f"{stem}-{n}"


def all_saves(folder: Path) -> list[Path]:
    if not folder.is_dir():
        return []
    return sorted((p for p in folder.glob("*.toml") if p.name != "profile.toml"),
                  key=lambda p: p.stat().st_mtime, reverse=True)
