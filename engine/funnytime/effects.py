"""Carrying out effects: the interpreter of the story's operation vocabulary.

Effects make no choices: every step names its own target (a position, "all", the
rival's panel, the latest card of a pile, the star that relights soonest), so an
effect runs to its end at once. See stories/funnytime/VOCABULARY.md.

Also here: drawing, putting stars out, and the two defeats an effect can cause at any
moment (a Botsu Box reaching its limit, a planisphere gone dark).
"""
from __future__ import annotations

from itertools import filterfalse, islice

from engine.contract import Ending
from engine.events import Event, private, public
from engine.funnytime.content import LOW_SKY, POSITIONS, STOPPED, Step
from engine.funnytime.state import Slot, State


# --- the table's own movements ---------------------------------------------------------

def draw(state: State, seat: str, count: int, log: list[Event], why: str = "draw") -> list[str]:
    """Draw up to `count` cards into the hand; an empty deck gives what it has."""
    side = state.sides[seat]
    drawn = [side.deck.pop() for _ in range(min(count, len(side.deck)))]
    side.hand.extend(drawn)
    log.append(public("draw", seat=seat, count=len(drawn), why=why))
    if drawn:
        log.append(Event("draw_seen", {"seat": seat, "cards": drawn}, state.content.only[seat]))   # as game.py tells secrets
    return drawn


def leave_hand(state: State, seat: str, card: str) -> None:
    """A card leaves the hand in the open: the rival no longer counts it as there."""
    side = state.sides[seat]
    side.hand.remove(card)
    if card in side.open_hand:
        side.open_hand.remove(card)


def put_out(state: State, seat: str, star: str) -> None:
    state.sides[seat].dark[star] = state.number + state.content.relights[star]


def soonest(state: State, seat: str, count: int) -> list[str]:
    """The first `count` lit stars of `seat`, those that would relight soonest first (then
    sky order): what paying in full, or a douse, puts out."""
    return list(islice(filterfalse(state.sides[seat].dark.__contains__, state.content.soonest), count))


def is_dark(state: State, seat: str) -> bool:
    return state.lit_count(seat) == 0


def defeat(state: State, losers: list[str], cause: str) -> None:
    """The duel ends: `losers` met a defeat condition at the same moment (both: no verdict)."""
    if state.ended is not None:
        return
    state.pending = None
    if len(losers) == 1:
        winner = state.opponent(losers[0])
        state.ended = Ending(state.content.ending_id(cause, winner), cause,
                             {"winner": winner, "loser": losers[0]})
    else:
        state.ended = Ending(STOPPED, cause, {"winner": None, "loser": None})


def check_dark(state: State, seats, log: list[Event]) -> None:
    """Whoever of `seats` has no lit star left loses; both at once is no verdict."""
    dark = [s for s in seats if is_dark(state, s)]
    if dark:
        defeat(state, dark, "dark")


def check_botsu(state: State, seat: str) -> None:
    if state.botsu_icons(seat) >= state.content.table.botsu_limit:
        defeat(state, [seat], "botsu")


def reject(state: State, seat: str, slot: Slot, log: list[Event]) -> None:
    """A beaten panel leaves the Manuscript: to the Botsu Box, or to the Lost Hole if spared."""
    side = state.sides[seat]
    slot.beaten = slot.gone = True
    (side.lost if slot.spare else side.botsu).append(slot.card)
    total, limit = state.botsu_icons(seat), state.content.table.botsu_limit
    log.append(public("rejected", seat=seat, card=slot.card, position=slot.position, spared=slot.spare,
                      icons=state.content.icons(slot.card), total=total, limit=limit))
    if not slot.spare and total >= limit:     # (check_botsu, with the total just counted)
        defeat(state, [seat], "botsu")


# --- running steps ---------------------------------------------------------------------

def works(state: State, slot: Slot) -> bool:
    """A misplaced panel's own effects do not work, unless its card says they do."""
    return not slot.misplaced or state.content.koma[slot.card].works_on_miss


def run(state: State, seat: str, steps, card: str, log: list[Event], slot: Slot | None = None) -> None:
    for step in steps:
        if state.ended is not None:
            return
        if step.if_ is not None and not _holds(state, seat, step.if_):
            log.append(public("effect", seat=seat, card=card, op="nothing", why=step.if_))
            continue
        OPERATIONS[step.op](state, seat, step, card, slot, log)


def _holds(state: State, seat: str, condition: str) -> bool:
    mine, theirs = state.botsu_icons(seat), state.botsu_icons(state.opponent(seat))
    if condition == "behind":
        return mine > theirs
    if condition == "ahead":
        return mine < theirs
    return state.lit_count(seat) <= LOW_SKY        # low_sky


def panels(state: State, seat: str, target: str, slot: Slot | None) -> tuple[str, list[Slot]]:
    """(whose panels, which of them) a target names; panels that have left are skipped."""
    rival = state.opponent(seat)
    if target == "self":
        return seat, [slot] if slot is not None and not slot.gone else []
    if target == "next":
        later = POSITIONS[POSITIONS.index(slot.position) + 1:] if slot is not None else ()
        return seat, [s for s in state.sides[seat].manuscript if s.position in later and not s.gone][:1]
    if target == "facing":
        pos = slot.position if slot is not None else None
        return rival, [s for s in state.sides[rival].manuscript if s.position == pos and not s.gone]
    whose = rival if target.startswith("rival_") else seat
    where = target[6:] if target.startswith("rival_") else target
    return whose, [s for s in state.sides[whose].manuscript if not s.gone and where in ("all", s.position)]


def _fp(state, seat, step: Step, card, slot, log):
    whose, hit = panels(state, seat, step.target, slot)
    for s in hit:
        s.bonus += step.amount
    log.append(public("effect", seat=seat, card=card, op="fp", amount=step.amount, whose=whose,
                      positions=[s.position for s in hit]))


def _flag(name: str):
    def op(state, seat, step: Step, card, slot, log):
        whose, hit = panels(state, seat, step.target, slot)
        for s in hit:
            setattr(s, name, True)
        log.append(public("effect", seat=seat, card=card, op=name, whose=whose,
                          positions=[s.position for s in hit]))
    return op


def _draw(state, seat, step: Step, card, slot, log):
    drawn = draw(state, seat, step.count, log, why="effect")
    log.append(public("effect", seat=seat, card=card, op="draw", count=len(drawn)))


def _relight(state, seat, step: Step, card, slot, log):
    dark = state.sides[seat].dark
    order = state.content.star_index
    due = sorted(dark, key=lambda s: (dark[s], order[s]))[:step.count]
    for s in due:
        del dark[s]
    log.append(public("effect", seat=seat, card=card, op="relight", count=len(due),
                      stars=[state.content.star[s].name for s in due]))


def _douse(state, seat, step: Step, card, slot, log):
    rival = state.opponent(seat)
    out = soonest(state, rival, step.count)
    for s in out:
        put_out(state, rival, s)
    log.append(public("effect", seat=seat, card=card, op="douse", whose=rival, count=len(out),
                      stars=[state.content.star[s].name for s in out]))
    check_dark(state, [rival], log)


def _move(source: str, dest: str, rival: bool):
    """Koma cards from one pile to another, the latest first."""
    def op(state, seat, step: Step, card, slot, log):
        whose = state.opponent(seat) if rival else seat
        side = state.sides[whose]
        pile, to = getattr(side, source), getattr(side, dest)
        latest = [i for i in range(len(pile) - 1, -1, -1) if state.content.is_koma(pile[i])][:step.count]
        moved = [pile.pop(i) for i in latest]      # descending indices: each pop leaves the rest in place
        to.extend(moved)
        if dest == "hand":
            side.open_hand.extend(moved)
        log.append(public("effect", seat=seat, card=card, op=step.op, whose=whose, cards=moved))
        if dest == "botsu":
            check_botsu(state, whose)
    return op


def _discard(state, seat, step: Step, card, slot, log):
    rival = state.opponent(seat)
    hand = state.sides[rival].hand
    gone = []
    for _ in range(min(step.count, len(hand))):
        c = hand[state.rng.randrange(len(hand))]
        leave_hand(state, rival, c)
        state.sides[rival].lost.append(c)
        gone.append(c)
    log.append(public("effect", seat=seat, card=card, op="discard", whose=rival, cards=gone))


def _free_upkeep(state, seat, step: Step, card, slot, log):
    state.sides[seat].free_upkeep = True
    log.append(public("effect", seat=seat, card=card, op="free_upkeep"))


def _peek(state, seat, step: Step, card, slot, log):
    rival = state.opponent(seat)
    pos = step.target[6:]
    found = next((s for s in state.sides[rival].manuscript if s.position == pos), None)
    log.append(public("effect", seat=seat, card=card, op="peek", whose=rival, positions=[pos]))
    if found is None:
        log.append(private("peek", (seat,), seat=seat, position=pos, card=None, orientation=None))
        return
    state.sides[seat].peeks[pos] = (found.card, found.orientation)
    log.append(private("peek", (seat,), seat=seat, position=pos, card=found.card,
                       orientation=found.orientation))


OPERATIONS = {
    "fp": _fp,
    "draw": _draw,
    "relight": _relight,
    "douse": _douse,
    "rescue": _move("botsu", "lost", rival=False),
    "bury": _move("lost", "botsu", rival=True),
    "recall": _move("lost", "hand", rival=False),
    "discard": _discard,
    "spare": _flag("spare"),
    "tiebreak": _flag("tiebreak"),
    "free_upkeep": _free_upkeep,
    "peek": _peek,
}
