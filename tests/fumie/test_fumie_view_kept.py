"""A view keeps each discard pile it built while the pile and the known sleeves are as
they were (see `engine.fumie.view`): at every moment of seeded bot games of every
episode, each seat's view is the very view a fresh copy of the state builds from
nothing."""
from __future__ import annotations

from narrator import bots
from narrator.explore import bot_for
from narrator.library import load
from fumie_positions import seeded_games

STORY = load("fumie")
G = STORY.family


def test_every_view_is_the_view_built_afresh():
    moments = 0
    for episode, seed, state in seeded_games(8):
        players = {seat: bots.make(bot_for("mixed", seed, seat), STORY, seat, seed) for seat in STORY.seats}
        while G.ending(state) is None:
            seat = G.to_act(state)[0]
            for s in STORY.seats:
                assert G.view(state, s) == G.view(state.copy(), s), (episode, seed, state.moves, s)
            G.apply(state, seat, G.parse(players[seat].choose(G.view(state, seat))))
            moments += 1
        for s in STORY.seats:
            assert G.view(state, s) == G.view(state.copy(), s)
    assert moments > 300
