"""Offline narration: every event told as prose through the story's Jinja templates.

See docs/narration.md for how templates are chosen and what they see. Everything a
passage depends on is the reader's own: the variant of a template, and every
`one_of(...)` inside it, is dealt from a seeded shuffle per kind that advances only
on events this reader is told, so no seat's prose changes with another seat's secrets,
and a replay reads the same, byte for byte.

A move's bookkeeping (the kinds the story's voice lists under `[fold]`) is told as one
line at the end of the move, through the story's `_fold.j2`, unless `verbose`.
"""
from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files
from pathlib import Path

from jinja2 import BaseLoader, ChoiceLoader, FileSystemLoader, PrefixLoader, StrictUndefined, TemplateNotFound
from jinja2.sandbox import SandboxedEnvironment

from engine.events import Event
from narrator import voice as voice_mod

GENERIC = "_generic"


def package_prompts() -> Path:
    return Path(str(files("prompts")))


class _Without(BaseLoader):
    """A loader with one folder of templates left out (a story's own prompts replace it)."""

    def __init__(self, loader: BaseLoader, folder: str):
        self.loader, self.prefix = loader, folder + "/"

    def get_source(self, environment, template):
        if template.startswith(self.prefix):
            raise TemplateNotFound(template)
        return self.loader.get_source(environment, template)

    def list_templates(self):
        return [t for t in self.loader.list_templates() if not t.startswith(self.prefix)]


def _bytecode_cache():
    """Compiled templates are kept in the user cache folder (per narrator version) so the
    next start-up does not compile them again. A cache that cannot be written is skipped."""
    from jinja2 import FileSystemBytecodeCache

    from narrator import __version__

    try:
        import platformdirs

        where = Path(platformdirs.user_cache_dir("narrator")) / f"templates-{__version__}"
        where.mkdir(parents=True, exist_ok=True)
        return FileSystemBytecodeCache(str(where))
    except OSError:
        return None


@lru_cache(maxsize=8)
def _environment(story_id: str | None = None, own: str | None = None) -> SandboxedEnvironment:
    """One environment per prompts folder: its templates are compiled once and shared,
    their bytecode cached across runs. A story folder with its own `prompts/` (`own`) is
    read as `<story_id>/…`, in place of the package's folder of that name; `_generic/`
    still comes from the package."""
    loader: BaseLoader = FileSystemLoader(package_prompts())
    if own is not None:
        loader = ChoiceLoader([PrefixLoader({story_id: FileSystemLoader(own)}), _Without(loader, story_id)])
    return SandboxedEnvironment(loader=loader, undefined=StrictUndefined,
                                trim_blocks=True, lstrip_blocks=True, autoescape=False,
                                bytecode_cache=_bytecode_cache())


def environment_for(story) -> SandboxedEnvironment:
    own = own_prompts(story)
    return _environment(story.id, str(own)) if own is not None else _environment()


def own_prompts(story) -> Path | None:
    """The story folder's own `prompts/`, if it carries one."""
    folder = getattr(story, "folder", None)
    if folder is None:
        return None
    own = folder / "prompts"
    return Path(str(own)) if own.is_dir() else None


class Deal:
    """Seeded choices that come round in turn: for each key, a shuffle of the n options
    is dealt out in order and shuffled again when used up, so no option comes twice
    before every one has come once (and never twice running)."""

    def __init__(self, seed: int):
        self.seed = seed
        self.dealt: Counter[str] = Counter()
        self._orders: dict[tuple[str, int, int], list[int]] = {}

    def _order(self, key: str, n: int, round_: int) -> list[int]:
        if (key, n, round_) not in self._orders:
            order = list(range(n))
            random.Random(f"{self.seed}:{key}:{round_}").shuffle(order)
            if round_ > 0 and n > 1 and order[0] == self._order(key, n, round_ - 1)[-1]:
                order[0], order[1] = order[1], order[0]
            self._orders[(key, n, round_)] = order
        return self._orders[(key, n, round_)]

    def next(self, key: str, n: int) -> int:
        count = self.dealt[key]
        self.dealt[key] += 1
        round_, at = divmod(count, n)
        return self._order(key, n, round_)[at]


@lru_cache(maxsize=16)
def _templates(env) -> set[str]:
    """The templates of an environment, listed once (a listing walks the folders; every
    narrator of the same prompts shares it: an author's check makes hundreds)."""
    return set(env.list_templates(extensions=["j2"]))


@lru_cache(maxsize=1024)
def _variants(env, story_id: str, kind: str) -> list[str]:
    """The variants that tell an event of `kind`: the story's own, else the generic ones."""
    templates = _templates(env)
    for folder in (story_id, GENERIC):
        found = sorted(t for t in templates if t.startswith(f"{folder}/{kind}.")
                       and not Path(t).name.startswith("_"))
        if found:
            return found
    return [f"{GENERIC}/event.1.j2"]


def dealt_one_of(deal: Deal):
    """A template's `one_of`, dealing from `deal`."""
    def one_of(*options):
        if len(options) == 1 and isinstance(options[0], (list, tuple)):
            options = tuple(options[0])
        if not options:
            return ""
        return options[deal.next("one_of:" + "\x1f".join(map(str, options)), len(options))]
    return one_of


@dataclass
class Reader:
    """What one reader has been told so far: counts per kind (the event being told
    included), the data of the latest earlier event of each kind and the kind and data of
    the very last one (a second copy of a card, played right after the first, is told as
    one), their deal of variants and words, the flavour they have read, and how far the
    story has come."""

    deal: Deal
    told: Counter = field(default_factory=Counter)
    latest: dict = field(default_factory=dict)
    previous: dict | None = None
    flavoured: set = field(default_factory=set)
    progress: float = 0.0


class Narrator:
    """Tells one game's events; keeps track of what each reader knows and was told."""

    turn = 1

    def __init__(self, story, seed: int, known: set[str], episode: str | None = None,
                 verbose: bool = False):
        self.story = story
        self.seed = seed
        self.episode = episode or story.episodes[0]["id"]
        # The family's part of each passage's context: which card faces the reader can know.
        from narrator import families

        self.faces = families.of(story).narration(story, known)
        self.verbose = verbose
        self.env = environment_for(story)
        self.voice = getattr(story, "voice", {}) or {}
        self.folds = voice_mod.folded_kinds(self.voice)
        self.fold_before = voice_mod.fold_before(self.voice)
        self._readers: dict[str | None, Reader] = {}
        self._variants: dict[str, list[str]] = {}
        self._all: set[str] | None = None

    # --- templates ----------------------------------------------------------------
    def templates(self) -> set[str]:
        if self._all is None:
            self._all = _templates(self.env)
        return self._all

    def variants(self, kind: str) -> list[str]:
        if kind not in self._variants:
            self._variants[kind] = _variants(self.env, self.story.id, kind)
        return self._variants[kind]

    def macro(self, name: str) -> str | None:
        """The story's own `_name.j2`, else the generic one, else None."""
        for folder in (self.story.id, GENERIC):
            if f"{folder}/_{name}.j2" in self.templates():
                return f"{folder}/_{name}.j2"
        return None

    # --- what a template sees -----------------------------------------------------
    @property
    def known(self) -> set[str]:
        """The cards whose faces the reader knows so far."""
        return self.faces.known

    def reader(self, seat: str | None) -> Reader:
        if seat not in self._readers:
            self._readers[seat] = Reader(Deal(self.seed))
        return self._readers[seat]

    def one_of(self, seat: str | None):
        """`one_of(a, b, …)` (or `one_of(list)`) for a template told to `seat`: one of the
        options, dealt in turn for that reader (see Deal)."""
        return dealt_one_of(self.reader(seat).deal)

    def progress(self, seat: str | None) -> float:
        """How far the story has come for this reader, 0 to 1, from the voice's [progress]:
        it only ever grows, so a story's hour never turns back."""
        spec = self.voice.get("progress")
        if not spec:
            return 0.0
        return min(1.0, self.reader(seat).progress / spec["total"])

    def _take_in(self, event: Event, seat: str | None) -> None:
        """Count an event told to `seat` (before its passage is written)."""
        reader = self.reader(seat)
        reader.told[event.kind] += 1
        spec = self.voice.get("progress")
        if spec and event.kind == spec["kind"]:
            value = event.data.get(spec["field"], 0) if "field" in spec else 1
            reader.progress += value if isinstance(value, (int, float)) and not isinstance(value, bool) else 0

    def context(self, event: Event, index: int, seat: str | None, turn: int) -> dict:
        d = event.data
        reader = self.reader(seat)
        ctx = {
            "kind": event.kind, "d": d, "me": seat, "turn": turn, "episode": self.episode,
            "names": {s: self.story.seat_name(s) for s in self.story.seats},
            **self.faces.context(event, self.episode),
            "ending": None,
            "voice": self.voice, "told": dict(reader.told), "latest": dict(reader.latest),
            "previous": reader.previous,
            "progress": self.progress(seat), "first": reader.told[event.kind] <= 1,
            "one_of": self.one_of(seat), "verbose": self.verbose,
        }
        if event.kind == "ending":
            page = self.story.content.page(self.episode, d["ending"])
            ctx["ending"] = {"id": page.id, "title": page.title, "tone": page.tone}
        return ctx

    # --- telling ------------------------------------------------------------------
    def skip(self, events: list[Event], seat: str | None = None) -> None:
        """Take in events without telling them (resuming a game part way through): the
        reader's counts move on exactly as if they had been told."""
        self.tell(events, 0, seat)

    def tell(self, events: list[Event], start: int, seat: str | None, episode: str | None = None) -> list[str]:
        """Prose for one move's `events` (log positions from `start`) that `seat` may be
        told; its bookkeeping folded into one line unless verbose, told at the end of the
        move, or before a new turn where the turn is told on its own."""
        if episode is not None:
            self.episode = episode
        out: list[str] = []
        folded: list[dict] = []

        def fold() -> None:
            if folded:
                text = self._fold(folded, seat)
                if text:
                    out.append(text)
                folded.clear()

        for i, event in enumerate(events, start):
            if event.kind in self.fold_before and event.visible_to(seat):
                # A move may end one turn (or issue, or round) and begin the next: the
                # bookkeeping of the one that ended is told before the new one is
                # announced, not under it, where its counts would no longer hold. (A
                # story that folds its turns tells them in the same line, in its own order.)
                # Only before what this reader is told: another seat's secret moves no line.
                fold()
            if event.kind == "turn":
                self.turn = event.data["number"]
            if event.visible_to(seat):
                self._take_in(event, seat)
                ctx = self.context(event, i, seat, self.turn)
                if event.kind in self.folds and not self.verbose:
                    folded.append(ctx)
                else:
                    names = self.variants(event.kind)
                    pick = self.reader(seat).deal.next("kind:" + event.kind, len(names))
                    text = self.env.get_template(names[pick]).render(ctx).strip()
                    text = self._with_flavour(text, [ctx], seat)
                    if text:
                        out.append(text)
                self.reader(seat).latest[event.kind] = event.data
                self.reader(seat).previous = {"kind": event.kind, "d": event.data}
            self.faces.heard(event)
        fold()
        return out

    def _fold(self, folded: list[dict], seat: str | None) -> str:
        """One line for a move's bookkeeping, from the story's `_fold.j2` (which sees the
        last folded event's context, and `folded`: every folded event's, in order)."""
        name = self.macro("fold")
        text = ""
        if name is not None:
            by_kind: dict[str, list[dict]] = {}
            for ctx in folded:
                by_kind.setdefault(ctx["kind"], []).append(ctx)
            text = self.env.get_template(name).render({**folded[-1], "folded": folded, "by_kind": by_kind}).strip()
        return self._with_flavour(text, folded, seat)

    def _with_flavour(self, text: str, contexts: list[dict], seat: str | None) -> str:
        """A card's flavour is read once, after the passage in which its face first
        becomes known to this reader; the story's `_flavour.j2` may dress it, or keep it
        for a later sighting by writing nothing (it sees `asides`, how many flavour lines
        this passage has read already, so that a hand of seven is not seven asides)."""
        if not text:
            # An aside needs a passage to follow: where the passage says nothing (a move's
            # bookkeeping folded out of sight), the flavour waits for a sighting that is told.
            return ""
        lines = []
        flavoured = self.reader(seat).flavoured
        for ctx in contexts:
            for card in (ctx["card"], *ctx["cards"]):
                if not card or not card["known"] or not card["flavour"] or card["id"] in flavoured:
                    continue
                name = self.macro("flavour")
                line = self.env.get_template(name).render({**ctx, "card": card, "asides": len(lines)}).strip() if name \
                    else card["flavour"].strip()
                # A story's `_flavour.j2` that writes nothing puts the flavour off to the
                # card's next sighting (a story may keep a card's flavour for the day it is played).
                if line:
                    flavoured.add(card["id"])
                    lines.append(line)
        return "\n\n".join(x for x in (text, *lines) if x)


def tell_game(narrator: Narrator, log: list[Event], marks: list[int], seat: str | None) -> list[str]:
    """Every passage of a game as it was told at the table: the opening, then one move's
    events at a time (`marks` are the log's lengths after the setup and each move)."""
    out: list[str] = []
    cuts = [m for m in marks if 0 < m <= len(log)]
    if not cuts or cuts[-1] != len(log):
        cuts.append(len(log))
    at = 0
    for cut in cuts:
        if cut > at:
            out += narrator.tell(log[at:cut], at, seat)
            at = cut
    return out
