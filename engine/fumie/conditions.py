"""Conditions in card and sheet text ("if 'Takeo' is face up in a discard pile").

Written in the story files as small TOML tables (see stories/fumie/VOCABULARY.md),
compiled once at load time into plain functions so playouts pay nothing to parse them.
A condition refers only to what both players can see: face-up cards and removed cards.
Face-down cards are never referred to, as the rulebook says.
"""
from __future__ import annotations

from typing import Callable, Literal, Protocol

from engine.storyfiles import Field, Frozen, model_validator


class Table(Protocol):
    """What a condition may look at; both the state and a seat's view provide it."""

    def face_up_in(self, card: str, pile: str | None) -> bool: ...
    def is_removed(self, card: str) -> bool: ...
    def culprit_revealed(self) -> bool: ...


Test = Callable[[Table, str], bool]  # (table, the seat using the card) -> holds?


class Condition(Frozen):
    face_up: str | None = None
    pile: str = Field("any", pattern="^(any|user|opponent)$")
    removed: str | None = None
    culprit: Literal["revealed"] | None = None
    not_: "Condition | None" = Field(None, alias="not")
    all: "list[Condition] | None" = None
    any: "list[Condition] | None" = None

    @model_validator(mode="after")
    def _one_test(self) -> "Condition":
        given = [k for k in ("face_up", "removed", "culprit", "not_", "all", "any") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                "a condition needs exactly one of face_up, removed, culprit, not, all, any"
                f" (got {', '.join(g.rstrip('_') for g in given) or 'none'})"
            )
        return self

    def card_ids(self) -> list[str]:
        """Every card this condition names, for checking references at load time."""
        if self.face_up is not None:
            return [self.face_up]
        if self.removed is not None:
            return [self.removed]
        if self.culprit is not None:
            return []
        if self.not_ is not None:
            return self.not_.card_ids()
        return [c for sub in (self.all or self.any or []) for c in sub.card_ids()]

    def compile(self, other: Callable[[str], str]) -> Test:
        """A function deciding the condition; `other(seat)` names the opponent of a seat."""
        if self.face_up is not None:
            card, pile = self.face_up, self.pile
            if pile == "any":
                return lambda t, user: t.face_up_in(card, None)
            if pile == "user":
                return lambda t, user: t.face_up_in(card, user)
            return lambda t, user: t.face_up_in(card, other(user))
        if self.removed is not None:
            card = self.removed
            return lambda t, user: t.is_removed(card)
        if self.culprit is not None:
            return lambda t, user: t.culprit_revealed()
        if self.not_ is not None:
            inner = self.not_.compile(other)
            return lambda t, user: not inner(t, user)
        parts = [c.compile(other) for c in (self.all or self.any or [])]
        if self.all is not None:
            return lambda t, user: all(p(t, user) for p in parts)
        return lambda t, user: any(p(t, user) for p in parts)

