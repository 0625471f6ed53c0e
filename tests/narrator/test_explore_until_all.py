"""explore --until-all: games until every ending the table allows is seen, and the
endings a table can never reach named as such."""
from __future__ import annotations

from collections import Counter

import pytest

from narrator.explore import explore, not_possible, until_all
from narrator.library import load


def test_the_count_is_the_first_game_by_which_every_ending_was_seen(story):
    from narrator.explore import Shard, hunt

    report, took = until_all(story, "basic", 2000, 4, "mixed")
    assert took is not None and report.games == took
    wanted = set(report.every)
    ends = hunt(story, Shard("fumie", "basic", (), "mixed", 4, took), tuple(wanted), lambda *_: False)[0]
    assert len(ends) == took and set(ends) >= wanted and not set(ends[:-1]) >= wanted
    assert report.endings == Counter(ends)


def test_a_hunt_branches_each_dealt_game_from_its_own_moves(story):
    """After each dealt game come BRANCHES games from the same deal: each replays a first
    part of the dealt game's moves (legal, or apply would refuse them) and plays on."""
    from narrator.explore import BRANCHES, Shard, hunt_games

    shard = Shard("fumie", "basic", (), "mixed", 0, 3 * (BRANCHES + 1) - 2)
    games = list(hunt_games(story, shard))
    assert len(games) == shard.games                 # the last dealt game has fewer branches
    dealt = [games[k * (BRANCHES + 1)] for k in range(3)]
    branches = [g for k, g in enumerate(games) if k % (BRANCHES + 1)]
    assert len(branches) == 3 * BRANCHES - 2
    # a branch has fewer moves left to choose than a whole game, on the whole
    assert sum(n for _, n in branches) / len(branches) < sum(n for _, n in dealt) / len(dealt)
    assert len({e for e, _ in games}) > len({e for e, _ in dealt})
    assert games == list(hunt_games(story, shard))   # the same for the same shard


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
