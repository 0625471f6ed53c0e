"""A view keeps the sides it built while no move or phase has changed them (see
`engine.funnytime.view`): at every moment of seeded bot games, each seat's view is the
very view a fresh copy of the state builds from nothing."""
from __future__ import annotations

from narrator import bots
from narrator.explore import bot_for
from narrator.library import load

STORY = load("funnytime")
G = STORY.family


def test_every_view_is_the_view_built_afresh():
    moments = 0
    for seed in range(6):
        state = G.new_game(STORY.content, STORY.seats, seed, {})
        players = {seat: bots.make(bot_for("mixed", seed, seat), STORY, seat, seed) for seat in STORY.seats}
        while G.ending(state) is None:
            seat = G.to_act(state)[0]
            for s in (seat, state.opponent(seat)) if moments % 3 == 0 else (seat,):
                assert G.view(state, s) == G.view(state.copy(), s), (seed, state.moves, s)
            G.apply(state, seat, G.parse(players[seat].choose(G.view(state, seat))))
            moments += 1
        for s in STORY.seats:
            assert G.view(state, s) == G.view(state.copy(), s)
    assert moments > 500
