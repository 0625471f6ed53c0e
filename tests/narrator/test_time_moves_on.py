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


def _fumie_scenes():
    story = load("fumie")
    return story, story.voice["words"]["scenes"], len(story.voice["setting"]["hours"])


def test_every_card_has_a_scene_for_every_hour_of_the_day():
    _, scenes, hours = _fumie_scenes()
    for card_id, lines in scenes.items():
        for line in lines:
            if not isinstance(line, str):
                first, last = line["hours"]
                assert isinstance(line["text"], str) and 0 <= first <= last < hours, (card_id, line)
        for hour in range(hours):
            assert any(isinstance(line, str) or line["hours"][0] <= hour <= line["hours"][1]
                       for line in lines), (card_id, hour)


@pytest.mark.parametrize("hour", [0, 7, 12, 17])
def test_a_card_is_never_told_in_a_scene_of_another_hour(hour):
    """Mr. Tadokoro is not 'during world history' before school, nor Ryosuke in his shin
    pads at homeroom: a wording kept for some hours is told only in them."""
    from engine.events import public

    story, scenes, _ = _fumie_scenes()
    tagged = 0
    for card_id, lines in scenes.items():
        card = story.content.cards[card_id]
        episode = "basic" if "basic" in card.episodes else card.episodes[0]
        # the opening deal is two draws; each later draw brings the day one hour on
        log = [public("setup", episode=episode, first="takeo")] + \
              [public("draw", seat="takeo", count=1) for _ in range(hour + 2)]
        elsewhere = [line["text"] for line in lines
                     if not isinstance(line, str) and not line["hours"][0] <= hour <= line["hours"][1]]
        tagged += bool(elsewhere)
        for seed in range(4):      # the deal of wordings moves with the seed
            use = public("use", user="takeo", holder="fumie", face="up", card=card_id)
            told = " ".join(Narrator(story, seed, set(), episode).tell(log + [use], 0, "takeo"))
            assert not any(text in told for text in elsewhere), (card_id, hour, told)
    assert tagged            # some wordings do belong to other hours
