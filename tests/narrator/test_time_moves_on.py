"""The story's clock follows the story: For Fumie's hour of the day and Snow White's hour
of the night move with the cards dealt, never back, whatever the turn number says.

Each game is read as one seat is told it; every passage is matched against the voice's
wordings of each hour (its `[setting]` lists), and the hours met must never go back."""
from __future__ import annotations

import pytest

from narrator.authoring import play
from narrator.library import load
from narrator.narration import Narrator, tell_game


def _hours_met(passages: list[str], hours: list[list[str]]) -> list[int]:
    met = []
    for text in passages:
        for i, wordings in enumerate(hours):
            if any(w in text for w in wordings):
                met.append(i)
    return met


@pytest.mark.parametrize("story_id,episode,options,key", [
    ("fumie", "basic", {}, "hours"),
    ("fumie", "murder", {}, "hours"),
    ("applerulette", "tale", {"players": 5}, "night"),
    ("applerulette", "tale", {"players": 8}, "night"),
])
def test_the_hour_only_moves_forward(story_id, episode, options, key):
    story = load(story_id)
    hours = story.voice["setting"][key]
    # A wording that stands inside another hour's would make the match ambiguous.
    assert not any(a in b for i, x in enumerate(hours) for a in x for j, y in enumerate(hours) if i != j for b in y)
    seen: set[int] = set()
    for seed in range(6):
        seats = story.seats_for({**options, "episode": episode})
        game = play(story, episode, options, seats, seed)
        reader = seats[seed % len(seats)]
        met = _hours_met(tell_game(Narrator(story, seed, set(), episode), game.log, game.marks, reader), hours)
        assert met == sorted(met), (seed, reader, met)
        seen.update(met)
    assert len(seen) >= 3       # the games do go through the hours


def test_a_name_carried_since_the_morning_is_not_carried_all_afternoon():
    """An accusation tells how long the name was carried by the hour the story has
    reached: made at the shoe lockers before school, it was not 'all afternoon'."""
    story = load("fumie")
    hours = story.voice["setting"]["hours"]
    seats = story.seats_for({"episode": "murder"})
    told_early = 0
    for seed in range(60):
        game = play(story, "murder", {}, seats, seed)
        hour = 0
        for text in tell_game(Narrator(story, seed, set(), "murder"), game.log, game.marks, "takeo"):
            hour = max([hour, *_hours_met([text], hours)])
            if "carrying the name around" in text:
                assert ("all afternoon" in text) == (hour >= 7), (seed, hour, text)
                told_early += hour < 7
    assert told_early     # the games do name someone before the afternoon
