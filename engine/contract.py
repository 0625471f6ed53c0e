"""The protocol every game family implements (see DESIGN.md, "The engine contract").

A family module exposes these functions; interfaces (REPL, bots, saves, network) use
only them, so they serve every story without special cases.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, Sequence

from engine.events import Event


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended: the ending-book page `id`, and why (`cause`, free detail)."""

    id: str
    cause: str
    detail: dict[str, Any]


class Action(Protocol):
    def __str__(self) -> str: ...


class Family(Protocol):
    def new_game(self, content: Any, seats: Sequence[str], seed: int, options: dict) -> Any: ...
    def to_act(self, state: Any) -> tuple[str, ...]: ...
    def legal_actions(self, state: Any, seat: str) -> list[Action]: ...
    def parse_action(self, text: str) -> Action: ...
    def apply(self, state: Any, seat: str, action: Action) -> list[Event]: ...
    def view(self, state: Any, seat: str) -> Any: ...
    def ending(self, state: Any) -> Ending | None: ...
