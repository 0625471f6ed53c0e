"""A shuffle drawn exactly as `random.Random.shuffle` draws it, for less.

Why our own: Python's shuffle pays a Python call (`_randbelow`) for every card, and the
shuffles of a deal were a tenth to a third of setting up a game. This is CPython's
algorithm written out (Fisher-Yates from the last card down, each index drawn as
`getrandbits` of the index's width, again until it falls below it), so the generator is
left in the same state and every seed deals what it always dealt; tests/engine/test_chance.py
holds it to `random.Random.shuffle`.
"""
from __future__ import annotations

import random
from typing import Any, MutableSequence


# The width of each index drawn (the bits of i + 1, for a j from 0 to i), read from a list
# where it was computed card by card (a method call each); as long as the largest deck
# shuffled so far. A larger deck puts a longer list in its place, made whole, so that a
# shuffle in another thread reads either list and never one half made.
_WIDTHS = [1]


def shuffle(rng: random.Random, cards: MutableSequence[Any]) -> None:
    global _WIDTHS
    last, widths = len(cards) - 1, _WIDTHS
    if last >= len(widths):
        widths = _WIDTHS = [(i + 1).bit_length() for i in range(last + 1)]
    getrandbits = rng.getrandbits
    for i in range(last, 0, -1):
        width = widths[i]
        j = getrandbits(width)
        while j > i:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]
