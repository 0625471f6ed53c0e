"""The table's chance draws what `random.Random` draws: a game rolls what it always
rolled, and a saved game replays the same (engine/fatima/dice.py)."""
from __future__ import annotations

import random

import pytest

from engine.fatima.dice import Chance


@pytest.mark.parametrize("seed", range(40))
def test_the_draws_are_randoms_own(seed):
    ours, theirs = Chance(seed), random.Random(seed)
    assert [ours.d6() for _ in range(60)] == [theirs.randint(1, 6) for _ in range(60)]
    assert ours.rolls(9) == [theirs.randint(1, 6) for _ in range(9)]
    assert [ours.below(n) for n in range(1, 70)] == [theirs.randrange(n) for n in range(1, 70)]
    for size in (0, 1, 2, 7, 64, 130):
        mine, yours = list(range(size)), list(range(size))
        ours.shuffle(mine)
        random.Random.shuffle(theirs, yours)
        assert mine == yours
    assert ours.getstate() == theirs.getstate()


def test_every_face_comes_up():
    assert sorted(set(Chance(1).rolls(200))) == [1, 2, 3, 4, 5, 6]
