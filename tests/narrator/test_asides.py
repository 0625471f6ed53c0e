"""A card's flavour reads as an aside to the passage it follows: never a passage of its
own (the bookkeeping folded out of sight says nothing for it to follow) and never two in
one passage (a hand of seven is not seven asides; the rest wait for the card's next told
sighting). Read over seeded bot games as the table tells them, move by move."""
from __future__ import annotations

import pytest

from narrator import bots
from narrator.library import load
from narrator.narration import Narrator, tell_game


def told_games(story_id: str, episode: str, games: int, options: dict):
    story = load(story_id)
    g = story.family
    for seed in range(games):
        opts = {"episode": episode, **options}
        seats = story.seats_for(opts)
        state = g.new_game(story.content, seats, seed, opts)
        players = {s: bots.make(bots.NAMES[(seed + i) % len(bots.NAMES)], story, s, seed)
                   for i, s in enumerate(seats)}
        marks = [len(state.log)]
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
            marks.append(len(state.log))
        reader = seats[seed % len(seats)]
        yield story, tell_game(Narrator(story, seed, set(), episode), state.log, marks, reader)


@pytest.mark.parametrize("story_id,episode,options", [("funnytime", "duel", {}),
                                                      ("fatima", "chronicle", {"players": 5})])
def test_a_flavour_is_an_aside_to_a_passage_and_one_a_passage(story_id, episode, options):
    asides = 0
    for story, passages in told_games(story_id, episode, 6, options):
        flavours = [c.flavour.strip() for c in story.content.cards.values() if c.flavour]
        for passage in passages:
            paragraphs = passage.split("\n\n")
            assert not any(f in paragraphs[0] for f in flavours), passage
            quoted = [p for p in paragraphs if any(f in p for f in flavours)]
            assert len(quoted) <= 1, passage
            asides += len(quoted)
    assert asides > 20
