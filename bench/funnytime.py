"""Bot games of FunnyTime per second: two partner bots, whole games, setup included.

Why: the partner bot plays from its view alone, building that view afresh at every
decision, so this is the speed that `narrator explore funnytime` and a REPL opponent
see. The goal is a bot game well under a second (at least 10 games a second on one core).

    python bench/funnytime.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

SECONDS = 3.0


def bot_games(seconds: float = SECONDS, bot: str = "partner") -> tuple[float, float, int]:
    """(games per second, actions per second, games played) of seeded bot games."""
    from narrator import bots
    from narrator.library import load

    story = load("funnytime")
    g = story.family
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = games
        state = g.new_game(story.content, story.seats, seed, {})
        players = {s: bots.make(bot, story, s, seed) for s in story.seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
            actions += 1
        games += 1
    elapsed = time.perf_counter() - start
    return games / elapsed, actions / elapsed, games


def main() -> None:
    for bot in ("partner", "random"):
        gps, aps, n = bot_games(bot=bot)
        print(f"funnytime {bot} bot games: {gps:,.1f} games/s ({aps:,.0f} actions/s, {n} games)")


if __name__ == "__main__":
    main()
