"""Whether explore's memory stays flat with the games: peak resident memory of an explore
of MANY games against one of FEW, story by story. Goal: <= 1.2x for every story.

Each explore runs as its own subprocess (`python -m narrator explore STORY --games N
--jobs JOBS --json`, this checkout's code); its peak is what the kernel reports for it
when it is reaped (os.wait4), which is the largest of the process itself and the worker
processes it waited for. Two jobs keep the long runs practical on two cores; each
worker then plays half the games, so a leak shows as it would in one process playing
MANY / 2 games.

    python bench/explore_memory.py [MANY [FEW [JOBS [STORY ...]]]]    # default 10000 100 2, every story
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
STORIES = ("fumie", "applerulette", "fatima", "funnytime")
GOAL = 1.2


def peak_mib(story: str, games: int, jobs: int) -> tuple[float, float]:
    """Peak resident memory (MiB) of one explore, and its wall seconds."""
    cmd = [sys.executable, "-m", "narrator", "explore", story, "--games", str(games),
           "--jobs", str(jobs), "--json"]
    start = time.perf_counter()
    child = subprocess.Popen(cmd, cwd=REPO, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, use = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise SystemExit(f"`{' '.join(cmd)}` failed: {child.stderr.read().decode(errors='replace')}")
    return use.ru_maxrss / 1024, time.perf_counter() - start      # ru_maxrss is in KiB


def main() -> None:
    given = [int(a) for a in sys.argv[1:4]]
    stories = sys.argv[4:] or STORIES
    many, few, jobs = given + [10000, 100, 2][len(given):]
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for story in stories:
        small, _ = peak_mib(story, few, jobs)
        big, seconds = peak_mib(story, many, jobs)
        print(f"{story:13} {few} games {small:6.1f} MiB, {many} games {big:6.1f} MiB ({seconds:.0f} s):"
              f" ratio {big / small:.2f}x (goal <= {GOAL}x)", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
