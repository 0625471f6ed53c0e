"""The state of one game of Snow White Apple Roulette: plain data, cheap to copy.

Seats are "p1".."pN" in turn order, then "npc" at four players. Apple tiles have ids
("a1".."a9") that say nothing of what they are: which are poisoned is `poisoned`. A
tile's whereabouts are public (everyone sees tiles change hands); what it is, each seat
knows only as far as `knows_tile` says. The draw pile's top is the *end* of the list.
"""
from __future__ import annotations

import random
from dataclasses import dataclass, field

from engine.applerulette.content import Character, Content
from engine.contract import Ending
from engine.decision import Pending
from engine.events import Event


@dataclass(slots=True)
class State:
    content: Content
    seed: int
    rng: random.Random
    seats: tuple[str, ...]
    players: tuple[str, ...]
    npc: str | None
    mix: int
    cast: tuple[str, ...]                      # the characters in play (content order)
    roles: dict[str, str]                      # seat -> character
    tiles: dict[str, list[str]]                # seat -> apple tiles held
    poisoned: set[str]                         # the poisoned tiles
    hands: dict[str, list[str]]
    pile: list[str]
    aside: list[str]
    living: list[str]
    knows_tile: dict[str, dict[str, bool]]     # seat -> tile -> poisoned, as that seat knows it
    knows_role: dict[str, set[str]]            # seat -> other seats whose character it knows
    discard: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)        # cards of eliminated seats
    removed_tiles: list[str] = field(default_factory=list)
    phase: str = "story"                       # "story", "last", "ending", "over"
    active: str = "p1"
    turn: int = 0
    last_queue: list[str] = field(default_factory=list)
    pending: Pending | None = None
    used: set[str] = field(default_factory=set)             # seats whose once-power is spent
    revealed: set[str] = field(default_factory=set)         # characters shown to the table
    answers: dict[str, list[tuple]] = field(default_factory=dict)   # seat -> (target, question, answer)
    queen_gift: str | None = None              # who the Queen handed her poisoned apple to
    deaths: dict[str, list[str]] = field(default_factory=dict)      # seat -> causes, at the feast
    revived: list[str] = field(default_factory=list)
    snow_white_fell: bool = False              # the NPC Snow White was killed by a card
    ended: Ending | None = None
    log: list[Event] = field(default_factory=list)
    moves: int = 0
    # Caches, never copied: per seat, how far into the log it was taken in and the log
    # entries it may see; the legal actions of the moment; and each seat's place at the
    # table as views show it (engine.applerulette.view), dropped by the rules whenever its
    # hand, tiles, life or shown character change (`moved`). A state changes only through
    # `apply`; code that edits one by hand must clear them: `state.forget()`.
    told: dict[str, tuple[int, list]] = field(default_factory=dict)
    legal_cache: tuple | None = None
    rows: dict[str, tuple] = field(default_factory=dict)

    def forget(self) -> None:
        """Drop the caches (after editing a state by hand, as tests do)."""
        self.told = {}
        self.legal_cache = None
        self.rows = {}

    def moved(self, *seats: str) -> None:
        """These seats' places at the table changed (a hand, tiles, a life, a character
        shown): views make them afresh."""
        for seat in seats:
            self.rows.pop(seat, None)

    def told_to(self, seat: str) -> list[tuple[str, dict]]:
        """The (kind, data) of every event `seat` may be told, in order (Event.visible_to);
        how many there are is the seat's own clock, a view's `moment`."""
        n, seen = self.told.get(seat, (0, []))
        if n < len(self.log):
            for e in self.log[n:]:      # a loop: a comprehension is a call of its own
                if e.seats is None or seat in e.seats:
                    seen.append((e.kind, e.data))
            self.told[seat] = (len(self.log), seen)
        return seen

    def character(self, seat: str) -> Character:
        return self.content.characters[self.roles[seat]]

    def seat_of(self, character: str) -> str | None:
        return next((s for s, c in self.roles.items() if c == character), None)

    def knows(self, seat: str, other: str) -> bool:
        """Whether `seat` knows `other`'s character."""
        return seat == other or other in self.revealed or other in self.knows_role.get(seat, ())

    def places(self) -> dict[str, list[str]]:
        """Where every story card and apple tile is: each in exactly one of these."""
        out = {"pile": list(self.pile), "aside": list(self.aside), "discard": list(self.discard),
               "removed": list(self.removed), "removed_tiles": list(self.removed_tiles)}
        for seat in self.seats:
            out[f"{seat}.hand"], out[f"{seat}.apples"] = list(self.hands[seat]), list(self.tiles[seat])
        return out

    def copy(self) -> "State":
        rng = random.Random()
        rng.setstate(self.rng.getstate())
        return State(
            self.content, self.seed, rng, self.seats, self.players, self.npc, self.mix, self.cast,
            dict(self.roles), {s: list(t) for s, t in self.tiles.items()}, set(self.poisoned),
            {s: list(h) for s, h in self.hands.items()}, list(self.pile), list(self.aside),
            list(self.living), {s: dict(k) for s, k in self.knows_tile.items()},
            {s: set(k) for s, k in self.knows_role.items()}, list(self.discard), list(self.removed),
            list(self.removed_tiles), self.phase, self.active, self.turn, list(self.last_queue),
            None if self.pending is None else self.pending.copy(),
            set(self.used), set(self.revealed), {s: list(a) for s, a in self.answers.items()},
            self.queen_gift, {s: list(c) for s, c in self.deaths.items()}, list(self.revived),
            self.snow_white_fell, self.ended, list(self.log), self.moves,
        )
