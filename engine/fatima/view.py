"""What one seat may see: the only window on the state for a REPL, bot or peer.

Built fresh from the state for one seat. Secrets stay out by construction: another
nation's hand appears only as a number, its king only once turned face up (or seen in
secret by this seat), and a card laid face down in a combat only to the seat that laid
it, until both cards are turned up together.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from engine.events import told
from engine.contract import Ending
from engine.decision import Decision
from engine.fatima import combat, points
from engine.fatima.content import Content
from engine.fatima.game import choices
from engine.fatima.state import State


@dataclass(frozen=True, slots=True)
class Face:
    """A card as printed: every card has one face, and anyone who sees it may read it."""

    id: str
    kind: str          # king, person, fatima, event, action
    name: str
    text: str
    role: str = ""     # knight / diver / commoner; turn / combat for actions
    combat: str = ""   # as printed: 3/4, (7), (-)
    military: int = 0  # kings
    points: int = 0    # Fatima: printed points
    decree: str = ""   # kings: the decree's name and text

    @staticmethod
    def of(card) -> "Face":
        kind = card.kind
        if kind == "king":
            return Face(card.id, kind, card.name, card.text, "king", card.combat, card.military,
                        decree=f"{card.decree.name}: {card.decree.text}")
        if kind == "person":
            return Face(card.id, kind, card.name, card.text, card.role, card.combat)
        if kind == "fatima":
            return Face(card.id, kind, card.name, card.text, points=card.points)
        if kind == "action":
            return Face(card.id, kind, card.name, card.text, card.use, card.combat or "")
        return Face(card.id, kind, card.name, card.text)


@dataclass(frozen=True, slots=True)
class FatimaView:
    face: Face
    value: int | None          # her points in this nation now; None when a hidden king decides


# A nation's view is made again whenever its hand's size changes (a third of the nations
# of a view), and a frozen dataclass pays a guarded setattr for each of its fields: a
# plain slotted one, hashed by its fields as a frozen one is. Nothing changes one once
# made (views share it), as nothing changes a View.
@dataclass(slots=True, unsafe_hash=True)
class NationView:
    seat: str
    king: Face | None          # known to this seat: its own, a turned-up king, or one seen in secret
    king_shown: bool           # face up for all
    decree_used: bool
    hand: int                  # how many cards
    fatima: tuple[FatimaView, ...]
    score: int                 # Fatima points as this seat can count them
    score_certain: bool        # False when a rule names kings and this king is not known


@dataclass(slots=True, unsafe_hash=True)   # made for a view in combat: as NationView
class CombatView:
    attacker: str
    defender: str
    fatima: str
    attack_king: bool          # the king rode out (seen by all); which king is not yet known
    my_card: Face | None       # the card this seat laid face down, if it is a side


# Made afresh for every decision and holding only tuples and values no one changes, so a
# plain slotted dataclass: a frozen one pays a guarded setattr for each of its 21 fields,
# a large part of what a view cost. Of what views share, the faces and the Fatima as seen
# are frozen; a nation's view is plain (made too often to pay the guard).
@dataclass(slots=True)
class View:
    seat: str
    seats: tuple[str, ...]
    players: int
    turn: int
    active: str
    first: str
    deck: int
    final_round: bool
    final_left: tuple[str, ...]
    hand: tuple[Face, ...]               # this seat's hand, positions 1..N
    king: Face                           # this seat's own king
    military: int                        # this seat's hand limit
    nations: tuple[NationView, ...]      # every nation in turn order, this seat's included
    discard: tuple[Face, ...]            # oldest first, face up for all (`_discard`)
    truce_until: str | None
    wards: tuple[str, ...]
    combat: CombatView | None
    decision: Decision | None
    legal: tuple[str, ...]
    ending: Ending | None
    moment: int                          # events told to this seat so far: its own clock
    # At this seat's turn, what it may attack now and with what, as its attack actions
    # name them (both seen by all, or by the seat in its own hand): the Fatima (nation,
    # Fatima) in the order offered, and its combatants (hand positions, then `king`).
    targets: tuple[tuple[str, str], ...] = ()
    combatants: tuple[str, ...] = ()

    def nation(self, seat: str) -> NationView:
        return self.nations[self.seats.index(seat)]   # the nations are in turn order

    def to_dict(self) -> dict:
        return asdict(self)


def _later(slot, raw: type, make) -> property:
    """A field of a view made when first read: `view` leaves in the field's slot what
    to make it from (a value of type `raw`), and the first read makes it (`make`) and
    keeps it there. Made, it is the field a view made whole holds: views compare, copy,
    pickle and turn into plain data as before. Each part left so is one the family's
    bots seldom or never read, and dear to make at every view. `slot` is the field's own
    (the dataclass's `__slots__`): writing to it goes straight there, with no Python
    call, as the view is made."""
    get, put = slot.__get__, slot.__set__

    def read(view):
        got = get(view)
        if got.__class__ is raw:
            got = make(got)
            put(view, got)
        return got

    return property(read, put)


def _discard(later: list) -> tuple[Face, ...]:
    """The discard pile's faces, left as [content, ids...]: read only for a card that
    recalls from it, and the pile grows all game. (A list that does not begin with the
    box is a pile of faces a view was made with by hand: kept as it is.)"""
    if not later or later[0].__class__ is not Content:
        return later
    faces = _faces(later[0])
    return tuple([faces[c] for c in later[1:]])


View.discard = _later(View.discard, list, _discard)


_PROMPTS = {
    "turn": "Your turn: pass, use an Action card or your king's decree, attack for a Fatima, or unveil one of yours.",
    "defend": "You are attacked. Avoid (hand the Fatima over) or fight with a card laid face down.",
    "discard": "Your hand is over your military power: choose a card to discard.",
    "pass_left": "Choose a card to pass, face down, to the nation on your left.",
    "tribute": "Choose a card to give as tribute.",
    "may_unveil": "You may unveil one of your Fatima, or pass.",
    "march": "Forced March: you may attack now, or pass.",
    "swap": "Choose which of your Fatima goes in exchange.",
    "spy": "Choose the nation whose king you will see in secret.",
}

# Views are built after every action, for every seat: the faces of a box, and the view of
# a nation seen the same way, are frozen values made once. The caches are bounded, and
# hold the content itself (never its id, which a later box could reuse).
@lru_cache(maxsize=8)
def _faces(content: Content) -> dict[str, Face]:
    return {cid: Face.of(card) for cid, card in content.cards.items()}


@lru_cache(maxsize=1024)
def _nation(content: Content, seat: str, known: str | None, court: tuple[str, ...], hand: int,
            king_shown: bool, decree_used: bool) -> NationView:
    fatima, score, certain = _court(content, court, known)
    return NationView(seat, _faces(content)[known] if known else None, king_shown, decree_used, hand,
                      fatima, score, certain)


# A nation's hand changes at nearly every turn, its court and known king far less often:
# the court as seen (her faces and values, their sum, whether it is certain) is kept apart.
@lru_cache(maxsize=1024)
def _court(content: Content, court: tuple[str, ...], known: str | None) -> tuple[tuple[FatimaView, ...], int, bool]:
    ruled = content.king_ruled
    vals = points.values(content, court, known)
    fatima = tuple([_fatima(content, f, None if known is None and f in ruled else vals[f]) for f in court])
    return fatima, sum(vals.values()), known is not None or not ruled.intersection(court)


# A Fatima as seen is her face and her worth: a few of each (bounded).
@lru_cache(maxsize=1024)
def _fatima(content: Content, fatima: str, value: int | None) -> FatimaView:
    return FatimaView(_faces(content)[fatima], value)


def view(state: State, seat: str) -> View:
    content = state.content
    faces = _faces(content)
    intel = state.intel.get(seat, ())    # the nations whose king this seat saw in secret (seldom any)
    nations = []
    for s in state.seats:
        n = state.nations[s]
        known = n.king if (s == seat or n.king_shown or s in intel) else None
        nations.append(_nation(content, s, known, tuple(n.fatima), len(n.hand), n.king_shown, n.decree_used))

    c = state.combat
    combat = None
    if c is not None:
        mine = None
        if seat == c.attacker:
            mine = faces[c.attack]
        elif seat == c.defender and c.defend is not None:
            mine = faces[c.defend]
        combat = CombatView(c.attacker, c.defender, c.fatima, c.attack_king, mine)
    p = state.pending
    decision, legal = None, ()
    targets, fighters = (), ()
    if p is not None and p.seat == seat and state.ended is None:
        legal = choices(state, seat).texts
        decision = Decision(p.kind, legal[:-1], _PROMPTS[p.kind])
        if p.kind == "turn":
            targets, fighters = _targets(state, seat)
    me = state.nations[seat]
    return View(
        seat, state.seats, len(state.seats), state.turn, state.active, state.first, len(state.deck),
        state.final_round, tuple(state.final_left or ()), tuple(map(faces.__getitem__, me.hand)),
        faces[me.king], content.kings[me.king].military, tuple(nations),
        [content, *state.discard], state.truce_until,
        tuple(sorted(state.wards)) if state.wards else (),   # seldom any
        combat, decision, legal, state.ended, told(state.log, seat, state.clock), targets, fighters,
    )


def _targets(state: State, seat: str) -> tuple[tuple[tuple[str, str], ...], tuple[str, ...]]:
    """Every Fatima `seat` may attack now (`combat.courts_to_attack`), and what it may
    attack with: the rows of its turn's attacks (`combat.attack_options`), so a player
    weighs a row without reading its texts."""
    courts = combat.courts_to_attack(state, seat)
    targets = tuple([(other, f) for other, court in courts.items() for f in court])
    return targets, (combat.combatants(state, seat, "attack") if targets else ())
