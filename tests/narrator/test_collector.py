"""What was loaded is set aside from the garbage collector while explore plays, and after."""
from __future__ import annotations

import gc

import pytest

from narrator import explore as ex
from narrator.collector import YOUNG, collected_every, loaded_set_aside
from narrator.library import load


class Loaded:
    pass


def walked(thing) -> bool:
    """Whether the collector's generations hold `thing` (frozen objects are in none)."""
    return any(o is thing for generation in range(3) for o in gc.get_objects(generation))


def test_within_what_was_loaded_is_frozen_and_after_it_is_not():
    frozen = gc.get_freeze_count()
    before = Loaded()
    assert walked(before)
    with loaded_set_aside():
        assert not walked(before)
        during = Loaded()
        assert walked(during)
    assert gc.get_freeze_count() == frozen
    assert walked(before)


def test_it_is_given_back_when_a_game_fails():
    frozen = gc.get_freeze_count()
    with pytest.raises(RuntimeError):
        with loaded_set_aside():
            raise RuntimeError("a game broke")
    assert gc.get_freeze_count() == frozen


def test_within_the_young_are_collected_at_its_own_pace_and_after_as_before():
    pace = gc.get_threshold()
    with loaded_set_aside():
        assert gc.get_threshold() == (YOUNG, *pace[1:])
    assert gc.get_threshold() == pace


def test_the_whole_collector_runs_after_every_hundredth_game_and_no_other():
    full: list[int] = []

    def watch(phase, info):
        if phase == "start" and info["generation"] == 2:
            full.append(len(played))

    played: list[int] = []
    gc.callbacks.append(watch)
    try:
        with loaded_set_aside():
            for game in collected_every(range(250), every=100):
                played.append(game)
    finally:
        gc.callbacks.remove(watch)
    assert played == list(range(250))
    assert full == [100, 200]


@pytest.mark.parametrize("story_id", ["applerulette", "fatima", "fumie", "funnytime"])
def test_explored_games_make_no_cycle(story_id):
    """What the collector's pace within explore counts on: a game's objects are freed as
    soon as nothing refers to them, every one."""
    story = load(story_id)
    gc.collect()
    gc.disable()
    try:
        for episode in story.episodes:
            shard = ex.shards(story, episode["id"], 8, 3, "mixed", None, 1)[0]
            assert sum(1 for _ in ex.play_games(story, shard)) == 8
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_cycles_made_within_are_still_collected_without_being_asked():
    freed = [0]

    class Knot:
        def __init__(self):
            self.itself = self

        def __del__(self):
            freed[0] += 1

    with loaded_set_aside():
        for _ in range(YOUNG * 2):
            Knot()
        assert freed[0] >= YOUNG // 2


def test_a_shard_and_a_hunt_leave_the_collector_as_they_found_it():
    story = load("fumie")
    frozen = gc.get_freeze_count()
    shard = ex.shards(story, "basic", 2, 0, "mixed", None, 1)[0]
    assert ex.run_shard(shard, story).games == 2
    ex.hunt(story, shard, ex.awaited(story, "basic"), enough=lambda ending, games: games >= 2)
    assert gc.get_freeze_count() == frozen
