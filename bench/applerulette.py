"""Bot games per second of Snow White Apple Roulette, at 4 seats (four players and the
NPC) and at 8.

Why: explore and the playout tests play thousands of these games, and every bot decision
builds the seat's view and the partner bot's belief; an 8-seat game must take well under
a second. Whole games are timed (setup, views, bot decisions, the rules), with every seat
played by the partner bot, as `narrator explore applerulette --bot partner` plays them,
for about SECONDS at each table.

    python bench/applerulette.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

SECONDS = 2.0


def games_per_second(players: int, seconds: float = SECONDS) -> tuple[float, float]:
    """(games per second, actions per game) with partner bots at every seat."""
    from narrator import bots
    from narrator.library import load

    story = load("applerulette")
    g, view = story.family, story.view
    options = {"players": players}
    seats = story.seats_for(options)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        seed = games
        state = g.new_game(story.content, seats, seed, options)
        players_ = {s: bots.make("partner", story, s, seed) for s in seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse(players_[seat].choose(view(state, seat))))
            actions += 1
        games += 1
    return games / (time.perf_counter() - start), actions / games


def main() -> None:
    figures = []
    for players in (4, 8):
        rate, length = games_per_second(players)
        seats = players + (1 if players == 4 else 0)
        figures.append(f"{players} players ({seats} seats): {rate:,.0f} bot games/s"
                       f" ({length:.0f} actions a game, {1000 / rate:.1f} ms a game)")
    print("Snow White Apple Roulette, partner bots at every seat:")
    for f in figures:
        print("  " + f)


if __name__ == "__main__":
    main()
