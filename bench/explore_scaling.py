"""How `explore --jobs 2` scales over `--jobs 1`: games per wall-second for the same games
(same seed, same count), story by story, and the ratio. Goal: >= 1.7x on 2 idle cores.

Each story's default episode and table is explored with the default (mixed) bots, one
job then two, ROUNDS times interleaved; the best wall time of each is kept (the machine
may be shared: the best run is the one least disturbed). The wall time is the whole run
as `explore` times it, the worker processes' start included. The machine's load average
is printed before and after: on busy cores two jobs cannot be twice one.

    python bench/explore_scaling.py [ROUNDS]
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator.explore import explore  # noqa: E402
from narrator.library import load  # noqa: E402

# about two seconds of one core each, at the speeds of 2026-12-01
GAMES = {"fumie": 600, "applerulette": 300, "fatima": 120, "funnytime": 100}
GOAL = 1.7


def best(story, games: int, jobs: int, rounds: int) -> float:
    episode = story.episodes[0]["id"]
    return min(explore(story, episode, games, 0, "mixed", jobs=jobs).seconds for _ in range(rounds))


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} cores")
    for sid, games in GAMES.items():
        story = load(sid)
        one, two = 0.0, 0.0
        walls = {1: [], 2: []}
        for _ in range(rounds):      # interleaved, so a burst of load hits both alike
            for jobs in (1, 2):
                walls[jobs].append(best(story, games, jobs, 1))
        one, two = min(walls[1]), min(walls[2])
        print(f"{sid:13} {games:5} games: --jobs 1 {games / one:7.1f} games/s, --jobs 2 {games / two:7.1f}"
              f" games/s, ratio {one / two:.2f}x (goal >= {GOAL}x)")
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
