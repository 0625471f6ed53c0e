"""How `explore --jobs 2` scales over `--jobs 1`: games per wall-second for the same games
(same seed, same count), story by story, and the ratio. Goal: >= 1.7x on 2 idle cores.

Each story's default episode and table is explored with the default (mixed) bots, as
many games as one job plays in about two seconds, one job then two, ROUNDS times
interleaved; the best wall time of each is kept (the machine
may be shared: the best run is the one least disturbed). The wall time is the whole run
as `explore` plays it, the worker processes' start included. The machine's load average
is printed before and after: on busy cores two jobs cannot be twice one, so the ratio
the CPU times allow is printed too (one job's CPU over the slower shard's: what two idle
cores would give, less the pool's start).

    python bench/explore_scaling.py [ROUNDS]
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator import executors  # noqa: E402
from narrator.explore import run_shard, shards  # noqa: E402
from narrator.library import load, story_ids  # noqa: E402

SECONDS = 2.0   # one job's run: long enough that the pool's start is a small part of it
GOAL = 1.7


def timed(story, games: int, jobs: int) -> tuple[float, list[float]]:
    """Wall seconds of one explore, as explore plays it, and each shard's CPU seconds."""
    episode = story.episodes[0]["id"]
    parts = shards(story, episode, games, 0, "mixed", None, jobs)
    start = time.perf_counter()
    if jobs == 1:
        tallies = [run_shard(parts[0], story)]
    else:
        tallies = list(executors.in_processes(parts))
    return time.perf_counter() - start, [t.cpu_seconds for t in tallies]


def sized(story) -> int:
    """As many games as one job plays in about SECONDS, from a first short run: fixed
    counts went stale as explore grew faster (For Fumie's 600 games took 0.3 s at the end),
    and then the workers' start weighed on the ratio more than the machine's two cores."""
    games = 20
    while (wall := timed(story, games, 1)[0]) < SECONDS / 8:
        games *= 2
    return max(games, round(games * SECONDS / wall))


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    for sid in story_ids():
        story = load(sid)
        games = sized(story)
        runs: dict[int, list] = {1: [], 2: []}
        for _ in range(rounds):      # interleaved, so a burst of load hits both alike
            for jobs in (1, 2):
                runs[jobs].append(timed(story, games, jobs))
        (one, cpu1), (two, cpu2) = min(runs[1]), min(runs[2])
        # On two idle cores the two shards run side by side: the run takes as long as the
        # slower shard, so CPU times bound the ratio whatever else the machine is doing.
        bound = min(sum(c) for _, c in runs[1]) / min(max(c) for _, c in runs[2])
        print(f"{sid:13} {games:5} games: --jobs 1 {games / one:7.1f} games/s, --jobs 2 {games / two:7.1f}"
              f" games/s, ratio {one / two:.2f}x (goal >= {GOAL}x); from CPU times (one job's over the"
              f" slower shard's) {bound:.2f}x", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
