"""What one seat may see: the only window on the state for a REPL, bot or peer.

Built from the state for one seat; the seats' places at the table are kept in the state
between views while unchanged (the rules drop one whenever it changes). Secrets stay out
by construction: another seat's character appears only once this seat was told it
(Green's look, an answer, an ability shown, the feast); another seat's hand only as a
number of cards; an apple tile only as an id and where it lies, with what it is only for
tiles this seat has seen.
`log` is the story as this seat was told it: the events it may see, in order.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import lru_cache

from engine.applerulette.game import choices
from engine.applerulette.state import State
from engine import decision
from engine.contract import Ending


# Not frozen, as View below: a frozen dataclass sets each field through
# object.__setattr__, which made a place cost more than the look-up that keeps it; hashed
# by its fields as a frozen one is. Nothing writes to a place once made (the same one
# serves every view that shows the same words).
@dataclass(slots=True, unsafe_hash=True)
class Place:
    """One seat at the table as this seat sees it."""

    seat: str
    living: bool
    player: bool                  # False for the NPC
    hand: int                     # how many cards it holds (never which)
    apples: tuple[str, ...]       # the tiles it holds (ids; what they are: `known_apples`)
    character: str | None         # None unless this seat knows it
    shown: bool                   # its character was shown to the whole table


@dataclass(slots=True, unsafe_hash=True)     # as engine.decision.Decision
class Decision(decision.Decision):
    cards: tuple[str, ...] = ()   # the hand to use or discard from
    apples: tuple[str, ...] = ()  # the Queen's revealed tiles


# Not frozen, as a value of this many fields would be: a frozen dataclass sets each
# field through object.__setattr__, which costs more than the rest of a view. Nothing
# writes to a view once made; its collections are copies or the state's frozen values.
@dataclass(slots=True)
class View:
    seat: str
    seats: tuple[str, ...]
    players: int
    npc: str | None
    mix: int
    phase: str                    # "story", "last", "ending", "over"
    turn: int
    active: str
    moment: int                   # events told to this seat so far: its own clock
    cast: tuple[str, ...]         # the characters in play (public)
    poisoned_apples: int          # how many poisoned tiles the game began with (public)
    character: str | None         # this seat's own character (None for the NPC's seat)
    hand: tuple[str, ...]         # this seat's own cards (none for the NPC's seat)
    table: tuple[Place, ...]
    known_apples: dict[str, bool]   # tile -> poisoned, for the tiles this seat has seen
    answers: tuple[tuple, ...]    # (target, question, answer) this seat was given
    discard: tuple[str, ...]      # face up, oldest first
    pile: int
    aside: int
    removed: int                  # cards of eliminated seats, out of the game unseen
    last_queue: tuple[str, ...]   # who still has a last turn, in order
    ability_used: bool
    legal: tuple[str, ...]
    decision: Decision | None
    ending: Ending | None
    log: tuple[tuple[str, dict], ...]

    def place(self, seat: str) -> Place:
        return next(p for p in self.table if p.seat == seat)

    def to_dict(self) -> dict:
        """Plain data (for JSON): the same as dataclasses.asdict, without its deep copies."""
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["table"] = [asdict(p) for p in self.table]
        out["decision"] = None if self.decision is None else asdict(self.decision)
        out["ending"] = None if self.ending is None else asdict(self.ending)
        out["log"] = [list(entry) for entry in self.log]
        return out


_PROMPTS = {
    "progress": "Use one of your cards (naming whom it designates), or discard one face up.",
    "queen": "Your apple is poisoned. Name who must eat it (give SEAT), or keep it (keep).",
}


# A seat's place at the table, as the table sees it and as a seat that knows its
# character does: a pair of frozen values of a few words, made once for the same words
# (bounded): the key is only what is shown of the seat, to the table and to those who
# know it. So is a decision as its seat sees it (the same hands to play from come up game
# after game).
@lru_cache(maxsize=4096)
def _places(seat: str, living: bool, player: bool, hand: int, apples: tuple[str, ...], role: str,
            shown: bool) -> tuple[Place, Place]:
    seen = Place(seat, living, player, hand, apples, role, shown)
    return (seen if shown else Place(seat, living, player, hand, apples, None, False)), seen


_decision = lru_cache(maxsize=1024)(Decision)


def view(state: State, seat: str) -> View:
    me_player = seat in state.players
    roles, hands, tiles = state.roles, state.hands, state.tiles
    # The NPC's seat knows no character, not even its own.
    mine, knows = (seat, state.knows_role.get(seat, ())) if me_player else (None, ())
    npc = state.npc
    # Each seat's place as the table sees it, or with its character for the seat itself
    # and those it was told: the pair kept in the state while the seat's place is
    # unchanged (the rules drop it when it changes: State.moved).
    # (A loop, not a comprehension: on Python 3.11 a comprehension is a call of its own.)
    rows, places = state.rows, []
    for s in state.seats:
        row = rows.get(s)
        if row is None:
            row = rows[s] = _places(s, s in state.living, s != npc, len(hands[s]), tuple(tiles[s]), roles[s],
                                    s in state.revealed)
        places.append(row[1] if s == mine or s in knows else row[0])
    table = tuple(places)
    legal = choices(state, seat).texts
    decision = None
    p = state.pending
    if p is not None and p.seat == seat:
        prompt = p.data.get("prompt") or _PROMPTS[p.kind]
        # A pending decision's choices are its options, then stopping (legal.answering).
        decision = _decision(p.kind, legal[:-1], prompt,
                            tuple(hands[seat]) if p.kind == "progress" else (),
                            tuple(tiles[seat]) if p.kind == "queen" else ())
    log = state.told_to(seat)
    answers = state.answers.get(seat) if me_player else None
    return View(
        seat, state.seats, len(state.players), npc, state.mix, state.phase, state.turn,
        state.active, len(log), state.cast, len(state.poisoned),
        roles[seat] if me_player else None,
        tuple(hands[seat]) if me_player else (),
        table,
        dict(state.knows_tile.get(seat, {})),     # the NPC's seat: only what was shown to all
        tuple(map(tuple, answers)) if answers else (),     # most seats were given none
        tuple(state.discard), len(state.pile), len(state.aside), len(state.removed),
        tuple(state.last_queue), seat in state.used,
        legal, decision, state.ended, tuple(log),
    )
