"""explore --until-all: games until every ending the table allows is seen, and the
endings a table can never reach named as such."""
from __future__ import annotations

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
