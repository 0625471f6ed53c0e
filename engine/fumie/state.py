"""The state of one game of For Fumie: plain data, cheap to copy.

Each seat (`Side`) has a hand in draw order (index 0 is the first-drawn card, the one
the opponent uses next), the set of its hand cards it has shown, its draw deck (top at
the *end* of the list, so a draw is a cheap pop) and its discard pile, oldest first,
each entry a (card, face_up) pair.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine import decision
from engine.contract import Ending
from engine.events import Event
from engine.fumie.box import EpisodeBox
from engine.fumie.content import Card, Content, Step


@dataclass(slots=True)
class Side:
    hand: list[str]
    deck: list[str]
    discard: list[tuple[str, bool]] = field(default_factory=list)
    shown: set[str] = field(default_factory=set)

    def copy(self) -> "Side":
        return Side(list(self.hand), list(self.deck), list(self.discard), set(self.shown))


@dataclass(slots=True)
class InUse:
    card: str
    face_up: bool
    user: str


@dataclass(slots=True)
class Pending(decision.Pending):
    """A decision inside an effect or at its start; kinds: "common", "flip_up", "flip_down",
    "order_hand", "order_deck", "may", "accuse"."""

    step: Step | None = None
    card: str | None = None    # whose text asked (None for a sheet effect)


@dataclass(slots=True)
class Frame:
    """An effect being carried out: its steps, the next one, and whose text it is. The
    steps are the story's own list (frozen content, read and never changed: not copied)."""

    steps: Sequence[Step]
    index: int = 0
    card: str | None = None
    opening: Event | None = None   # told when the frame starts (a ★ effect firing)

    def copy(self) -> "Frame":
        return Frame(self.steps, self.index, self.card, self.opening)


@dataclass(slots=True)
class State:
    content: Content
    episode: str
    seed: int
    rng: random.Random
    sides: dict[str, Side]
    active: str
    known: set[str]                      # sleeves showing the effect side
    episode_box: EpisodeBox = field(repr=False, compare=False)   # what the rules read of it, made once
    turn: int = 1
    removed: list[str] = field(default_factory=list)
    in_use: InUse | None = None
    frames: list[Frame] = field(default_factory=list)
    pending: Pending | None = None
    extra_turn: bool = False
    ended: Ending | None = None
    log: list[Event] = field(default_factory=list)
    moves: int = 0                       # actions applied so far
    aside: list[str] = field(default_factory=list)   # purple cards still in the box
    culprit: str | None = None           # on Fumie's sheet, face down (expansion 1)
    culprit_shown: bool = False          # revealed: face up for both players
    checks: list[tuple[tuple[str, ...], bool]] = field(default_factory=list)
    # ^ each check of the culprit: the face-up cards it looked at, and the answer
    # Caches, never copied nor compared (a state changes only through `apply`; code that
    # edits one by hand must call `forget()`): each seat's count of the events it was told,
    # each discard pile as views last showed it, and every card as it shows now
    # (engine.fumie.view: the same to both seats). (The legal actions need none: they are
    # kept by the options they offer, game.choices.)
    clock: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    piles: dict[str, tuple] = field(default_factory=dict, repr=False, compare=False)
    faces: tuple[int, dict, dict] | None = field(default=None, repr=False, compare=False)

    def forget(self) -> None:
        """Drop the caches (after editing a state by hand, as tests do)."""
        self.clock = {}
        self.piles = {}
        self.faces = None

    # -- the Table protocol of conditions: only what both players can see
    def face_up_in(self, card: str, pile: str | None) -> bool:
        up = (card, True)
        if pile:
            return up in self.sides[pile].discard
        for side in self.sides.values():   # asked of every END face up at every turn's end
            if up in side.discard:
                return True
        return False

    def is_removed(self, card: str) -> bool:
        return card in self.removed

    def culprit_revealed(self) -> bool:
        return self.culprit_shown

    def card(self, card_id: str) -> Card:
        return self.content.cards[card_id]

    def opponent(self, seat: str) -> str:
        return self.content.across[seat]

    def places(self) -> dict[str, list[str]]:
        """Where every card is: each card of the game in exactly one of these."""
        out = {}
        for seat, side in self.sides.items():
            out[f"{seat}.hand"], out[f"{seat}.deck"] = list(side.hand), list(side.deck)
            out[f"{seat}.pile"] = [c for c, _ in side.discard]
        out["removed"], out["box"] = list(self.removed), list(self.aside)
        out["in_use"] = [] if self.in_use is None else [self.in_use.card]
        out["culprit"] = [] if self.culprit is None else [self.culprit]
        return out

    def copy(self) -> "State":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            self.content, self.episode, self.seed, rng,
            {k: s.copy() for k, s in self.sides.items()}, self.active, set(self.known), self.episode_box,
            self.turn, list(self.removed),
            None if self.in_use is None else InUse(self.in_use.card, self.in_use.face_up, self.in_use.user),
            [f.copy() for f in self.frames], self.pending, self.extra_turn, self.ended,
            list(self.log), self.moves, list(self.aside),
            self.culprit, self.culprit_shown, list(self.checks),
        )
