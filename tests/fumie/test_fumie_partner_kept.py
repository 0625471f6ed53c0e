"""The partner keeps what it read of each pile and its last table between decisions (see
`narrator.bots.fumie`): at every decision of seeded bot games of every episode, it answers
as a partner that has read nothing before, given the same view, does."""
from __future__ import annotations

from narrator import bots
from narrator.bots.fumie import Partner
from narrator.explore import bot_for
from narrator.library import load
from fumie_positions import seeded_games

STORY = load("fumie")
G = STORY.family


def test_a_partner_that_remembers_answers_as_a_fresh_one():
    decisions = 0
    for episode, seed, state in seeded_games(12):
        # Partner against partner, and a partner beside a random player.
        players = {seat: Partner(STORY, seat, seed) if seed % 3 or seat == STORY.seats[0]
                   else bots.make(bot_for("random", seed, seat), STORY, seat, seed) for seat in STORY.seats}
        while G.ending(state) is None:
            seat = G.to_act(state)[0]
            view = G.view(state, seat)
            chosen = players[seat].choose(view)
            if isinstance(players[seat], Partner):
                assert Partner(STORY, seat, seed).choose(view) == chosen, (episode, seed, state.moves)
                decisions += 1
            G.apply(state, seat, G.parse(chosen))
    assert decisions > 500
