"""`stop` is a player's word: it ends any story on its stopped page (in FunnyTime's duel, a
surrender: the rival wins), and no bot says it."""
from __future__ import annotations

import pytest

from narrator import bots
from narrator.library import load

TABLES = [("fumie", "basic", {}), ("fumie", "murder", {}), ("fumie", "tadokoro", {}),
          ("applerulette", "tale", {"players": 5, "mix": 1}), ("fatima", "chronicle", {"players": 3}),
          ("funnytime", "duel", {})]


def fresh(story_id: str, episode: str, table: dict):
    story = load(story_id)
    options = {**table, "episode": episode, "known": set()}
    seats = story.seats_for(options)
    return story, story.family.new_game(story.content, seats, 1, options)


@pytest.mark.parametrize("story_id,episode,table", TABLES, ids=[f"{s}/{e}" for s, e, _ in TABLES])
def test_stop_ends_the_game_on_the_stopped_page(story_id, episode, table):
    story, state = fresh(story_id, episode, table)
    g = story.family
    seat = g.to_act(state)[0]
    assert "stop" in [str(a) for a in g.legal_actions(state, seat)]
    g.apply(state, seat, g.parse("stop"))
    rival = [s for s in story.seats_for({**table, "episode": episode}) if s != seat]
    expected = f"surrender_{rival[0]}" if story_id == "funnytime" else "stopped"
    assert g.ending(state).id == expected


@pytest.mark.parametrize("story_id,episode,table", TABLES, ids=[f"{s}/{e}" for s, e, _ in TABLES])
def test_random_bots_never_stop(story_id, episode, table):
    for seed in range(12):
        story, state = fresh(story_id, episode, table)
        g = story.family
        players = {s: bots.make("random", story, s, seed) for s in story.seats_for({**table, "episode": episode})}
        moves = 0
        while g.ending(state) is None and moves < 3000:
            seat = g.to_act(state)[0]
            text = players[seat].choose(story.view(state, seat))
            assert text != "stop"
            g.apply(state, seat, g.parse(text))
            moves += 1
