"""The state of one game: plain data, cheap to copy.

Each seat is a `Nation`: its king (face down until it fights or decrees), its hand
(kept in the card file's order, so positions read the same on every screen), and the
Fatima living in it, face up for all. The deck's top is the *end* of its list, so a
draw is a cheap pop; the discard pile is face up, oldest first.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.contract import Ending
from engine.decision import Pending
from engine.events import Event
from engine.fatima.content import Content, Step
from engine.fatima.dice import Chance


# The table's order read from every seat, asked several times a move: once per table,
# each seat's (every seat from it, every other seat from its left, the seat on its left).
@lru_cache(maxsize=16)
def _rounds(seats: tuple[str, ...]) -> dict[str, tuple[tuple[str, ...], tuple[str, ...], str]]:
    out = {}
    for i, s in enumerate(seats):
        around = seats[i:] + seats[:i]
        out[s] = around, around[1:], around[1 % len(seats)]
    return out


@dataclass(slots=True)
class Nation:
    king: str
    hand: list[str] = field(default_factory=list)
    fatima: list[str] = field(default_factory=list)
    king_shown: bool = False
    decree_used: bool = False
    humbled: bool = False        # the king lost a combat: he stands, face up, but fights no more

    def copy(self) -> "Nation":
        return Nation(self.king, list(self.hand), list(self.fatima), self.king_shown, self.decree_used,
                      self.humbled)


@dataclass(slots=True)
class Combat:
    """A combat under way: the attacker's card lies face down until the defender answers."""

    attacker: str
    defender: str
    fatima: str
    attack: str                   # the card committed face down (the king's id for the king)
    attack_king: bool
    defend: str | None = None
    defend_king: bool = False

    def copy(self) -> "Combat":
        return Combat(self.attacker, self.defender, self.fatima, self.attack, self.attack_king,
                      self.defend, self.defend_king)


@dataclass(slots=True)
class Ctx:
    """Whose card an effect is, and what the action's text aimed it at."""

    user: str
    card: str
    target: str | None = None     # a nation
    fatima: str | None = None


@dataclass(slots=True)
class Frame:
    steps: tuple[Step, ...]
    ctx: Ctx
    index: int = 0

    def copy(self) -> "Frame":
        return Frame(self.steps, self.ctx, self.index)


@dataclass(slots=True)
class Record:
    """What the ending book needs to know of how the game went."""

    attacked: set[str] = field(default_factory=set)          # seats that declared an attack
    king_falls: list[tuple[str, str, tuple[str, ...]]] = field(default_factory=list)  # (winner, fallen, Fatima taken)
    by_sword: set[str] = field(default_factory=set)          # seats that ever won a Fatima by combat
    final_leaders: tuple[str, ...] | None = None              # the leaders when the final round began
    final_takers: set[str] = field(default_factory=set)       # won a Fatima by combat in the final round
    unveilings: int = 0
    combats: int = 0

    def copy(self) -> "Record":
        return Record(set(self.attacked), list(self.king_falls), set(self.by_sword), self.final_leaders,
                      set(self.final_takers), self.unveilings, self.combats)


@dataclass(slots=True)
class State:
    content: Content
    seed: int
    rng: Chance
    seats: tuple[str, ...]               # in turn order (clockwise): the next seat is on your left
    nations: dict[str, Nation]
    deck: list[str]
    discard: list[str] = field(default_factory=list)
    unused_kings: list[str] = field(default_factory=list)
    first: str = ""
    active: str = ""
    turn: int = 0
    final_left: list[str] | None = None  # seats still to play in the round after the deck ran out
    pending: Pending | None = None
    combat: Combat | None = None
    frames: list[Frame] = field(default_factory=list)
    passing: dict[str, str] = field(default_factory=dict)      # cards picked to pass left, face down
    truce_until: str | None = None       # no attacks until this seat's next turn begins
    wards: set[str] = field(default_factory=set)                # nations that cannot be attacked
    intel: dict[str, dict[str, str]] = field(default_factory=dict)   # seat -> {nation: king seen in secret}
    record: Record = field(default_factory=Record)
    ended: Ending | None = None
    log: list[Event] = field(default_factory=list)
    moves: int = 0
    # The rule of saves written before hands kept their order (option `hand = "sorted"`).
    sorted_hands: bool = False
    # Caches, never copied nor compared (a state changes only through `apply`; code that
    # edits one by hand must call `forget()`): each seat's count of the events it was
    # told, and the legal actions of the moment with their texts.
    clock: dict[str, tuple[int, int]] = field(default_factory=dict, repr=False, compare=False)
    legal_cache: tuple | None = field(default=None, repr=False, compare=False)
    # The table's order from every seat (`_rounds`), read once per state.
    order: dict = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.order = _rounds(self.seats)

    def forget(self) -> None:
        """Drop the caches (after editing a state by hand, as tests do)."""
        self.clock = {}
        self.legal_cache = None

    # --- small questions ---------------------------------------------------------------
    def military(self, seat: str) -> int:
        return self.content.kings[self.nations[seat].king].military

    def over_limit(self, seat: str) -> bool:
        nation = self.nations[seat]     # not through `military`: asked of every seat an Event levies
        return len(nation.hand) > self.content.kings[nation.king].military

    def owner(self, fatima: str) -> str | None:
        for seat, n in self.nations.items():
            if fatima in n.fatima:
                return seat
        return None

    def around(self, start: str) -> tuple[str, ...]:
        """Every seat in turn order, from `start`."""
        return self.order[start][0]

    def others(self, seat: str) -> tuple[str, ...]:
        """Every other seat in turn order, from the one on `seat`'s left."""
        return self.order[seat][1]

    def left_of(self, seat: str) -> str:
        return self.order[seat][2]

    @property
    def final_round(self) -> bool:
        return self.final_left is not None

    def places(self) -> dict[str, list[str]]:
        """Where every card (kings included) is: each in exactly one of these."""
        out = {"deck": list(self.deck), "discard": list(self.discard), "box": list(self.unused_kings),
               "passing": list(self.passing.values()), "combat": []}
        for seat, n in self.nations.items():
            out[f"{seat}.king"], out[f"{seat}.hand"], out[f"{seat}.fatima"] = [n.king], list(n.hand), list(n.fatima)
        c = self.combat
        if c is not None:
            # a king who fights stays in his nation; a card laid down is in the combat
            out["combat"] = [card for card, king in ((c.attack, c.attack_king), (c.defend, c.defend_king))
                             if card is not None and not king]
        return out

    def copy(self) -> "State":
        rng = Chance()
        rng.setstate(self.rng.getstate())
        return State(
            self.content, self.seed, rng, self.seats, {k: n.copy() for k, n in self.nations.items()},
            list(self.deck), list(self.discard), list(self.unused_kings), self.first, self.active,
            self.turn, None if self.final_left is None else list(self.final_left), self.pending,
            None if self.combat is None else self.combat.copy(), [f.copy() for f in self.frames],
            dict(self.passing), self.truce_until, set(self.wards),
            {k: dict(v) for k, v in self.intel.items()}, self.record.copy(), self.ended,
            list(self.log), self.moves, self.sorted_hands,
        )
