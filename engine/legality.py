"""The one place where an action is found legal or not, for every family."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from engine.errors import GameOver, IllegalAction, NotYourTurn


def check(state: Any, seat: str, action: object, *, over: bool,
          to_act: Callable[[Any], Sequence[str]],
          legal_actions: Callable[[Any, str], Sequence[object]]) -> None:
    """Raise the domain error a player's mistake deserves; return if the action is legal."""
    if over:
        raise GameOver("The game is over; start a new one to play again.")
    acting: Sequence[str] = to_act(state)
    if seat not in acting:
        raise NotYourTurn(f"It is {' or '.join(acting) or 'nobody'}'s move, not {seat}'s.")
    legal = legal_actions(state, seat)
    if action not in legal:
        raise IllegalAction(f"{str(action)!r} is not possible now.", legal=tuple(map(str, legal)))
