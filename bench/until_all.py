"""How long `explore --until-all` takes to see every ending, for every story, episode and
table, with `--jobs 2`. Goal: each under 2 s of wall time, start-up included.

Each run is `/usr/bin/time -f %e python -m narrator explore STORY --until-all --jobs 2
--json [--players N] [--mix M]` from this checkout (seed 0): the wall seconds /usr/bin/time
reports, and the games it took. The machine's load average is printed before and after.

    python bench/until_all.py [CAP [STORY ...]]      # default: cap 20000, every story
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
GOAL = 2.0


def tables(only: list[str]) -> list[tuple[str, list[str]]]:
    """(story/episode, table options) for every episode and table of every story (or of
    those in `only`)."""
    from narrator.library import load, story_ids

    out = []
    for sid in only or story_ids():
        story = load(sid)
        takes = story.family.table.options
        if "players" in takes:
            sizes = list(story.family.table.players)
            per = [(n, len(story.content.mixes(n)) if "mix" in takes else 1) for n in sizes]
            options = [["--players", str(n)] + (["--mix", str(m)] if "mix" in takes and mixes > 1 else [])
                       for n, mixes in per for m in range(1, mixes + 1)]
        else:
            options = [[]]
        for ep in story.episodes:
            out += [(f"{sid}/{ep['id']}", o) for o in options]
    return out


def main() -> None:
    cap = sys.argv[1] if len(sys.argv) > 1 else "20000"
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for name, options in tables(sys.argv[2:]):
        cmd = ["/usr/bin/time", "-f", "%e", sys.executable, "-m", "narrator", "explore", name,
               "--until-all", "--jobs", "2", "--cap", cap, "--json", *options]
        run = subprocess.run(cmd, cwd=REPO, capture_output=True, text=True,
                             env={**os.environ, "COLUMNS": "100000"})
        if run.returncode:
            print(f"{name} {' '.join(options)}: failed: {run.stderr.strip()[-200:]}")
            continue
        wall = float(run.stderr.strip().splitlines()[-1])
        report = json.loads(run.stdout)
        took = report["took"] if report["took"] is not None else f"not all in {cap}"
        mark = "ok" if wall < GOAL and report["took"] is not None else "over"
        print(f"{name:22} {' '.join(options):22} {took!s:>8} games {wall:6.2f} s  {mark}", flush=True)
    print(f"load average after: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
