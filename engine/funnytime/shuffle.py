"""Shuffling a deck: the very permutation `random.Random.shuffle` makes, drawn alike.

Why our own: a duel shuffles a deck of sixty cards at its start and one of forty or so at
every redraw and 星裁, and Python's shuffle pays a call of its own (`_randbelow`) for every
card; shuffling was a tenth of the rules' time. This is its algorithm written out
(Fisher-Yates from the last card down, each index drawn as `getrandbits` of the index's
width until it falls below it), so the generator is left in the same state and a game
plays as it always has; a test holds it to `random.Random.shuffle`.
"""
from __future__ import annotations

import random


def shuffle(rng: random.Random, cards: list[str]) -> None:
    getrandbits = rng.getrandbits
    for i in range(len(cards) - 1, 0, -1):
        n = i + 1
        width = n.bit_length()
        j = getrandbits(width)
        while j >= n:
            j = getrandbits(width)
        cards[i], cards[j] = cards[j], cards[i]
