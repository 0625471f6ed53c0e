"""The table's chance: dice, a card taken at random, a shuffle, all from the state's
seeded generator.

`Chance` is a `random.Random` whose draws for the table are its own methods, and each
draws exactly the bits `randint(1, 6)`, `randrange(n)` and `shuffle` draw (CPython's
`_randbelow_with_getrandbits`: as many bits as n has, again until the number falls below
n), so a game rolls what it always rolled and a saved game replays the same;
tests/fatima/test_fatima_dice.py holds them to that. Why not call those: a die through
`randint` is three Python calls (randint, randrange, _randbelow), a shuffle one call per
card, and a game rolls about 1.6 dice and shuffles about two cards a move, a twentieth
of the rules loop.
"""
from __future__ import annotations

import random
from typing import Any, MutableSequence

from engine import chance


class Chance(random.Random):
    def d6(self) -> int:
        """A six-sided die: `randint(1, 6)`."""
        bits = self.getrandbits
        r = bits(3)
        while r >= 6:
            r = bits(3)
        return r + 1

    def rolls(self, n: int) -> list[int]:
        """`n` dice, rolled one after the other."""
        bits = self.getrandbits
        out = []
        for _ in range(n):
            r = bits(3)
            while r >= 6:
                r = bits(3)
            out.append(r + 1)
        return out

    def below(self, n: int) -> int:
        """A number from 0 to n - 1 (n >= 1): `randrange(n)`."""
        bits, k = self.getrandbits, n.bit_length()
        r = bits(k)
        while r >= n:
            r = bits(k)
        return r

    def shuffle(self, x: MutableSequence[Any]) -> None:
        """Shuffle in place, as `random.Random.shuffle` does (engine.chance)."""
        chance.shuffle(self, x)
