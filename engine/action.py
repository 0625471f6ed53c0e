"""An action: a verb and its words, a small frozen value whose text form round-trips.

Every family speaks in these (`up`, `exchange apple p3`, `attack p2 noor with king`), so
the REPL, saves, bots and the network all handle them the same way. Each family's own
`parse` says which verbs it knows and what their words may be.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Action:
    verb: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.verb, *self.args))


def is_number(word: str) -> bool:
    """A whole number written in ASCII digits. `str.isdigit` also takes "²", "①" and
    other scripts' digits, which `int` then refuses or reads as another number."""
    return word.isascii() and word.isdigit()
