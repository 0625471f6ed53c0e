"""Whose move it is, for families whose state has an active seat and may hold a pending
decision (a choice inside an effect, made by whoever it names)."""
from __future__ import annotations


def to_act(state) -> tuple[str, ...]:
    if state.ended is not None:
        return ()
    return (state.pending.seat,) if state.pending is not None else (state.active,)


def pending_choices(state, seat: str, stop) -> list | None:
    """The legal actions while a decision is pending (its options, or stopping), [] for a
    seat not to act, None when no decision is pending and the family must say."""
    if state.ended is not None or seat not in to_act(state):
        return []
    if state.pending is not None:
        return [*state.pending.options, stop]
    return None


def record(state, log: list) -> list:
    """End a move: tell the ending if the move brought one, and keep the move's events
    in the state's log. Returns the move's events."""
    if state.ended is not None:
        from engine.events import public

        log.append(public("ending", ending=state.ended.id, cause=state.ended.cause, **state.ended.detail))
    state.log.extend(log)
    return log


def ending(state):
    return state.ended
