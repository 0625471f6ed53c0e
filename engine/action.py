"""An action: a verb and its words, a small frozen value whose text form round-trips.

Every family speaks in these (`up`, `exchange apple p3`, `attack p2 noor with king`), so
the REPL, saves, bots and the network all handle them the same way. Each family's own
`parse` says which verbs it knows and what their words may be.
"""
from __future__ import annotations

from dataclasses import dataclass


class _Written:
    """Room for an action's text once it is written (no field: not compared, hashed,
    shown or pickled)."""

    __slots__ = ("_text",)


@dataclass(frozen=True, slots=True)
class Action(_Written):
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        # Written once per action: a family that keeps its actions (the same few values
        # offered at moment after moment) has them shown at every moment, by every view.
        text: str | None = getattr(self, "_text", None)
        if text is None:
            text = " ".join((self.verb, *self.args))
            object.__setattr__(self, "_text", text)
        return text


def is_number(word: str) -> bool:
    """A whole number written in ASCII digits. `str.isdigit` also takes "²", "①" and
    other scripts' digits, which `int` then refuses or reads as another number."""
    return word.isascii() and word.isdigit()
