"""Instructions per explore move, which no load on the machine moves.

Why: on a shared machine CPU-second figures move with the other work by a tenth or
more, so a change of a few percent cannot be told from noise; the count of instructions
for a fixed, seeded workload (valgrind's cachegrind) is the same at every run. Measured:
explore's own loop (`explore.play_games`, mixed bots, the story's default table, seed 0,
`PYTHONHASHSEED=0`) over 5 + GAMES games, less the same over 5 games (start-up, the first
imports and the content's first reading fall out), over the moves of those GAMES games.

    python bench/instructions.py STORY[/EPISODE] [GAMES]    # default 100 games

Needs valgrind. The figure compares two versions of the code on the same machine and
Python, not two machines; run each version's checkout once before, so its content cache
is filled (a run that validates the story again would count it).
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WARM = 5


def play(name: str, games: int) -> None:
    """The workload, in this process: print the moves of `games` games."""
    sys.path.insert(0, str(ROOT))
    from narrator import explore
    from narrator.library import load

    sid, _, episode = name.partition("/")
    story = load(sid)
    shard = explore.shards(story, episode or story.episodes[0]["id"], 10**9, 0, "mixed", None, 1)[0]
    played = explore.play_games(story, shard)
    print("moves", sum(next(played)[1] for _ in range(games)))


def count(name: str, games: int) -> tuple[int, int]:
    """(moves, instructions) of the workload run under cachegrind."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--play", name, str(games)],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    moves = int(re.search(r"^moves (\d+)", out.stdout, re.M).group(1))
    refs = int(re.search(r"I\s+refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))
    return moves, refs


def main(name: str, games: int = 100) -> None:
    if shutil.which("valgrind") is None:
        print("valgrind: not available; install it to count instructions")
        return
    m0, i0 = count(name, WARM)
    m1, i1 = count(name, WARM + games)
    print(f"{name}: {(i1 - i0) // (m1 - m0):,} instructions per explore move ({m1 - m0} moves)")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--play"]:
        play(sys.argv[2], int(sys.argv[3]))
    else:
        main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 100)
