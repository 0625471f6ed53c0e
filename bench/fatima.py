"""Bot games per second of The Fatima Unveiling Game.

Why: explore and the tests play thousands of whole games; a table of eight nations
played by partner bots is the heaviest case (every bot weighs every attack it can see).
Whole games are timed, setup included, for about SECONDS of CPU time (`time.process_time`:
the cores are shared) at 8 nations with partner bots at every seat, each seeded; the
figure printed is games per CPU-second. For comparison it also says the figure with
random bots and at five nations, on the same line.

    python bench/fatima.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

SECONDS = 3.0


def games_per_second(players: int, bot: str, seconds: float = SECONDS) -> float:
    from narrator import bots
    from narrator.library import load

    story = load("fatima")
    g, view = story.family, story.view
    options = {"players": players}
    seats = story.seats_for(options)
    games, seed = 0, 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = g.new_game(story.content, seats, seed, options)
        who = {s: bots.make(bot, story, s, seed) for s in seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse(who[seat].choose(view(state, seat))))
        games += 1
        seed += 1
    return games / (time.process_time() - start)


def main() -> None:
    eight = games_per_second(8, "partner")
    five = games_per_second(5, "partner", SECONDS / 3)
    rand = games_per_second(8, "random", SECONDS / 3)
    print(f"fatima: {eight:.0f} bot games/CPU-s (8 nations, partner bots; {1000 / eight:.1f} CPU-ms a game)"
          f"  [5 nations partner: {five:.0f}/s; 8 nations random: {rand:.0f}/s]")


if __name__ == "__main__":
    main()
