"""Flavour is read: the words printed on the cards reach the reader in play, each once.
Over a handful of seeded games, read seat by seat, every card's flavour is told."""
from __future__ import annotations

import pytest

from narrator.authoring import play
from narrator.library import load
from narrator.narration import Narrator, tell_game


@pytest.mark.parametrize("story_id,episode,options,seeds,in_play", [
    ("fatima", "chronicle", {"players": 5}, range(8), None),
    # FunnyTime's pool holds cards no starter deck brings to the table
    ("funnytime", "duel", {}, range(10), "starters"),
])
def test_every_cards_flavour_reaches_a_reader(story_id, episode, options, seeds, in_play):
    story = load(story_id)
    cards = story.content.cards
    if in_play == "starters":
        cards = {c: cards[c] for d in story.content.decks.values() for c in d.cards()}
    flavour = {c.id: c.flavour.strip() for c in cards.values() if c.flavour}
    seen = set()
    for seed in seeds:
        seats = story.seats_for({**options, "episode": episode})
        game = play(story, episode, options, seats, seed)
        for reader in seats:
            told = tell_game(Narrator(story, seed, set(), episode), game.log, game.marks, reader)
            text = " ".join(" ".join(told).split())
            for cid, words in flavour.items():
                n = text.count(" ".join(words.split())[:60])
                assert n <= 1, (cid, seed, reader)     # read once, not again
                if n:
                    seen.add(cid)
    assert seen == set(flavour), sorted(set(flavour) - seen)
