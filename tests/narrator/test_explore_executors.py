"""Where explore's shards run: a pool of processes here, or a Dask cluster. The same
games give the same counts wherever they are played."""
from __future__ import annotations

import json
import sys

import pytest

from narrator.explore import explore, run_shard, shards
from narrator.library import load

TIMINGS = {"seconds", "cpu_seconds", "games_per_second", "actions_per_second"}


def _untimed(output: str) -> dict:
    return {k: v for k, v in json.loads(output).items() if k not in TIMINGS}


@pytest.fixture(scope="module")
def story():
    return load("fumie")


def test_processes_give_the_counts_of_the_shards_played_one_by_one(story):
    alone = [run_shard(part, story) for part in shards(story, "basic", 30, 11, "mixed", None, 2)]
    pooled = explore(story, "basic", 30, 11, "mixed", jobs=2)
    assert pooled.endings == alone[0].endings + alone[1].endings
    assert pooled.actions == alone[0].actions + alone[1].actions


def test_the_progress_bar_counts_every_game_of_every_shard(story):
    told: list[int] = []
    report = explore(story, "basic", 24, 2, "random", jobs=2, progress=told.append)
    assert sum(told) == report.games == 24 and all(n > 0 for n in told)


def test_a_carried_story_says_its_knowledge_stays_within_each_shard(cli):
    out = " ".join(cli("explore", "fumie", "--games", 6, "--jobs", 2).output.split())
    assert "carried within each of the 2 shards" in out


def test_a_missing_dask_is_named_with_the_extra_to_install(cli, monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)     # import distributed fails
    result = cli("explore", "fumie", "--games", 4, "--executor", "dask")
    assert result.exit_code == 1
    assert "pip install 'narrator[cluster]'" in " ".join(result.output.split())


def test_a_scheduler_without_dask_is_refused(cli):
    result = cli("explore", "fumie", "--games", 4, "--scheduler", "tcp://127.0.0.1:8786")
    assert result.exit_code == 1 and "--executor dask" in result.output


def test_dask_plays_the_very_games_of_the_processes(cli):
    pytest.importorskip("distributed", reason="the cluster extra is not installed: pip install '.[cluster]'")
    args = ("explore", "fumie", "--games", 30, "--seed", 4, "--jobs", 2, "--json")
    here = _untimed(cli(*args).output)
    there = _untimed(cli(*args, "--executor", "dask").output)
    assert there == here and here["games"] == 30
