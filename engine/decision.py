"""A decision the engine waits for, and how a seat sees it.

A choice inside an effect ("choose a card in your discard", "designate a player") is not
a callback: it is a `Pending` held in the state, naming who decides, the legal answers
and plain data saying where the effect carries on. `turns.to_act` names its seat and
`turns.pending_choices` lists its options, so the REPL, bots, saves and the network
answer it like any other action. `Decision` is the part of it a view shows its seat.

Both are plain data: a state holding one can be copied, compared and saved. A family
that needs more (the step and the card that asked) extends them.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.action import Action


@dataclass(slots=True)
class Pending:
    seat: str
    kind: str                          # the family's name for this kind of decision
    options: tuple[Action, ...]
    data: dict[str, Any] = field(default_factory=dict)

    def copy(self) -> "Pending":
        return Pending(self.seat, self.kind, self.options, dict(self.data))


# Not frozen, as the views that hold one are not: a frozen dataclass sets each field
# through object.__setattr__, and a view is made at nearly every decision. Nothing writes
# to one once made; it hashes by its fields as before.
@dataclass(slots=True, unsafe_hash=True)
class Decision:
    kind: str
    options: tuple[str, ...]           # the options' text, in the engine's order
    prompt: str
