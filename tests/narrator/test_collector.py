"""What was loaded is set aside from the garbage collector while explore plays, and after."""
from __future__ import annotations

import gc

import pytest

from narrator import explore as ex
from narrator.collector import loaded_set_aside
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


def test_cycles_made_within_are_still_collected_without_being_asked():
    freed = [0]

    class Knot:
        def __init__(self):
            self.itself = self

        def __del__(self):
            freed[0] += 1

    with loaded_set_aside():
        for _ in range(10_000):
            Knot()
        assert freed[0] >= 5_000


def test_a_shard_and_a_hunt_leave_the_collector_as_they_found_it():
    story = load("fumie")
    frozen = gc.get_freeze_count()
    shard = ex.shards(story, "basic", 2, 0, "mixed", None, 1)[0]
    assert ex.run_shard(shard, story).games == 2
    ex.hunt(story, shard, ex.awaited(story, "basic"), enough=lambda ending, games: games >= 2)
    assert gc.get_freeze_count() == frozen
