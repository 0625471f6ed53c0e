"""The content of a FunnyTime box: the card pool, the table (planisphere), the starter
decks and the ending book.

Validated once, at load time, from the plain data of the story files (pydantic); the
result is frozen and shared by every game. Every card's printed text is *made from its
steps* (`describe`), so what a card says and what it does can never disagree.
"""
from __future__ import annotations

from typing import ClassVar, Literal

from engine.errors import StoryError
from engine.funnytime.deck import Deck
from engine.storyfiles import EndingBook, EndingPage, Field, Frozen, model_validator, validated

EPISODE = "duel"
# The ending-book page for a duel that ends with no verdict (both artists fall at the
# same moment, or the editors find them level at the deadline).
STOPPED = "stopped"
# How a duel is won; the ending page is `<cause>_<winner's seat>`.
CAUSES = ("botsu", "dark", "surrender", "dropped", "deadline")

POSITIONS = ("ki", "sho", "ten", "ketsu")
KANJI = {"ki": "起", "sho": "承", "ten": "転", "ketsu": "結"}
ROTATIONS = ("up", "down", "left", "right")
ROTATION_NAMES = {"up": "Open Up", "down": "Open Down", "left": "Open Left", "right": "Open Right"}
ORIENTATIONS = ("upright", "inverted")
# The rotations that leave the card upright for the opponent, by how it was laid.
CLEAN = {"upright": ("left", "right"), "inverted": ("up", "down")}
TRIGGERS = ("show", "win", "lose", "survive")
MANUSCRIPT = 4

PANEL_TARGETS = ("self", "next", "facing")                     # a Koma card's own words
OWN_TARGETS = (*POSITIONS, "all")
RIVAL_TARGETS = (*(f"rival_{p}" for p in POSITIONS), "rival_all")
TARGETS = (*PANEL_TARGETS, *OWN_TARGETS, *RIVAL_TARGETS)
LOW_SKY = 5

# What each operation needs besides `op` (and the optional `if`).
OPERATIONS: dict[str, tuple[str, ...]] = {
    "fp": ("amount", "target"),
    "draw": ("count",),
    "relight": ("count",),
    "douse": ("count",),
    "rescue": ("count",),
    "bury": ("count",),
    "recall": ("count",),
    "discard": ("count",),
    "spare": ("target",),
    "tiebreak": ("target",),
    "free_upkeep": (),
    "peek": ("target",),
}




class Step(Frozen):
    """One operation of an effect; see stories/funnytime/VOCABULARY.md."""

    op: str
    amount: int | None = Field(None, ge=-50, le=50)
    count: int | None = Field(None, ge=1, le=5)
    target: str | None = None
    if_: Literal["behind", "ahead", "low_sky"] | None = Field(None, alias="if")

    @model_validator(mode="after")
    def _fits_op(self) -> "Step":
        if self.op not in OPERATIONS:
            raise ValueError(f"unknown operation {self.op!r}; known: {', '.join(OPERATIONS)}")
        needs = OPERATIONS[self.op]
        for name in ("amount", "count", "target"):
            given = getattr(self, name) is not None
            if name in needs and not given:
                raise ValueError(f"operation {self.op!r} needs {name!r}")
            if given and name not in needs:
                raise ValueError(f"operation {self.op!r} takes no {name!r}")
        if self.target is not None and self.target not in TARGETS:
            raise ValueError(f"unknown target {self.target!r}; targets: {', '.join(TARGETS)}")
        if self.op == "peek" and self.target not in RIVAL_TARGETS[:-1]:
            raise ValueError("peek: the target is one of the rival's panels, like \"rival_ki\"")
        if self.op == "fp" and self.amount == 0:
            raise ValueError("fp: an amount of 0 does nothing; give a positive or negative amount")
        return self


class Rotation(Frozen):
    """One way of turning a Koma card face up: its FP, its caption and its effects."""

    fp: int = Field(ge=0, le=100)
    caption: str = Field(min_length=1)
    show: list[Step] = []
    win: list[Step] = []
    lose: list[Step] = []
    survive: list[Step] = []

    def steps(self, trigger: str) -> list[Step]:
        return getattr(self, trigger)

    def text(self) -> str:
        parts = [f"{_TRIGGER_WORDS[t]}: {describe(self.steps(t))}" for t in TRIGGERS if self.steps(t)]
        return " ".join(parts)


class Koma(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    number: int = Field(ge=1)
    name: str
    icons: list[Literal["ki", "sho", "ten", "ketsu"]] = Field(min_length=1, max_length=4)
    flavour: str = ""
    works_on_miss: bool = False
    up: Rotation
    down: Rotation
    left: Rotation
    right: Rotation

    @model_validator(mode="after")
    def _fits(self) -> "Koma":
        if len(set(self.icons)) != len(self.icons):
            raise ValueError("an icon is listed twice")
        if list(self.icons) != [p for p in POSITIONS if p in self.icons]:
            raise ValueError("list the icons in the order 起 承 転 結: ki, sho, ten, ketsu")
        for rot in ROTATIONS:
            for trigger in TRIGGERS:
                for step in self.rotation(rot).steps(trigger):
                    if step.op == "peek":
                        raise ValueError(f"{rot}.{trigger}: peek is for Make cards (a Koma card is shown"
                                         " when every panel is already face up)")
        return self

    kind: ClassVar[str] = "koma"
    type: ClassVar[str] = "koma"

    @property
    def cost(self) -> int:
        return len(self.icons)

    @property
    def sleeve_name(self) -> str:     # the narrator's common card words
        return self.name

    def rotation(self, rot: str) -> Rotation:
        return getattr(self, rot)

    @property
    def icon_text(self) -> str:
        return "".join(KANJI[p] for p in self.icons)

    @property
    def text(self) -> str:
        lines = []
        for rot in ROTATIONS:
            r = self.rotation(rot)
            effect = r.text()
            lines.append(f"{ROTATION_NAMES[rot]}: FP {r.fp}" + (f". {effect}" if effect else ""))
        if self.works_on_miss:
            lines.append("Its effects work even when it is misplaced.")
        return " / ".join(lines)


class Make(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    number: int = Field(ge=1)
    name: str
    cost: int = Field(ge=0, le=6)
    when: Literal["make", "show", "end"]
    flavour: str = ""
    effect: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _fits(self) -> "Make":
        for step in self.effect:
            if step.target in PANEL_TARGETS:
                raise ValueError(f"{step.op}: a Make card is not a panel; {step.target!r} is a Koma"
                                 " card's word (use a position, \"all\", or a rival's position)")
            if step.op == "peek" and self.when != "make":
                raise ValueError("peek works only when revealed at Make Time (when = \"make\"):"
                                 " at Show Time every panel is already face up")
            if step.op in ("spare", "tiebreak", "fp") and self.when == "end":
                raise ValueError(f"{step.op}: at the end of the 本 the duels are over; use"
                                 " when = \"make\" or \"show\"")
            if step.op == "free_upkeep" and self.when != "end":
                raise ValueError("free_upkeep is for when = \"end\" (the upkeep comes after it)")
        return self

    kind: ClassVar[str] = "make"
    type: ClassVar[str] = "make"
    icons: ClassVar[tuple] = ()

    @property
    def sleeve_name(self) -> str:
        return self.name

    @property
    def text(self) -> str:
        return f"{_MAKE_WORDS[self.when]}: {describe(self.effect)}"


class Star(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    kana: str = Field(min_length=1, max_length=12)

    @property
    def relight(self) -> int:
        """A spent star relights after as many 本 as its name has characters (文字数)."""
        return len(self.kana)


class Table(Frozen):
    format_version: int
    hand: int = Field(ge=4, le=12)
    draw: int = Field(ge=0, le=5)
    botsu_limit: int = Field(ge=1)
    miss_penalty: int = Field(ge=0)
    redraws: int = Field(ge=0, le=10)
    deadline: int = Field(ge=1, le=99)
    margin: int = Field(ge=1, le=39)
    star: list[Star] = Field(min_length=1)


class CardFile(Frozen):
    format_version: int
    koma: list[Koma] = Field(min_length=1)
    make: list[Make] = Field(min_length=1)


# --- the printed text, made from the steps -------------------------------------------

_TRIGGER_WORDS = {"show": "When shown", "win": "Each time it wins a duel", "lose": "If it loses a duel",
                  "survive": "If it battled and was not beaten"}
_MAKE_WORDS = {"make": "When revealed at the end of Make Time", "show": "At Show Time, before the duels",
               "end": "At the end of the 本, before the upkeep"}
_IF_WORDS = {"behind": "if your Botsu Box holds more icons than your rival's",
             "ahead": "if your Botsu Box holds fewer icons than your rival's",
             "low_sky": f"if you have {LOW_SKY} lit stars or fewer"}


def target_words(target: str) -> str:
    if target == "self":
        return "this panel"
    if target == "next":
        return "your next panel"
    if target == "facing":
        return "the rival's panel in the same position"
    if target == "all":
        return "each of your panels"
    if target == "rival_all":
        return "each of the rival's panels"
    if target.startswith("rival_"):
        return f"the rival's {KANJI[target[6:]]} panel"
    return f"your {KANJI[target]} panel"


def _cards(n: int) -> str:
    return "1 card" if n == 1 else f"{n} cards"


def _step_words(step: Step) -> str:
    n = step.count or 0
    t = step.target or ""
    words = {
        "fp": lambda: f"{step.amount:+d} FP to {target_words(t)} this 本",
        "draw": lambda: f"draw {_cards(n)}",
        "relight": lambda: f"relight {n} of your dark stars (those due soonest)",
        "douse": lambda: f"put out {n} of the rival's lit stars (those that relight soonest)",
        "rescue": lambda: f"move {n} Koma card{'s' if n > 1 else ''} from your Botsu Box to your Lost Hole"
                          " (the latest rejected first)",
        "bury": lambda: f"move {n} Koma card{'s' if n > 1 else ''} from the rival's Lost Hole to their Botsu"
                        " Box (the latest first)",
        "recall": lambda: f"take {n} Koma card{'s' if n > 1 else ''} from your Lost Hole back into your hand"
                          " (the latest first)",
        "discard": lambda: f"the rival sends {_cards(n)} from their hand, at random, to their Lost Hole",
        "spare": lambda: f"if {target_words(t)} is beaten this 本, it goes to the Lost Hole, not the Botsu Box",
        "tiebreak": lambda: f"{target_words(t)} wins its ties this 本",
        "free_upkeep": lambda: "your Stock Pool costs nothing to keep this 本",
        "peek": lambda: f"look at {target_words(t)} (the card, and which way up it lies)",
    }[step.op]()
    return f"{_IF_WORDS[step.if_]}, {words}" if step.if_ else words


def describe(steps: list[Step]) -> str:
    text = "; ".join(_step_words(s) for s in steps)
    return text[:1].upper() + text[1:] + "."


# --- loading ---------------------------------------------------------------------------

class Content:
    """A validated FunnyTime box: look cards, stars, decks and pages up by id."""

    def __init__(self, seats: tuple[str, ...], cards: CardFile, table: Table,
                 decks: dict, book: EndingBook):
        self.seats = tuple(seats)
        # Who is told of a seat's own secret moves (a panel laid, a card drawn): that seat
        # alone. Made once: the rules tell one nearly every move.
        self.only = {seat: frozenset((seat,)) for seat in self.seats}
        self.episodes = (EPISODE,)
        self.koma = {c.id: c for c in cards.koma}
        self.make = {c.id: c for c in cards.make}
        self.cards: dict[str, Koma | Make] = {**self.koma, **self.make}
        self.icon_count = {c.id: (c.cost if c.kind == "koma" else 0) for c in self.cards.values()}
        # What a card costs and when a spent star relights, read at nearly every move:
        # looked up once here rather than asked of the card's model each time.
        self.costs = {c.id: c.cost for c in self.cards.values()}
        self.table = table
        self.stars = tuple(table.star)
        self.star = {s.id: s for s in self.stars}
        self.star_index = {s.id: i for i, s in enumerate(self.stars)}    # its place in the sky
        self.relights = {s.id: s.relight for s in self.stars}
        # The sky by when a spent star relights, soonest first (ties in the sky's order),
        # and the same stars grouped by that length: paying reads them in this order.
        self.soonest = tuple(s.id for s in sorted(self.stars, key=lambda s: s.relight))
        lengths: dict[int, list[str]] = {}
        for sid in self.soonest:
            lengths.setdefault(self.star[sid].relight, []).append(sid)
        self.alike = tuple(tuple(group) for group in lengths.values())
        self.alike_of = {sid: group for group in self.alike for sid in group}
        self.decks: dict[str, Deck] = decks   # the starter decks, by id
        self.starter: dict[str, str] = {}  # seat -> the starter deck it plays by default
        self.books = {book.episode: book}

    @classmethod
    def from_files(cls, seats, card_file: tuple[str, dict], table_file: tuple[str, dict],
                   deck_files: list[tuple[str, dict]], book_file: tuple[str, dict]) -> "Content":
        """Build from (file name, parsed TOML) pairs; raises StoryError naming the file."""
        if len(seats) != 2:
            raise StoryError("story.toml", "seats", f"FunnyTime is a duel: name exactly two seats, not {len(seats)}")
        cards = validated(CardFile, card_file[1], card_file[0])
        ids: dict[str, str] = {}
        numbers: set[int] = set()
        for kind, group in (("koma", cards.koma), ("make", cards.make)):
            for i, card in enumerate(group):
                if card.id in ids:
                    raise StoryError(card_file[0], f"{kind}.{i}.id", f"{card.id!r} is used twice; every card needs its own id")
                if card.number in numbers:
                    raise StoryError(card_file[0], f"{kind}.{i}.number", f"No. {card.number} is used twice")
                ids[card.id] = kind
                numbers.add(card.number)
        names = [c.name.lower() for c in (*cards.koma, *cards.make)]
        for i, name in enumerate(names):
            if names.index(name) != i:
                raise StoryError(card_file[0], "name", f"two cards are named {name!r}: a deck counts copies by name")
        table = validated(Table, table_file[1], table_file[0])
        seen = set()
        for i, star in enumerate(table.star):
            if star.id in seen:
                raise StoryError(table_file[0], f"star.{i}.id", f"{star.id!r} is used twice")
            seen.add(star.id)
        book = validated(EndingBook, book_file[1], book_file[0])
        content = cls(seats, cards, table, {}, book)
        for name, data in deck_files:
            deck, problems = Deck.read(data, name, content)
            if problems:
                raise StoryError(name, "cards", "this starter deck is not legal: " + "; ".join(problems))
            if deck.id in content.decks:
                raise StoryError(name, "id", f"deck id {deck.id!r} is used twice")
            content.decks[deck.id] = deck
        if len(content.decks) < 2:
            raise StoryError("decks", "(folder)", "FunnyTime needs at least two starter decks in decks/*.toml")
        content._check_book(book_file[0])
        return content

    def _check_book(self, file: str) -> None:
        if self.books.get(EPISODE) is None:
            raise StoryError(file, "episode", f"the ending book is for episode {EPISODE!r}")
        pages = {p.id for p in self.books[EPISODE].ending}
        wanted = [STOPPED, *(f"{cause}_{seat}" for cause in CAUSES for seat in self.seats)]
        for page in wanted:
            if page not in pages:
                raise StoryError(file, "ending", f"needs a page with id {page!r}")

    def ending_id(self, cause: str, winner: str | None) -> str:
        return STOPPED if winner is None else f"{cause}_{winner}"

    def page(self, episode: str, ending: str) -> EndingPage:
        return next(p for p in self.books[episode].ending if p.id == ending)

    def is_koma(self, card: str) -> bool:
        return card in self.koma

    def icons(self, card: str) -> int:
        return self.icon_count[card]

    def cost(self, card: str) -> int:
        return self.costs[card]
