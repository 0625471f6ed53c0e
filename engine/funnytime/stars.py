"""Paying in stars: the choice of which lit stars to spend, the payments of a moment made
by both artists and judged together, and the Stock Pool's upkeep at the end of a 本.

The phases here are run by `engine.funnytime.game`'s phase machine like its own.
"""
from __future__ import annotations

from functools import lru_cache
from itertools import filterfalse
from typing import Callable

from engine.events import Event, public
from engine.funnytime import effects
from engine.funnytime.actions import PAY, Action, interned
from engine.funnytime.state import Pending, Side, State


def pay_options(state: State, seat: str, owed: int) -> tuple[Action, ...] | None:
    """The choice of stars to spend, or None when there is none to make (every lit star
    goes, or they all relight after the same number of 本). Stars that relight after the
    same number of 本 are alike: the first lit one of each length is offered."""
    if owed >= state.lit_count(seat):
        return None
    dark = state.sides[seat].dark
    firsts = []
    for alike in state.content.alike:
        for s in alike:
            if s not in dark:
                firsts.append(s)
                break
    return _offered(tuple(firsts)) if len(firsts) > 1 else None


@lru_cache(maxsize=4096)   # bounded; the same few choices come back bill after bill
def _offered(firsts: tuple[str, ...]) -> tuple[Action, ...]:
    """The choice offered by a sky whose first lit stars of each length are `firsts`:
    the very same tuple each time, so its choices are made once (game.py's `_offers`)."""
    return (PAY, *(interned("spend", s) for s in firsts))


def _respent(state: State, side: Side, offered: tuple[Action, ...], star: str, lit: int
             ) -> tuple[Action, ...] | None:
    """`pay_options` once `star`, one of the stars `offered` just before, has been spent
    (`lit` are left): only the first lit star of its length has changed (to the next of
    that length, if any)."""
    if side.owed >= lit:
        return None
    firsts = [a.args[0] for a in offered[1:]]
    nxt = next(filterfalse(side.dark.__contains__, state.content.alike_of[star]), None)
    if nxt is None:
        firsts.remove(star)
    else:
        firsts[firsts.index(star)] = nxt
    return _offered(tuple(firsts)) if len(firsts) > 1 else None


def _spend(state: State, side: Side, star: str) -> None:
    side.dark[star] = state.number + state.content.relights[star]     # put out (effects.put_out)
    side.owed -= 1
    side.spent.append(star)


def _ask(state: State, seat: str, reason: str, options: tuple[Action, ...] | None) -> bool:
    """Ask `seat` which stars to spend next for its bill, if there is a choice to make."""
    if options is None:
        return False
    state.pending = Pending(seat, "pay", options, {"bill": state.sides[seat].owed, "reason": reason})
    return True


def _ask_on(state: State, answered: Pending, options: tuple[Action, ...] | None, owed: int) -> None:
    """Ask on in the payment just `answered`, if there is a choice left, as `_ask` would."""
    if options is not None:
        answered.options = options
        answered.data["bill"] = owed
        state.pending = answered


def _settle(state: State, seat: str, reason: str, log) -> bool:
    """Go on paying `seat`'s bill; True when it is paid (or nothing more can be)."""
    side = state.sides[seat]
    while side.owed > 0 and state.lit_count(seat):
        if _ask(state, seat, reason, pay_options(state, seat, side.owed)):
            return False
        for s in effects.soonest(state, seat, side.owed):
            _spend(state, side, s)
    if side.spent:
        log.append(public("paid", seat=seat, reason=reason, count=len(side.spent),
                          stars=[state.content.star[s].name for s in side.spent],
                          lit=state.lit_count(seat)))
    side.owed, side.spent = None, []
    return True


def decide_pay(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    side = state.sides[seat]
    if action.verb == "pay":
        for s in effects.soonest(state, seat, side.owed):
            _spend(state, side, s)
        return      # paid in full: the phase tells it and goes on
    star = action.args[0]
    _spend(state, side, star)
    # One star at a time is most of paying's moves: the next choice is asked at once, as
    # the phase would ask it (which, once there is none left, spends the rest and goes on),
    # and made from this one.
    lit = len(state.content.stars) - len(side.dark)
    if side.owed > 0 and lit:
        _ask_on(state, pending, _respent(state, side, pending.options, star, lit), side.owed)


def pay_phase(reason: str, bill: Callable[[State, str], int], then: str) -> Callable[[State, list[Event]], None]:
    """The phase in which both artists pay their `bill`, the first then the second; the
    sky is checked when both have, and the 本 goes on to `then`."""
    def paying(state: State, log: list[Event]) -> None:
        if state.index >= 2:
            effects.check_dark(state, state.seats, log)
            if state.ended is None:
                state.goto(then)
            return
        seat = state.seats[state.index]
        side = state.sides[seat]
        if side.owed is None:
            side.owed = bill(state, seat)
            side.spent = []
        if _settle(state, seat, reason, log):
            state.index += 1
    return paying


# --- the Stock Pool's upkeep -----------------------------------------------------------------

def upkeep_phase(state: State, log: list[Event]) -> None:
    if state.index >= 2:
        effects.check_dark(state, state.seats, log)
        if state.ended is None:
            state.goto("deadline")
        return
    seat = state.seats[state.index]
    side = state.sides[seat]
    if side.owed is None:
        if side.free_upkeep:
            side.kept = list(side.stock)
        decided = len(side.kept)
        if decided < len(side.stock):
            card = side.stock[decided]
            state.pending = Pending(seat, "upkeep", _upkeep_options(card),
                                    {"card": card, "cost": state.content.cost(card),
                                     "kept": sum(state.content.cost(c) for c in side.kept)})
            return
        side.owed = 0 if side.free_upkeep else sum(state.content.cost(c) for c in side.kept)
        side.spent = []
        if side.kept:
            log.append(public("kept", seat=seat, cards=list(side.kept), cost=side.owed, free=side.free_upkeep))
    if _settle(state, seat, "upkeep", log):
        side.kept = []
        state.index += 1


@lru_cache(maxsize=512)   # bounded: one for each Stock Pool card of the box
def _upkeep_options(card: str) -> tuple[Action, ...]:
    return interned("keep", card), interned("release", card)


def decide_upkeep(state: State, seat: str, action: Action, pending: Pending, log) -> None:
    side = state.sides[seat]
    card = action.args[0]
    if action.verb == "keep":
        side.kept.append(card)
    else:
        side.stock.pop(len(side.kept))
        side.lost.append(card)
        log.append(public("released", seat=seat, card=card))
