"""A family's partner may answer from the legal actions alone (`families.Plugin.glance`),
and explore then builds it no view: the answer must be the one `choose` gives."""
from __future__ import annotations

import pytest

from narrator import bots, families
from narrator.explore import bot_for
from narrator.library import load, story_ids


def glanced_stories() -> list[str]:
    return [sid for sid in story_ids() if families.of(load(sid)).glance is not None]


def test_a_family_glances():
    assert glanced_stories()       # else the tests below test nothing


@pytest.mark.parametrize("story_id", glanced_stories())
def test_a_glance_answers_as_the_partner_would_with_the_view(story_id):
    story = load(story_id)
    g, glance = story.family, families.of(story).glance
    answered = 0
    for seed in range(20):
        options = {"episode": story.episodes[0]["id"]}
        seats = story.seats_for(options)
        state = g.new_game(story.content, seats, seed, options)
        players = {s: bots.make(bot_for("mixed", seed, s), story, s, seed) for s in seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            view = g.view(state, seat)
            chosen = players[seat].choose(view)
            if not isinstance(players[seat], bots.RandomBot):
                quick = glance(tuple(view.legal))
                assert quick is None or quick == chosen, (seed, state.moves, view.legal)
                answered += quick is not None
            g.apply(state, seat, g.parse(chosen))
    assert answered > 50           # the glance does answer, and often
