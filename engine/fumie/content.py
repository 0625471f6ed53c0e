"""The content of a For Fumie box: cards, protagonist sheets, ending books.

Validated once, at load time, from the plain data of the story files (pydantic); the
result is frozen and shared by every game. Cross-references (a card named in a
condition, an ending a card leads to) are checked here too, so a typo in a story file
is a clear load error rather than a surprise in the middle of a game.
"""
from __future__ import annotations

from typing import Literal

from engine.errors import StoryError
from engine.fumie.conditions import Condition
from engine.storyfiles import EndingBook, EndingPage, Field, Frozen, Invalid, check, model_validator, validated

HAND_SIZE = 3
FACE_DOWN_LIMIT = 4
# The ending-book page for a game a player stopped, or that the engine found looping.
STOPPED = "stopped"

Who = Literal["user", "opponent", "both"]
Pile = Literal["user", "opponent", "any"]




class Instead(Frozen):
    if_: Condition = Field(alias="if")
    effect: "list[Step]"


# What each operation needs besides `op`; everything else it must not be given.
OPERATIONS: dict[str, tuple[str, ...]] = {
    "common": (),
    "show_hand": ("who",),
    "to_back": ("who",),
    "swap_front": ("who",),
    "rearrange": ("who",),
    "arrange_deck": ("deck", "count"),
    "draw": ("who", "count"),
    "flip_up": ("pile",),
    "flip_down": ("pile",),
    "remove": ("card",),
    "extra_turn": (),
    "may": ("prompt", "effect"),
    "end": ("ending",),
    "bring_in": ("card", "deck"),       # a purple card from the box onto a deck
    "check_culprit": ("pile",),
    "reveal_culprit": (),
    "accuse": ("effect",),
}


# What an operation may be given besides what it needs.
OPTIONAL: dict[str, tuple[str, ...]] = {
    "check_culprit": ("effect",),      # steps done when the answer is yes
}


class Step(Frozen):
    """One operation of an effect; see stories/fumie/VOCABULARY.md."""

    op: str
    who: Who | None = None
    deck: Literal["user", "opponent"] | None = None
    pile: Pile | None = None
    count: int | None = Field(None, ge=1, le=12)
    card: str | None = None
    ending: str | None = None
    prompt: str | None = None
    effect: "list[Step] | None" = None
    instead: Instead | None = None

    @model_validator(mode="after")
    def _fits_op(self) -> "Step":
        if self.op not in OPERATIONS:
            raise ValueError(f"unknown operation {self.op!r}; known: {', '.join(OPERATIONS)}")
        needs = OPERATIONS[self.op]
        optional = {"op", "instead", *OPTIONAL.get(self.op, ())}
        for name in ("who", "deck", "pile", "count", "card", "ending", "prompt", "effect"):
            given = getattr(self, name) is not None
            if name in needs and not given:
                raise ValueError(f"operation {self.op!r} needs {name!r}")
            if given and name not in needs and name not in optional:
                raise ValueError(f"operation {self.op!r} takes no {name!r}")
        if self.op in ("rearrange",) and self.who != "user":
            raise ValueError("rearrange: only the user's own hand can be put in order (who = \"user\")")
        if self.op == "bring_in" and self.deck not in ("user", "opponent"):
            raise ValueError("bring_in: deck must be \"user\" or \"opponent\"")
        if self.op == "draw" and self.who == "both":
            raise ValueError("draw: who must be \"user\" or \"opponent\"")
        return self


class EndRule(Frozen):
    if_: Condition | None = Field(None, alias="if")
    ending: str
    # Printed as "In <episode>: END ...": the rule works only in these episodes (all if None).
    episodes: list[str] | None = None

    def works_in(self, episode: str) -> bool:
        return self.episodes is None or episode in self.episodes


class Star(Frozen):
    """A ★ effect: it works at a time other than the card's use."""

    when: Literal["protagonist", "drawn", "face_down_limit"]
    text: str
    effect: list[Step] = []
    limit: int | None = Field(None, ge=1)

    @model_validator(mode="after")
    def _fits(self) -> "Star":
        if (self.when == "face_down_limit") != (self.limit is not None):
            raise ValueError("`limit` is given exactly when `when` is \"face_down_limit\"")
        return self


class Card(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    set: Literal["blue", "red", "purple"]
    episodes: list[str] = Field(min_length=1)
    type: Literal["person", "other"]
    sleeve_name: str
    name: str
    protagonist: bool = False
    text: str
    end_text: str = ""
    effect: list[Step]
    flavour: str
    star: list[Star] = []
    end: list[EndRule] = []
    # Ids this card had in an older edition, so old saves and profiles still name it.
    formerly: list[str] = []

    def star_for(self, when: str) -> Star | None:
        return next((s for s in self.star if s.when == when), None)


class Common(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9-]*$")
    name: str
    text: str
    effect: list[Step]


class SheetEnd(Frozen):
    when: Literal["face_down", "exhausted"]
    if_: Condition | None = Field(None, alias="if")
    ending: str


class Sheet(Frozen):
    seat: str
    episode: str
    title: str
    flavour: str = ""
    common: list[Common] = Field(min_length=1)
    end: list[SheetEnd]


class Seating(Frozen):
    """Who sits at the table, from story.toml (whose other keys are the narrator's)."""

    __pydantic_config__ = {"extra": "ignore"}

    seats: tuple[str, str]              # the first named starts
    draws: dict[str, Literal["red", "blue"]]   # the card set each seat's player draws from
    culprit_keeper: str                 # expansion 1: the seat that draws the culprit and knows it

    @model_validator(mode="after")
    def _fits(self) -> "Seating":
        if len(set(self.seats)) != 2:
            raise ValueError("name two different seats")
        if set(self.draws) != set(self.seats) or len(set(self.draws.values())) != 2:
            raise ValueError("`draws` gives each seat its own card set, red or blue")
        if self.culprit_keeper not in self.seats:
            raise ValueError(f"`culprit_keeper` is one of the seats {', '.join(self.seats)}")
        return self


class CardFile(Frozen):
    format_version: int
    card: list[Card]


class SheetFile(Frozen):
    format_version: int
    sheet: list[Sheet]


def _steps(steps: list[Step] | None):
    """Every step, nested ones included, for reference checks."""
    for s in steps or ():
        yield s
        yield from _steps(s.effect)
        if s.instead is not None:
            yield from _steps(s.instead.effect)


class Content:
    """A validated box of For Fumie: look cards, sheets and pages up by id."""

    def __init__(self, seating: Seating, episodes: list[str], cards: list[Card], sheets: list[Sheet],
                 books: dict[str, EndingBook], culprit: frozenset[str] = frozenset()):
        self.seats = seating.seats
        self.draws = dict(seating.draws)
        self.culprit_keeper = seating.culprit_keeper
        self.episodes = tuple(episodes)
        self.culprit_episodes = culprit   # episodes with a hidden culprit (expansion 1)
        self.cards = {c.id: c for c in cards}
        self.renamed = {old: c.id for c in cards for old in c.formerly}   # older edition's id -> id
        self.sheets = {(s.seat, s.episode): s for s in sheets}
        self.books = books
        self._tests: dict[int, object] = {}
        self.across = {seating.seats[0]: seating.seats[1], seating.seats[1]: seating.seats[0]}  # seat -> the other
        # Asked on every draw, use and turn's end, and fixed by the box: read from it once.
        self.stars: dict[str, dict[str, Star]] = {}     # ★ kind -> card id -> its ★
        for card in self.cards.values():
            for star in card.star:
                self.stars.setdefault(star.when, {}).setdefault(card.id, star)
        self._sets: dict[tuple[str, str], tuple[str, ...]] = {}
        self._enders: dict[str, frozenset[str]] = {}
        self._suspects: dict[str, tuple[str, ...]] = {}
        # No discard pile ends the game with fewer face-down cards than this.
        self.fewest_down = min([FACE_DOWN_LIMIT, *(s.limit for s in self.stars.get("face_down_limit", {}).values()
                                                   if s.limit is not None)])

    @classmethod
    def from_files(cls, story_file: tuple[str, dict], episodes: list[str], card_file: tuple[str, dict],
                   sheet_file: tuple[str, dict], book_files: list[tuple[str, dict]],
                   culprit: frozenset[str] = frozenset()) -> "Content":
        """Build from (file name, parsed TOML) pairs; raises StoryError naming the file."""
        try:
            seating = check(Seating, story_file[1])
        except Invalid as err:
            first = err.errors()[0]
            key = ".".join(str(p) for p in first["loc"]) or "seats"
            raise StoryError(story_file[0], key, first["msg"]) from None
        cards = validated(CardFile, card_file[1], card_file[0]).card
        seen: set[str] = set()
        for i, card in enumerate(cards):
            if card.id in seen:
                raise StoryError(card_file[0], f"card.{i}.id", f"{card.id!r} is used twice; every card needs its own id")
            seen.add(card.id)
        for i, card in enumerate(cards):
            for old in card.formerly:
                if old in seen:
                    raise StoryError(card_file[0], f"card.{i}.formerly", f"{old!r} is a card's id today;"
                                     " a former id must not name another card")
        sheets = validated(SheetFile, sheet_file[1], sheet_file[0]).sheet
        books = {}
        for name, data in book_files:
            book = validated(EndingBook, data, name)
            books[book.episode] = book
        content = cls(seating, episodes, cards, sheets, books, frozenset(culprit))
        content._check(card_file[0], sheet_file[0])
        return content

    def _check(self, card_file: str, sheet_file: str) -> None:
        for i, sheet in enumerate(self.sheets.values()):
            if sheet.seat not in self.seats:
                raise StoryError(sheet_file, f"sheet.{i}.seat", f"{sheet.seat!r} is not a seat of the story;"
                                 f" the seats are {', '.join(self.seats)}")
        for episode in self.episodes:
            if episode not in self.books:
                raise StoryError(card_file, "episodes", f"episode {episode!r} has no ending book"
                                 f" (add stories/fumie/endings/{episode}.toml)")
            pages = {p.id for p in self.books[episode].ending}
            if STOPPED not in pages:
                raise StoryError(f"endings/{episode}.toml", "ending",
                                 f"needs a page with id {STOPPED!r} for a stopped or looping game")
            for colour in ("blue", "red"):
                n = sum(1 for c in self.cards.values() if c.set == colour and episode in c.episodes)
                if n != 12:
                    raise StoryError(card_file, "card", f"episode {episode!r} has {n} {colour}"
                                     " cards; the rulebook gives each episode exactly 12")
            for seat in self.seats:
                sheet = self.sheets.get((seat, episode))
                if sheet is None:
                    raise StoryError(sheet_file, "sheet", f"no {seat} side for episode {episode!r}")
                for rule in sheet.end:
                    if rule.ending not in pages:
                        raise StoryError(sheet_file, f"sheet.{seat}.{episode}.end",
                                         f"ending {rule.ending!r} is not in the ending book")
                self._check_steps(sheet_file, f"sheet.{seat}.{episode}",
                                  [s for c in sheet.common for s in c.effect], pages, episode)
            if episode in self.culprit_episodes and not self.suspects(episode):
                raise StoryError(card_file, "card", f"episode {episode!r} has a culprit but no blue"
                                 " Person other than a protagonist to be it")
        for card in self.cards.values():
            for episode in card.episodes:
                if episode not in self.episodes:
                    raise StoryError(card_file, f"card.{card.id}.episodes", f"unknown episode {episode!r}")
                pages = {p.id for p in self.books[episode].ending}
                for rule in card.end:
                    unknown = set(rule.episodes or ()) - set(self.episodes)
                    if unknown:
                        raise StoryError(card_file, f"card.{card.id}.end", f"names unknown episodes {sorted(unknown)}")
                    if rule.works_in(episode) and rule.ending not in pages:
                        raise StoryError(card_file, f"card.{card.id}.end", f"ending {rule.ending!r} is"
                                         f" not in the {episode!r} ending book")
                steps = list(card.effect) + [s for st in card.star for s in st.effect]
                self._check_steps(card_file, f"card.{card.id}", steps, pages, episode)
                conds = [r.if_ for r in card.end if r.if_] + [s.instead.if_ for s in _steps(steps) if s.instead]
                for cond in conds:
                    for ref in cond.card_ids():
                        if ref not in self.cards:
                            raise StoryError(card_file, f"card.{card.id}", f"names unknown card {ref!r}")

    def _check_steps(self, file: str, key: str, steps: list[Step], pages: set[str], episode: str) -> None:
        for step in _steps(steps):
            if step.op == "end" and step.ending not in pages:
                raise StoryError(file, key, f"ending {step.ending!r} is not in the {episode!r} ending book")
            if step.op == "remove" and step.card != "this" and step.card not in self.cards:
                raise StoryError(file, key, f"remove names unknown card {step.card!r}")
            if step.op == "bring_in" and step.card not in self.purple(episode):
                raise StoryError(file, key, f"bring_in: {step.card!r} is not a purple card of {episode!r}")
            if step.op in ("check_culprit", "reveal_culprit", "accuse") and episode not in self.culprit_episodes:
                raise StoryError(file, key, f"{step.op}: episode {episode!r} has no culprit")

    def test(self, condition: Condition):
        """The compiled form of a condition, made once and kept (conditions live as long as we do)."""
        fn = self._tests.get(id(condition))
        if fn is None:
            fn = self._tests[id(condition)] = condition.compile(self.other)
        return fn

    def other(self, seat: str) -> str:
        """The seat across the table."""
        return self.across[seat]

    def deck_for(self, seat: str, episode: str) -> list[str]:
        """The card set a seat's player draws from (story.toml's `draws`), a new list."""
        return list(self._set(self.draws[seat], episode))

    def _set(self, colour: str, episode: str) -> tuple[str, ...]:
        """The cards of one colour in an episode, in the box's order (asked at every new
        game: read once)."""
        found = self._sets.get((colour, episode))
        if found is None:
            found = self._sets[(colour, episode)] = tuple(
                c.id for c in self.cards.values() if c.set == colour and episode in c.episodes)
        return found

    def enders(self, episode: str) -> frozenset[str]:
        """The cards with an END condition that works in the episode: the only ones a
        turn's end need look at."""
        found = self._enders.get(episode)
        if found is None:
            found = self._enders[episode] = frozenset(
                c.id for c in self.cards.values() if any(r.works_in(episode) for r in c.end))
        return found

    def purple(self, episode: str) -> list[str]:
        """Purple cards of an episode: in neither set; they wait in the box until an
        effect brings them into a draw deck."""
        return list(self._set("purple", episode))

    def suspects(self, episode: str) -> list[str]:
        """Who can be the culprit: the Persons of the set the culprit's keeper draws from,
        protagonists aside (a new list; read from the box once per episode)."""
        found = self._suspects.get(episode)
        if found is None:
            colour = self.draws[self.culprit_keeper]
            found = self._suspects[episode] = tuple(
                c.id for c in self.cards.values() if c.set == colour and episode in c.episodes
                and c.type == "person" and not c.protagonist)
        return list(found)

    def page(self, episode: str, ending: str) -> EndingPage:
        return next(p for p in self.books[episode].ending if p.id == ending)
