"""The collector's pace while explore plays its games in bulk, and after."""
from __future__ import annotations

import gc

import pytest

from narrator import explore as ex
from narrator.collector import YOUNG, paced_for_bulk
from narrator.library import load


def test_within_the_loaded_objects_are_frozen_and_the_young_collected_less_often():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with paced_for_bulk():
        assert gc.get_threshold() == (YOUNG, *before[1:])
        assert gc.get_freeze_count() > frozen
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


def test_the_collector_is_given_back_as_it_was_when_a_game_fails():
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with pytest.raises(RuntimeError):
        with paced_for_bulk():
            raise RuntimeError("a game broke")
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen


def test_cycles_made_within_are_still_collected_without_being_asked():
    # What cycles hold up stays bounded: the young generation is still collected, every
    # YOUNG net allocations, with nobody calling gc.collect().
    freed = [0]

    class Knot:
        def __init__(self):
            self.itself = self

        def __del__(self):
            freed[0] += 1

    with paced_for_bulk():
        for _ in range(3 * YOUNG):
            Knot()
        assert freed[0] >= YOUNG


def test_a_shard_and_a_hunt_leave_the_collector_as_they_found_it():
    story = load("fumie")
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    shard = ex.shards(story, "basic", 2, 0, "mixed", None, 1)[0]
    assert ex.run_shard(shard, story).games == 2
    ex.hunt(story, shard, ex.awaited(story, "basic"), enough=lambda ending, games: games >= 2)
    assert gc.get_threshold() == before
    assert gc.get_freeze_count() == frozen
