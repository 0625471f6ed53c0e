"""Bots: seats played by the program, from their own view only, seeded.

A bot is made by name (`random`, `partner`) for a story and seat; `choose(view)` returns
an action in its text form, exactly as a human would type it.
"""
from __future__ import annotations

import zlib
from functools import lru_cache

NAMES = ("partner", "random")


class RandomBot:
    """Uniform among the legal actions. It never gives up: `stop` is a player's word, and
    a bot that chose it would end explore's games on a page no story means to be found
    that way."""

    def __init__(self, seed: int):
        self.seed = seed

    def choose(self, view) -> str:
        verbs, by_verb = _by_verb(tuple(view.legal))
        if not verbs:
            return "stop"
        # Drawn afresh from the seed and the moment, so a game continued from its save
        # plays on exactly as it would have without the interruption. One 64-bit draw
        # gives both choices: its high half the verb (picked first, so using a card face
        # up is as likely as face down), its low half the action of that verb.
        draw = drawn(self.seed * 1_000_003 + view.moment)
        verb = verbs[(draw >> 32) % len(verbs)]
        words = by_verb[verb]
        return words[(draw & 0xFFFFFFFF) % len(words)]


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


@lru_cache(maxsize=512)
def _by_verb(legal: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The verbs of the legal actions but `stop`, in order, and each verb's actions in the
    engine's order: the same few lists of choices come up game after game (a small bound,
    so memory stays flat; the key is the view's own legal actions, nothing more)."""
    by_verb: dict[str, list[str]] = {}
    # One pass, each text cut once at its first space. Long lists seldom come again
    # (a story with many targets and cards: half its random players' lists are new), so
    # this runs often.
    for a in legal:
        if a != "stop":
            verb = a.partition(" ")[0]
            group = by_verb.get(verb)
            if group is None:
                by_verb[verb] = [a]
            else:
                group.append(a)
    verbs = tuple(sorted(by_verb))
    return verbs, {v: tuple(by_verb[v]) for v in verbs}


def make(name: str, story, seat: str, seed: int):
    bot_seed = zlib.crc32(f"{seed}:{seat}:{name}".encode())
    if name == "random":
        return RandomBot(bot_seed)
    if name == "partner":
        # Each family's thinking bot is the one its registry entry names.
        from narrator import families

        return families.of(story).partner(story, seat, bot_seed)
    raise ValueError(f"unknown bot {name!r}; bots are: {', '.join(NAMES)}")
