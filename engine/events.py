"""Events: what happened, and who may be told.

An event is the only thing a seat hears about the game besides its view. `seats` is
None when everyone may be told, else the seats that may.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


# Not frozen: the rules make several events at every move, and a frozen dataclass pays a
# guarded setattr for each field (most of what making one costs). An event was never
# hashable (its data is a dict), and nothing changes one once it is in the log. Its own
# __init__ for the same reason: the generated one tests for a default factory at every
# event (a tenth of making one, timed in one process against the generated one).
@dataclass(slots=True, init=False)
class Event:
    kind: str
    data: dict[str, Any]
    seats: frozenset[str] | None

    def __init__(self, kind: str, data: dict[str, Any] | None = None,
                 seats: frozenset[str] | None = None) -> None:
        self.kind = kind
        self.data = {} if data is None else data
        self.seats = seats

    def visible_to(self, seat: str | None) -> bool:
        """Whether `seat` may be told of this event; `None` is a spectator of public events."""
        return self.seats is None or (seat is not None and seat in self.seats)


def public(kind: str, **data: Any) -> Event:
    return Event(kind, data)


def private(kind: str, seats: tuple[str, ...], **data: Any) -> Event:
    return Event(kind, data, frozenset(seats))


def told(log: list[Event], seat: str | None, clock: dict[str | None, tuple[int, int]] | None = None) -> int:
    """How many events of the log `seat` has been told: a seat's own clock (a view's
    `moment`), which another seat's private events never move.

    `clock` (a dict the state keeps beside its log, never copied with it) remembers how
    far each seat's count has read, so a view built after every action reads only the
    events that came since: a log only grows (one cut back is read again from the top)."""
    if clock is None:
        return _count(log, seat)
    read, count = clock.get(seat, (0, 0))
    if read > len(log):
        read = count = 0
    if read < len(log):
        count += _count(log[read:] if read else log, seat)
        clock[seat] = (len(log), count)
    return count


def _count(events: list[Event], seat: str | None) -> int:
    # A plain loop: a view counts at every decision, and this is half the time of
    # sum() over a generator.
    n = 0
    for e in events:
        seats = e.seats
        if seats is None or seat in seats:
            n += 1
    return n
