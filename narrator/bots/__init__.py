"""Bots: seats played by the program, from their own view only, seeded.

A bot is made by name (`random`, `partner`) for a story and seat; `choose(view)` returns
an action in its text form, exactly as a human would type it.
"""
from __future__ import annotations

import zlib
from typing import Mapping, NamedTuple, Sequence

from engine.legality import Choices, texts_by_verb

NAMES = ("partner", "random")


class RandomBot:
    """Uniform among the legal actions. It never gives up: `stop` is a player's word, and
    a bot that chose it would end explore's games on a page no story means to be found
    that way."""

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, view) -> str:
        # A glance's choices are grouped by their family, which need not write every text
        # to do it (a turn of many attacks); a view's texts are grouped here.
        if view.__class__ is Glance:
            verbs, groups = view.grouped
        else:
            verbs, groups = texts_by_verb(tuple(view.legal))
        if not verbs:
            return "stop"
        # Drawn afresh from the seed and the moment, so a game continued from its save
        # plays on exactly as it would have without the interruption. One 64-bit draw
        # gives both choices: its high half the verb (picked first, so using a card face
        # up is as likely as face down), its low half the action of that verb.
        draw = drawn(self.seed * 1_000_003 + view.moment)
        words = groups[verbs[(draw >> 32) % len(verbs)]]
        return words[(draw & 0xFFFFFFFF) % len(words)]


class Glance(NamedTuple):
    """All of a view that a random player reads (engine.contract.View), and no more: the
    moment's choices, whose texts (`legal`) are written only if read, grouped by verb
    (`Choices.by_verb`). Made by `of`."""
    seat: str
    seats: tuple[str, ...]
    choices: Choices
    moment: int
    grouped: tuple[tuple[str, ...], Mapping[str, Sequence[str]]]

    @classmethod
    def of(cls, seat: str, seats: tuple[str, ...], choices: Choices, moment: int) -> "Glance":
        # Grouped before any player holds them: choices that read the state late (a turn
        # of many attacks) let go of it once read, and a seat's player must reach nothing
        # of the state, as it reaches nothing but its view.
        return cls(seat, seats, choices, moment, choices.by_verb())

    @property
    def legal(self) -> tuple[str, ...]:
        return self.choices.texts


_BITS = (1 << 64) - 1


def drawn(x: int, k: int = 0) -> int:
    """The `k`-th of the 64-bit numbers drawn from `x` alone (SplitMix64's stream from
    state `x`): each bit depends on every bit of `x`, as uniform as a generator seeded
    from `x`, at a tenth of the seeding, which was most of a random player's time; and
    any `k`-th is had without drawing those before it. (Lists of choices are short, so
    taking a 32-bit half modulo their length favours no choice by more than one part in
    10^7.)"""
    z = (x + (k + 1) * 0x9E3779B97F4A7C15) & _BITS
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _BITS
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _BITS
    return z ^ (z >> 31)


def make(name: str, story, seat: str, seed: int):
    bot_seed = zlib.crc32(f"{seed}:{seat}:{name}".encode())
    if name == "random":
        return RandomBot(bot_seed)
    if name == "partner":
        # Each family's thinking bot is the one its registry entry names.
        from narrator import families

        return families.of(story).partner(story, seat, bot_seed)
    raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(NAMES)}")
