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


def test_a_deck_larger_than_any_before_and_the_small_ones_after_it_draw_as_python():
    # the widths of the indices are kept as long as the largest deck so far: a larger one
    # puts longer ones in place, and the decks after it read those
    for size in (3, 1000, 2, 129, 2049, 0, 64, 257):
        ours, theirs = random.Random(size), random.Random(size)
        mine, python = list(range(size)), list(range(size))
        shuffle(ours, mine)
        theirs.shuffle(python)
        assert mine == python
        assert ours.getstate() == theirs.getstate()
