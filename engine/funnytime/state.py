"""The state of one FunnyTime duel: plain data, cheap to copy.

Each artist (`Side`) has a deck (top at the *end* of the list, so a draw is a cheap
pop), a hand, a Stock Pool, a Botsu Box and a Lost Hole (oldest first), the Make cards
played this 本 and waiting for their time, the Manuscript (the panels laid, 起 first),
and the planisphere: the stars of the story's sky, each lit unless `dark` names the 本
at whose start it relights.

What an artist is deciding in secret (the panels and Make cards of Make Time, the
rotations of Show Time) is their `Plan`: it touches nothing else until both plans are
done and revealed together.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.contract import Ending
from engine.decision import Pending
from engine.events import Event
from engine.funnytime.content import MANUSCRIPT, Content, Rotation


@dataclass(slots=True)
class Slot:
    """A Koma card laid in the Manuscript, and what became of it this 本."""

    card: str
    position: str
    orientation: str              # "upright" or "inverted"
    source: str                   # "hand" or "stock"
    misplaced: bool               # laid where it has no icon: its effects do not work
    rotation: str | None = None   # set when shown
    face: Rotation | None = None  # the card's side for that rotation: its FP, caption, effects
    base: int = 0                 # the rotation's FP
    bonus: int = 0                # FP from effects
    missed: bool = False          # turned against its orientation: FP − the miss penalty
    battled: bool = False
    beaten: bool = False
    spare: bool = False           # beaten: to the Lost Hole instead of the Botsu Box
    tiebreak: bool = False        # wins its ties
    gone: bool = False            # has left the Manuscript (beaten)

    def copy(self) -> "Slot":
        return Slot(self.card, self.position, self.orientation, self.source, self.misplaced,
                    self.rotation, self.face, self.base, self.bonus, self.missed, self.battled, self.beaten,
                    self.spare, self.tiebreak, self.gone)


@dataclass(slots=True)
class Plan:
    """An artist's hidden choices of this phase, revealed with the rival's; and, kept up
    as the plan grows (every step of Make Time asks), the hand and Stock Pool cards it
    has not used yet, how many panels it lays, and what its Make cards cost."""

    laid: list[tuple[str, str, str, str]] = field(default_factory=list)   # (position, card, orientation, source)
    makes: list[str] = field(default_factory=list)
    rotations: list[tuple[str, str]] = field(default_factory=list)         # (position, rotation)
    hand: list[str] = field(default_factory=list)      # hand cards not used yet
    stock: list[str] = field(default_factory=list)     # Stock Pool cards not used yet
    lay: int = 0                                       # the panels to lay: four, or all it can field
    cost: int = 0                                      # the Make cards' cost so far

    def copy(self) -> "Plan":
        return Plan(list(self.laid), list(self.makes), list(self.rotations), list(self.hand),
                    list(self.stock), self.lay, self.cost)

    def recount(self, side: "Side", content: Content) -> None:
        """Count from the side's cards what the plan has not used yet, how many panels it
        lays and what its Make cards cost (when it begins, or after a hand-made edit)."""
        hand, stock = list(side.hand), list(side.stock)
        for _, card, _, source in self.laid:
            (stock if source == "stock" else hand).remove(card)
        for card in self.makes:
            hand.remove(card)
        self.hand, self.stock = hand, stock
        self.lay = min(MANUSCRIPT, side.fieldable(content))
        self.cost = sum(map(content.cost, self.makes))


@dataclass(slots=True)
class Side:
    deck: list[str]
    hand: list[str] = field(default_factory=list)
    stock: list[str] = field(default_factory=list)
    botsu: list[str] = field(default_factory=list)
    lost: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)       # Make cards revealed, not yet spent
    manuscript: list[Slot] = field(default_factory=list)
    dark: dict[str, int] = field(default_factory=dict)    # star -> the 本 it relights at
    plan: Plan | None = None
    open_hand: list[str] = field(default_factory=list)    # hand cards the rival has seen go in
    peeks: dict[str, tuple[str, str]] = field(default_factory=dict)  # rival position -> (card, orientation)
    free_upkeep: bool = False
    redraws: int = 0
    judged: bool = False                                 # 星裁 already this 本
    kept: list[str] = field(default_factory=list)        # Stock Pool cards kept at this upkeep
    owed: int | None = None                              # what is left of a bill being paid
    spent: list[str] = field(default_factory=list)       # stars put out for that bill so far

    def copy(self) -> "Side":
        return Side(list(self.deck), list(self.hand), list(self.stock), list(self.botsu), list(self.lost),
                    list(self.played), [s.copy() for s in self.manuscript], dict(self.dark),
                    None if self.plan is None else self.plan.copy(), list(self.open_hand),
                    dict(self.peeks), self.free_upkeep, self.redraws, self.judged, list(self.kept),
                    self.owed, list(self.spent))

    def fieldable(self, content: Content) -> int:
        """The Koma cards this artist could lay: those in hand and the Stock Pool."""
        return sum(map(content.koma.__contains__, self.hand)) + len(self.stock)

    def cards(self) -> list[str]:
        """Every card this artist owns, wherever it is (for the conservation check)."""
        return (self.deck + self.hand + self.stock + self.botsu + self.lost + self.played
                + [s.card for s in self.manuscript if not s.gone])


@dataclass(slots=True)
class State:
    content: Content
    seats: tuple[str, str]
    seed: int
    rng: random.Random
    sides: dict[str, Side]
    decks: dict[str, str]                 # seat -> the deck's name
    number: int = 0                       # the 本 being played
    phase: str = "dawn"
    index: int = 0                        # whose part of the phase (0 or 1)
    pending: Pending | None = None
    ended: Ending | None = None
    log: list[Event] = field(default_factory=list)
    moves: int = 0                        # actions applied so far
    duels: list[tuple[str | None, int, int]] = field(default_factory=list)  # this 本: winner, positions
    deadline: int = 0                     # the last 本 (the table's, or an old save's rule)
    # Caches, never copied nor compared (a state changes only through `apply`; code that
    # edits one by hand must call `forget()`): each seat's count of the events it was
    # told, and the sides as each seat last saw them, (seat, side's seat) -> (changes,
    # skies, the side's view, its dark stars):
    # `changes` counts the moves and phases that may have changed anything of a side a
    # view shows, `skies` those that may have put out stars and nothing else (paying);
    # and the pending decision's options with their choices (legal actions and texts).
    clock: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    changes: int = field(default=0, repr=False, compare=False)
    skies: int = field(default=0, repr=False, compare=False)
    seen: dict[tuple[str, str], tuple] = field(default_factory=dict, repr=False, compare=False)
    # and both sides of each seat's last view, with the counts, phase and turn it was made at
    last: dict[str, tuple] = field(default_factory=dict, repr=False, compare=False)
    offered: tuple | None = field(default=None, repr=False, compare=False)   # (options, choices)

    def forget(self) -> None:
        """Drop the caches (after editing a state by hand, as tests do), and count the
        plans again from the cards as they now are."""
        self.clock = {}
        self.seen = {}
        self.last = {}
        self.offered = None
        for side in self.sides.values():
            if side.plan is not None:
                side.plan.recount(side, self.content)

    @property
    def active(self) -> str | None:
        """No artist moves outside a decision: every move of a duel answers a pending one."""
        return None

    def goto(self, phase: str) -> None:
        """Move on to a phase of the 本, starting with the first seat."""
        self.phase, self.index = phase, 0

    def opponent(self, seat: str) -> str:
        return self.seats[1] if seat == self.seats[0] else self.seats[0]

    def lit(self, seat: str) -> list[str]:
        """The lit stars of `seat`, in the order of the sky."""
        dark = self.sides[seat].dark
        return [s.id for s in self.content.stars if s.id not in dark]

    def lit_count(self, seat: str) -> int:
        return len(self.content.stars) - len(self.sides[seat].dark)

    def botsu_icons(self, seat: str) -> int:
        return sum(map(self.content.icon_count.__getitem__, self.sides[seat].botsu))

    def fieldable(self, seat: str) -> int:
        return self.sides[seat].fieldable(self.content)

    def places(self) -> dict[str, list[str]]:
        """Where every card is: each in exactly one of these (an artist's cards stay theirs)."""
        out = {}
        for seat, side in self.sides.items():
            for name, cards in (("deck", side.deck), ("hand", side.hand), ("stock", side.stock),
                                ("botsu", side.botsu), ("lost", side.lost), ("played", side.played)):
                out[f"{seat}.{name}"] = list(cards)
            out[f"{seat}.manuscript"] = [s.card for s in side.manuscript if not s.gone]
        return out

    def copy(self) -> "State":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            self.content, self.seats, self.seed, rng, {k: s.copy() for k, s in self.sides.items()},
            dict(self.decks), self.number, self.phase, self.index,
            None if self.pending is None else self.pending.copy(),
            self.ended, list(self.log), self.moves, list(self.duels), self.deadline,
        )
