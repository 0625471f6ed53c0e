"""explore --until-all: games until every ending the table allows is seen, and the
endings a table can never reach named as such."""
from __future__ import annotations

from collections import Counter

import pytest

from narrator.explore import explore, not_possible, until_all
from narrator.library import load


def test_the_count_is_the_first_game_by_which_every_ending_was_seen(story):
    report, took = until_all(story, "basic", 2000, 4, "mixed")
    assert took is not None and report.games == took
    assert explore(story, "basic", took, 4, "mixed", jobs=1).unreached == []
    assert explore(story, "basic", took - 1, 4, "mixed", jobs=1).unreached != []


def test_the_cap_stops_a_run_that_has_not_seen_everything(story):
    report, took = until_all(story, "basic", 3, 0, "random")
    assert took is None and report.games == 3 and report.unreached


def test_fumie_can_reach_every_page_at_its_table(story):
    assert not_possible(story, "basic") == ()


@pytest.fixture(scope="module")
def snow():
    return load("applerulette")


def test_snow_white_as_the_npc_is_possible_only_at_four_players(snow):
    assert not_possible(snow, "tale", {"players": 4}) == ()
    for players in (5, 6, 7, 8):
        assert "npc_snow_white" in not_possible(snow, "tale", {"players": players})


def test_roses_pages_are_not_possible_at_a_mix_without_rose(snow):
    content = snow.content
    rose_pages = {p.id for p in content.books["tale"].ending if "rose_lives" in p.if_}
    assert rose_pages
    for players in content.tables:
        for n, mix in enumerate(content.mixes(players), 1):
            never = set(not_possible(snow, "tale", {"players": players, "mix": n}))
            assert (rose_pages <= never) == (not mix.rose)


def test_an_impossible_ending_is_not_counted_unreached(snow):
    report, took = until_all(snow, "tale", 2, 0, "random", table={"players": 5})
    assert "npc_snow_white" not in report.every and "npc_snow_white" not in report.unreached


def test_two_jobs_count_the_same_games_every_time(story):
    runs = [until_all(story, "basic", 2000, 9, "mixed", jobs=2) for _ in range(2)]
    (first, took), (second, again) = runs
    assert took is not None and took == again
    assert first.endings == second.endings and first.actions == second.actions
    assert first.games == took == sum(first.endings.values()) and first.unreached == []


def test_two_jobs_stop_no_sooner_than_the_dealt_games_allow(story):
    """The count is what the shards' games, played out in full, say it is: game n of the
    dealt order is game n // 2 of shard n % 2, each shard carrying its own knowledge."""
    from narrator.explore import Shard, first_all, hunt

    wanted = tuple(p.id for p in story.content.books["basic"].ending if p.id != "stopped")
    full = [hunt(story, Shard("fumie", "basic", (), "mixed", 9 + i, 150, 2), wanted, lambda *_: False)[0]
            for i in range(2)]
    report, took = until_all(story, "basic", 300, 9, "mixed", jobs=2)
    assert took == first_all(full, wanted) is not None
    assert report.endings == Counter(full[0][:len(range(0, took, 2))] + full[1][:len(range(1, took, 2))])


def test_first_all_reads_the_dealt_order():
    from narrator.explore import first_all

    # dealt order: a b | b c | a a  -> every ending by game 4 (shard 1's second game)
    assert first_all([["a", "b", "a"], ["b", "c", "a"]], ("a", "b", "c")) == 4
    assert first_all([["a"], ["b"]], ("a", "b", "c")) is None
