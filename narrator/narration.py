"""Offline narration: every event told as prose through the story's Jinja templates.

See docs/narration.md for how templates are chosen and what they see. The variant of
an event's template is picked by a hash of the seed and the event's place in the log,
so a replay reads the same, byte for byte.
"""
from __future__ import annotations

import zlib
from collections import Counter
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from engine.events import Event


@lru_cache(maxsize=1)
def _environment() -> SandboxedEnvironment:
    """One environment per process: its templates are compiled once and shared, and
    their bytecode is kept in the user cache folder (per narrator version) so the next
    start-up does not compile them again. A cache that cannot be written is skipped."""
    from jinja2 import FileSystemBytecodeCache

    from narrator import __version__

    folder = Path(str(files("prompts")))
    cache = None
    try:
        import platformdirs

        where = Path(platformdirs.user_cache_dir("narrator")) / f"templates-{__version__}"
        where.mkdir(parents=True, exist_ok=True)
        cache = FileSystemBytecodeCache(str(where))
    except OSError:
        cache = None
    return SandboxedEnvironment(loader=FileSystemLoader(folder), undefined=StrictUndefined,
                                trim_blocks=True, lstrip_blocks=True, autoescape=False,
                                bytecode_cache=cache)


class Narrator:
    """Tells one game's events; keeps track of which card faces the reader can know."""

    def __init__(self, story, seed: int, known: set[str], episode: str | None = None):
        self.story = story
        self.seed = seed
        self.episode = episode or story.episodes[0]["id"]
        # The family's part of each passage's context: which card faces the reader can know.
        from narrator import families

        self.faces = families.of(story).narration(story, known)
        self.env = _environment()
        self._variants: dict[str, list[str]] = {}
        self._all = set(self.env.list_templates(extensions=["j2"]))
        # What each reader has been told so far, counted per kind (the event being told
        # included), and the data of the latest earlier event of each kind: seat-local,
        # so prose may react to the story so far (the hour of the day, how thin the
        # storybook is) without learning another seat's secrets.
        self._told: dict[str | None, Counter] = {}
        self._latest: dict[str | None, dict] = {}

    def variants(self, kind: str) -> list[str]:
        if kind not in self._variants:
            found: list[str] = []
            for folder in (self.story.id, "_generic"):
                found = sorted(t for t in self._all if t.startswith(f"{folder}/{kind}.")
                               and not Path(t).name.startswith("_"))
                if found:
                    break
            self._variants[kind] = found or ["_generic/event.1.j2"]
        return self._variants[kind]

    @property
    def known(self) -> set[str]:
        """The cards whose faces the reader knows so far."""
        return self.faces.known

    def _one_of(self, seat: str | None, told: int):
        """`one_of(a, b, …)` (or `one_of(list)`) in a template: one of the options, chosen
        from the seed, the reader's own count of told events and the options themselves,
        so one passage can make several independent choices and still read the same on
        every replay."""
        def one_of(*options):
            if len(options) == 1 and isinstance(options[0], (list, tuple)):
                options = tuple(options[0])
            if not options:
                return ""
            key = "\x1f".join(map(str, options))
            return options[zlib.crc32(f"{self.seed}:{seat}:{told}:{key}".encode()) % len(options)]
        return one_of

    def context(self, event: Event, index: int, seat: str | None, turn: int) -> dict:
        d = event.data
        told = self._told.setdefault(seat, Counter())
        ctx = {
            "kind": event.kind, "d": d, "me": seat, "turn": turn, "episode": self.episode,
            "names": {s: self.story.seat_name(s) for s in self.story.seats},
            **self.faces.context(event, self.episode),
            "ending": None,
            "told": dict(told), "latest": dict(self._latest.get(seat, {})),
            "one_of": self._one_of(seat, sum(told.values())),
        }
        if event.kind == "ending":
            page = self.story.content.page(self.episode, d["ending"])
            ctx["ending"] = {"id": page.id, "title": page.title, "tone": page.tone}
        return ctx

    turn = 1

    def _take_in(self, event: Event, seat: str | None) -> None:
        """Count an event told to `seat`, as telling it would."""
        self._told.setdefault(seat, Counter())[event.kind] += 1
        self._latest.setdefault(seat, {})[event.kind] = event.data

    def skip(self, events: list[Event], seat: str | None = None) -> None:
        """Take in events without telling them (resuming a game part way through)."""
        for event in events:
            if event.visible_to(seat):
                self._take_in(event, seat)
            if event.kind == "turn":
                self.turn = event.data["number"]
            self.faces.heard(event)

    def tell(self, events: list[Event], start: int, seat: str | None, episode: str | None = None) -> list[str]:
        """Prose for `events` (log positions from `start`) that `seat` may be told."""
        if episode is not None:
            self.episode = episode
        out = []
        for i, event in enumerate(events, start):
            if event.kind == "turn":
                self.turn = event.data["number"]
            if event.visible_to(seat):
                self._told.setdefault(seat, Counter())[event.kind] += 1
                names = self.variants(event.kind)
                pick = zlib.crc32(f"{self.seed}:{i}:{event.kind}".encode()) % len(names)
                text = self.env.get_template(names[pick]).render(self.context(event, i, seat, self.turn)).strip()
                if text:
                    out.append(text)
                self._latest.setdefault(seat, {})[event.kind] = event.data
            self.faces.heard(event)
        return out
