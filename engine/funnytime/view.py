"""What one seat may see: the only window on the state for a REPL, bot or peer.

Built from the state for one seat; each side's part is kept for that seat and built again
only once a move or phase may have changed a side. Secrets stay out by construction: the
rival's hand appears only as a count and the cards seen going into it; the rival's plan
(the panels, orientations, Make cards and rotations chosen in secret) never appears; the
rival's face-down panels are blanks until Show Time turns them up, except a panel a
Make card let this seat peek at. Everything else on the table is public: both Stock
Pools, Botsu Boxes, Lost Holes and planispheres.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from engine.events import told
from engine.contract import Ending
from engine.funnytime.content import MANUSCRIPT
from engine.funnytime.game import choices, fp
from engine.funnytime.state import State


@dataclass(frozen=True, slots=True)
class StarView:
    id: str
    name: str
    kana: str
    lit: bool
    relights: int | None          # the 本 at whose start a dark star relights


@dataclass(frozen=True, slots=True)
class Panel:
    position: str
    card: str | None              # None: a face-down panel of the rival's
    orientation: str | None
    source: str | None
    misplaced: bool | None
    rotation: str | None = None
    fp: int | None = None
    missed: bool = False
    battled: bool = False
    beaten: bool = False


# A side as seen is kept from view to view while nothing has changed it (`_side`), and
# shared by the views of one seat; nothing changes one once made. It is a plain slotted
# dataclass all the same: a frozen one pays a guarded setattr for each of its fifteen
# fields, eight times what the rest of making one costs, and a side is made again after
# nearly every phase. (The tests find every view equal to one built afresh.)
@dataclass(slots=True)
class SideView:
    seat: str
    deck_name: str
    hand: tuple[str, ...] | None     # None for the rival: their hand is secret
    hand_count: int
    open_hand: tuple[str, ...]       # cards the rival has seen go into this hand
    deck: int
    stock: tuple[str, ...]
    botsu: tuple[str, ...]
    botsu_icons: int
    lost: tuple[str, ...]
    played: tuple[str, ...]          # Make cards revealed this 本, waiting for their time
    stars: tuple[StarView, ...]
    lit: int
    manuscript: tuple[Panel, ...]
    ready: bool                      # has finished this phase's secret choices


# A view and its plan are made afresh for every decision, so they are plain slotted
# dataclasses too; they hold only tuples, sides and frozen values. The panels and stars
# in the sides are kept in caches shared by every seat and game, so they stay frozen.
@dataclass(slots=True)
class PlanView:
    """This seat's own secret choices so far (never the rival's)."""

    laid: tuple[tuple[str, str, str, str], ...]   # (position, card, orientation, source)
    makes: tuple[str, ...]
    make_cost: int
    rotations: tuple[tuple[str, str], ...]        # (position, rotation)
    hand: tuple[str, ...]                         # hand cards not yet used by the plan
    stock: tuple[str, ...]                        # Stock Pool cards not yet used
    to_lay: int


# The decision a view shows: engine.decision.Decision's fields and the decision's data.
# Made afresh for every view, as the view is, so a plain slotted dataclass: the frozen
# one it would be as a subclass pays a guarded setattr for each field, about what the
# rest of a view of Make Time costs.
@dataclass(slots=True)
class Decision:
    kind: str
    options: tuple[str, ...]           # the options' text, in the engine's order
    prompt: str
    data: dict


@dataclass(slots=True)
class View:
    seat: str
    seats: tuple[str, ...]
    number: int
    deadline: int
    phase: str
    me: SideView
    other: SideView
    plan: PlanView | None
    peeks: tuple[tuple[str, str, str], ...]       # rival (position, card, orientation) seen by a Make card
    legal: tuple[str, ...]
    decision: Decision | None
    ending: Ending | None
    moment: int                           # events told to this seat so far: its own clock
    botsu_limit: int
    miss_penalty: int

    def to_dict(self) -> dict:
        return asdict(self)


_PROMPTS = {
    "make": "Make Time: lay your panels face down, 起 承 転 結, and choose Make cards; `done` when ready.",
    "open": "Show Time: choose how to turn the panel face up.",
    "pay": "Pay in stars: `pay` spends those that relight soonest, or `spend STAR` one at a time.",
    "return": "You cannot field four Koma cards: choose the Make cards to return for a redraw.",
    "upkeep": "Upkeep of your Stock Pool: keep the card (pay its cost in stars) or release it to the Lost Hole.",
    "bonus": "Your rival suffered 星裁: you may draw the cards they lacked.",
}


def _sky(content, dark: dict, was: tuple[StarView, ...] | None = None, was_dark: dict | None = None
         ) -> tuple[StarView, ...]:
    """A planisphere as seen, each star lit or dark until the 本 it relights at. Given the
    same sky as last seen (`was`, when `was_dark` were dark), only the stars that have
    changed since are looked at again."""
    if was is None or was_dark is None:
        return tuple(_star(content, st.id, dark.get(st.id)) for st in content.stars)
    stars, place = list(was), content.star_index
    for sid, relights in dark.items():
        if was_dark.get(sid) != relights:
            stars[place[sid]] = _star(content, sid, relights)
    for sid in was_dark:
        if sid not in dark:
            stars[place[sid]] = _star(content, sid, None)
    return tuple(stars)


@lru_cache(maxsize=4096)   # bounded: stars x the few 本 they relight at
def _star(content, sid: str, relights: int | None) -> StarView:
    star = content.star[sid]
    return StarView(sid, star.name, star.kana, relights is None, relights)


# A panel as seen is a frozen value of a few words: made once for the same words (bounded).
# A face-down panel of the rival's is keyed by its position alone.
_panel = lru_cache(maxsize=4096)(Panel)


# The phases whose choices are made in secret, one artist after the other.
_SECRET = frozenset({"make", "show"})


def _side(state: State, seat: str, s: str) -> SideView:
    """`s`'s side of the table as `seat` sees it: the one built last, unless a move or a
    phase may have changed a side since (`state.changes`); its cards as they were if only
    stars have been put out since (`state.skies`), and its stars as they were but those
    that have changed (none, when the stars went out on the other side)."""
    ready = state.phase in _SECRET and state.index > state.seats.index(s)    # done with them
    sd = state.sides[s]
    kept = state.seen.get((seat, s))
    if kept is None:
        made = _cards(state, seat, s, _sky(state.content, sd.dark), ready)
    else:
        changes, skies, was, dark = kept
        if changes == state.changes and skies == state.skies and ready == was.ready:
            return was
        same_sky = sd.dark == dark
        stars = was.stars if same_sky else _sky(state.content, sd.dark, was.stars, dark)
        if changes != state.changes:
            made = _cards(state, seat, s, stars, ready)
        elif same_sky and ready == was.ready:
            # stars went out, but on the other side (a payment is one side's): this side
            # is the one built last
            state.seen[(seat, s)] = (changes, state.skies, was, dark)
            return was
        else:
            made = SideView(was.seat, was.deck_name, was.hand, was.hand_count, was.open_hand, was.deck,
                            was.stock, was.botsu, was.botsu_icons, was.lost, was.played, stars,
                            len(stars) - len(sd.dark), was.manuscript, ready)
    state.seen[(seat, s)] = (state.changes, state.skies, made, dict(sd.dark))
    return made


def _cards(state: State, seat: str, s: str, stars: tuple[StarView, ...], ready: bool) -> SideView:
    """`s`'s side as `seat` sees it, built from the state, with this sky."""
    sd = state.sides[s]
    mine = s == seat
    panels = []
    for slot in sd.manuscript:
        shown = slot.rotation is not None
        if mine or shown:
            panels.append(_panel(slot.position, slot.card, slot.orientation, slot.source, slot.misplaced,
                                 slot.rotation if shown else None, fp(state, slot) if shown else None,
                                 slot.missed, slot.battled, slot.beaten))
        else:
            panels.append(_panel(slot.position, None, None, None, None))
    return SideView(
        s, state.decks[s], tuple(sd.hand) if mine else None, len(sd.hand), tuple(sd.open_hand),
        len(sd.deck), tuple(sd.stock), tuple(sd.botsu), state.botsu_icons(s), tuple(sd.lost),
        tuple(sd.played), stars, len(stars) - len(sd.dark), tuple(panels), ready,
    )


def view(state: State, seat: str) -> View:
    table = state.content.table
    me = state.sides[seat]
    plan = None
    if me.plan is not None:
        mine = me.plan
        plan = PlanView(
            tuple(mine.laid), tuple(mine.makes), mine.cost, tuple(mine.rotations),
            tuple(mine.hand), tuple(mine.stock), mine.lay if state.phase == "make" else MANUSCRIPT,
        )
    legal = choices(state, seat)
    decision = None
    p = state.pending
    if p is not None and p.seat == seat and state.ended is None:
        # the choices of a decision are its options, then stopping (game.choices)
        decision = Decision(p.kind, legal.texts[:-1], _PROMPTS[p.kind], dict(p.data))
    # Both sides as this seat saw them last, while no move or phase may have changed them
    # (nor whose turn it is, which says whether each side is done with its secret choices):
    # the view after a step of Make Time or Show Time, most views, looks no further.
    last = state.last.get(seat)
    if last is not None and last[0] == state.changes and last[1] == state.skies \
            and last[2] == state.phase and last[3] == state.index:
        own, rival = last[4], last[5]
    else:
        seats = state.seats
        own, rival = _side(state, seat, seat), _side(state, seat, seats[1] if seat == seats[0] else seats[0])
        state.last[seat] = (state.changes, state.skies, state.phase, state.index, own, rival)
    return View(
        seat, state.seats, state.number, state.deadline, state.phase, own, rival, plan,
        tuple((pos, c, o) for pos, (c, o) in me.peeks.items()) if me.peeks else (),
        legal.texts, decision, state.ended, told(state.log, seat, state.clock),
        table.botsu_limit, table.miss_penalty,
    )
