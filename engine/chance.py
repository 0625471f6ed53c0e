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


def shuffle(rng: random.Random, cards: MutableSequence[Any]) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        width = n.bit_length()
        j = getrandbits(width)
        while j >= n:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]
