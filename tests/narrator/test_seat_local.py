"""Each seat's narration, view and bot are functions of what that seat was told.

In every story: another seat's private events, changed, dropped or doubled, leave a
seat's prose byte for byte the same; and where another seat's private choice could have
gone another way without this seat being told anything different, this seat's view and
its bot's next choice are the same either way.
"""
from __future__ import annotations

import copy
import dataclasses
import random

import pytest

from engine.events import Event
from narrator import bots
from narrator.library import load, story_ids
from narrator.narration import Narrator, tell_game


def play(story, seed: int, episode: str | None = None):
    """A bot game: the final state and the log's length after the setup and each move."""
    g = story.family
    episode = episode or story.episodes[0]["id"]
    options = {"episode": episode, "known": []}
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, seed, options)
    players = {s: bots.make(bots.NAMES[(seed + i) % 2], story, s, seed) for i, s in enumerate(seats)}
    marks = [len(state.log)]
    while g.ending(state) is None:
        seat = g.to_act(state)[0]
        g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
        marks.append(len(state.log))
    return state, marks


def perturbed(log: list[Event], marks: list[int], reader: str, rng: random.Random):
    """The log with every event the reader is not told changed, dropped or doubled."""
    out: list[Event] = []
    cut = set(marks)
    new_marks = []
    for i, e in enumerate(log):
        if i in cut:
            new_marks.append(len(out))
        if e.visible_to(reader):
            out.append(e)
            continue
        roll = rng.random()
        if roll < 0.3:
            continue                                       # dropped
        data = {k: v for k, v in e.data.items()}
        if roll < 0.6:
            data["secret"] = rng.random()                  # changed
        out.append(Event(e.kind, data, e.seats))
        if roll > 0.85:
            out.append(Event(e.kind, dict(data), e.seats))  # doubled
    if len(log) in cut:
        new_marks.append(len(out))
    return out, new_marks


@pytest.mark.parametrize("story_id", story_ids())
def test_another_seats_private_events_change_no_word_of_a_seats_prose(story_id):
    story = load(story_id)
    rng = random.Random(7)
    private_seen = 0
    for seed in (3, 5):
        state, marks = play(story, seed)
        for reader in (*story.seats_for({}), None):
            private_seen += sum(1 for e in state.log if not e.visible_to(reader))
            told = tell_game(Narrator(story, seed, set()), state.log, marks, reader)
            log, new_marks = perturbed(state.log, marks, reader, rng)
            again = tell_game(Narrator(story, seed, set()), log, new_marks, reader)
            assert told == again, (story_id, seed, reader)
            assert told
    assert private_seen, "the games had no private events to change"


def _decisions(story, seed: int, limit: int = 150):
    """States of a bot game just before each action, with who acts."""
    g = story.family
    options = {"episode": story.episodes[0]["id"], "known": []}
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, seed, options)
    players = {s: bots.make("random", story, s, seed) for s in seats}
    for _ in range(limit):
        if g.ending(state) is not None:
            return
        seat = g.to_act(state)[0]
        view = story.view(state, seat)
        yield state, seat, view.legal
        g.apply(state, seat, g.parse(players[seat].choose(view)))


def _until_turn_of(story, state, seat: str, limit: int = 40):
    """Play the other seats on (random bots) until `seat` is to act or the game ends."""
    g = story.family
    others = {s: bots.make("random", story, s, 3) for s in story.seats_for({})}
    for _ in range(limit):
        if g.ending(state) is not None or seat in g.to_act(state):
            break
        actor = g.to_act(state)[0]
        g.apply(state, actor, g.parse(others[actor].choose(story.view(state, actor))))
    return state


@pytest.mark.parametrize("story_id", story_ids())
def test_another_seats_private_choice_leaves_a_seats_view_and_bot_alone(story_id):
    """Where two choices of one seat leave another seat told the same and shown the same
    table, that seat's clock (`moment`) and its bot's next choice do not tell them apart."""
    story = load(story_id)
    g = story.family
    compared = 0
    for state, actor, legal in (d for seed in (11,) for d in _decisions(story, seed)):
        if len(legal) < 2:
            continue
        start = len(state.log)
        outcomes = []
        for text in legal[::max(1, len(legal) // 8)]:
            branch = copy.deepcopy(state)
            g.apply(branch, actor, g.parse(text))
            outcomes.append(branch)
        for other in story.seats_for({}):
            if other == actor:
                continue
            at_once: dict[str, list] = {}
            for branch in outcomes:
                told = [(e.kind, e.data) for e in branch.log[start:] if e.visible_to(other)]
                at_once.setdefault(repr(told), []).append(branch)
            # Choices this seat is told apart at once need no playing on.
            alike: dict[str, list] = {}
            for branch in (b for same in at_once.values() if len(same) > 1 for b in same):
                branch = _until_turn_of(story, copy.deepcopy(branch), other)
                view = story.view(branch, other)
                told = [(e.kind, e.data) for e in branch.log[start:] if e.visible_to(other)]
                alike.setdefault(repr((told, dataclasses.replace(view, moment=0))), []).append(view)
            for views in alike.values():
                if len(views) < 2:
                    continue
                compared += 1
                assert len({v.moment for v in views}) == 1, (story_id, actor, other)
                choose = bots.make("random", story, other, 11).choose
                assert len({choose(v) for v in views}) == 1, (story_id, actor, other)
    assert compared, "no private choice was found to compare"
