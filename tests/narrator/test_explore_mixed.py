"""explore's mixed bots: a partner or a random player at each seat, by the game's seed."""
from __future__ import annotations

from narrator.explore import bot_for


def test_mixed_bots_seat_every_mix_of_players_over_the_seeds():
    # A careful player beside a careless one: at a two-seat table some games put a partner
    # against a random player, and five seats see many more than two mixes.
    for seats, mixes in ((("aki", "ren"), 4), (("takeo", "fumie"), 4), (("p1", "p2", "p3", "p4", "p5"), 32)):
        seen = {tuple(bot_for("mixed", seed, s) for s in seats) for seed in range(400)}
        assert len(seen) == mixes, (seats, seen)
