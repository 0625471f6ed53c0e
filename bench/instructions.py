"""Instructions per explore move, which no load on the machine moves.

Why: on a shared machine CPU-second figures move with the other work by a tenth or
more, so a change of a few percent cannot be told from noise; the count of instructions
for a fixed, seeded workload (valgrind's cachegrind) is the same at every run. Measured:
explore's own loop (`explore.play_games`, mixed bots, the story's default table, seed 0,
`PYTHONHASHSEED=0`) over 5 + GAMES games, less the same over 5 games (start-up, the first
imports and the content's first reading fall out), over the moves of those GAMES games.
With `--random`, the rules loop instead: `explore_speed.py`'s RandomLoop (legal actions,
a uniform choice, apply; no views, no bots), from the same seed, counted the same way.

    python bench/instructions.py STORY[/EPISODE] [GAMES] [--random | --bot NAME]   # default 100 games

`--bot partner` (or `random`) counts explore with that bot at every seat instead of the
default mix: where a move's cost goes between the two kinds of player.

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


def play(name: str, games: int, loop: str, bot: str = "mixed") -> None:
    """The workload, in this process: print the moves of `games` games."""
    sys.path[:0] = [str(ROOT), str(ROOT / "bench")]
    from narrator import explore
    from narrator.library import load

    sid, _, episode = name.partition("/")
    story = load(sid)
    episode = episode or story.episodes[0]["id"]
    if loop == "random":
        from explore_speed import RandomLoop

        loop = RandomLoop(story, episode)
        print("moves", sum(loop.step() for _ in range(games)))
        return
    shard = explore.shards(story, episode, 10**9, 0, bot, None, 1)[0]
    played = explore.play_games(story, shard)
    print("moves", sum(next(played)[1] for _ in range(games)))


def count(name: str, games: int, loop: str, bot: str) -> tuple[int, int]:
    """(moves, instructions) of the workload run under cachegrind."""
    out = subprocess.run(
        ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
         sys.executable, __file__, "--play", name, str(games), loop, bot],
        capture_output=True, text=True, check=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    moves = int(re.search(r"^moves (\d+)", out.stdout, re.M).group(1))
    refs = int(re.search(r"I\s+refs:\s+([\d,]+)", out.stderr).group(1).replace(",", ""))
    return moves, refs


def main(name: str, games: int = 100, loop: str = "explore", bot: str = "mixed") -> None:
    if shutil.which("valgrind") is None:
        print("valgrind: not available; install it to count instructions")
        return
    m0, i0 = count(name, WARM, loop, bot)
    m1, i1 = count(name, WARM + games, loop, bot)
    kind = loop if bot == "mixed" else f"{loop} ({bot} bots)"
    print(f"{name}: {(i1 - i0) // (m1 - m0):,} instructions per {kind} move ({m1 - m0} moves)")


if __name__ == "__main__":
    args = sys.argv[1:]
    if args[:1] == ["--play"]:
        play(args[1], int(args[2]), *args[3:5])
    else:
        workload = "random" if "--random" in args else "explore"
        args = [a for a in args if a != "--random"]
        bot = "mixed"
        if "--bot" in args:
            at = args.index("--bot")
            bot = args[at + 1] if at + 1 < len(args) else ""
            del args[at:at + 2]
            if bot not in ("mixed", "partner", "random"):
                sys.exit(f"--bot takes mixed, partner or random, not {bot!r}")
        main(args[0], int(args[1]) if len(args) > 1 else 100, workload, bot)
