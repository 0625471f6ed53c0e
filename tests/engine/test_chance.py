"""A deck is shuffled as Python's `random.Random.shuffle` would shuffle it, drawing the same
numbers, so every seed deals what it always dealt (engine/chance.py says why)."""
from __future__ import annotations

import random

from engine.chance import shuffle


def test_the_shuffle_is_pythons_and_leaves_the_generator_where_pythons_does():
    for seed in range(200):
        for size in (0, 1, 2, 3, 7, 9, 11, 12, 13, 24, 40, 60, 62, 64, 65):
            ours, theirs = random.Random(seed), random.Random(seed)
            cards = [f"c{i}" for i in range(size)]
            mine, python = list(cards), list(cards)
            shuffle(ours, mine)
            theirs.shuffle(python)
            assert mine == python and sorted(mine) == sorted(cards)
            assert ours.getstate() == theirs.getstate()
