"""Whose move it is, and the choices of a pending decision, for every family.

A family's state has `ended`, `pending` (an `engine.decision.Pending` or None) and
`active`: the seat whose turn it is when no decision is pending, or None in a family
where every move answers a pending decision.
"""
from __future__ import annotations

from typing import Protocol

from engine.action import Action
from engine.contract import Ending
from engine.decision import Pending
from engine.events import Event, public


class Table(Protocol):
    @property
    def ended(self) -> Ending | None: ...
    @property
    def pending(self) -> Pending | None: ...
    @property
    def active(self) -> str | None: ...
    @property
    def log(self) -> list[Event]: ...


def to_act(state: Table) -> tuple[str, ...]:
    """The seats that may act now: none once the game is over."""
    if state.ended is not None:
        return ()
    if state.pending is not None:
        return (state.pending.seat,)
    return () if state.active is None else (state.active,)


def pending_choices(state: Table, seat: str, stop: Action) -> list[Action] | None:
    """The legal actions while a decision is pending (its options, then stopping), [] for
    a seat not to act, None when no decision is pending and the family must say."""
    if seat not in to_act(state):
        return []
    if state.pending is not None:
        return [*state.pending.options, stop]
    return None


def decision_choices(state: Table, seat: str, stop: Action) -> list[Action]:
    """The legal actions in a family whose every move answers a pending decision."""
    return pending_choices(state, seat, stop) or []


def record(state: Table, log: list[Event]) -> list[Event]:
    """End a move: tell the ending if the move brought one, and keep the move's events
    in the state's log. Returns the move's events."""
    if state.ended is not None:
        log.append(public("ending", ending=state.ended.id, cause=state.ended.cause, **state.ended.detail))
    state.log.extend(log)
    return log


def ending(state: Table) -> Ending | None:
    return state.ended

