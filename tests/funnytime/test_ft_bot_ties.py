"""FunnyTime's partner breaks a tie between panels with one draw per candidate, from the
generator seeded for the moment. It draws only when a tie needs it (seeding costs more
than scoring): its choices are those of drawing for every candidate from the start."""
from __future__ import annotations

import random

from narrator.bots.funnytime import _Ties


def eager(seed: int, choices: list[list[tuple]]) -> list[tuple]:
    rng = random.Random()
    rng.seed(seed)
    out = []
    for scored in choices:
        out.append(max((c[0], rng.random(), c) for c in scored)[2])
    return out


def test_lazy_tie_breaks_choose_as_drawing_for_every_candidate():
    maker = random.Random(7)
    ties_seen = 0
    for seed in range(300):
        # a manuscript's worth of choices, scores often alike
        choices = [[(float(maker.randrange(4)), f"card{k}", "hand") for k in range(maker.randrange(1, 7))]
                   for _ in range(4)]
        lazy = _Ties(random.Random(), seed)
        assert [lazy.best(scored) for scored in choices] == eager(seed, choices)
        ties_seen += lazy.seeded
    assert 50 < ties_seen < 300      # both kinds of choice came up
