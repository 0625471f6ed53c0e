"""Random-playout speed of For Fumie, next to OpenSpiel's pure-Python liar's poker.

Why: search and self-play bots live or die by how many moves a second the rules engine
can play. OpenSpiel's `python_liars_poker` is a well-known pure-Python game, so it is a
fair yardstick for "fast enough for pure Python"; the goal is to be at least as fast.

Both sides are timed the same way: whole games, start to finish (setup and chance
included in the time), for about SECONDS each; only the players' own moves are counted
as actions. Fumie picks uniformly among legal actions other than "stop" (stop would end
every game at once); OpenSpiel chance nodes are sampled from chance_outcomes().

    python bench/playouts.py
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

SECONDS = 3.0


def fumie_playouts(seconds: float = SECONDS, seed: int = 0) -> tuple[float, int]:
    """Actions per second and games played, For Fumie's basic episode."""
    from narrator.library import load

    story = load("fumie")
    g, rng = story.family, random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        st = g.new_game(story.content, story.seats, rng.randrange(2**32), {"episode": "basic"})
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            moves = [a for a in legal if str(a) != "stop"] or legal  # stop only if nothing else
            g.apply(st, seat, rng.choice(moves))
            actions += 1
        games += 1
    return actions / (time.perf_counter() - start), games


def open_spiel_playouts(seconds: float = SECONDS, seed: int = 0) -> tuple[float, int]:
    """Actions per second and games played, OpenSpiel's python_liars_poker."""
    import pyspiel
    import open_spiel.python.games  # noqa: F401  registers the python_* games

    game, rng = pyspiel.load_game("python_liars_poker"), random.Random(seed)
    actions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                actions += 1
        games += 1
    return actions / (time.perf_counter() - start), games


def main() -> None:
    ours, n = fumie_playouts()
    print(f"fumie random playouts: {ours:,.0f} actions/s ({n:,} games)")
    try:
        theirs, m = open_spiel_playouts()
    except ImportError:
        print("open_spiel python_liars_poker: not available; `pip install open-spiel` to compare")
        return
    print(f"open_spiel python_liars_poker: {theirs:,.0f} actions/s ({m:,} games)")
    print(f"ratio: {ours / theirs:.2f} (goal >= 1.0)")


if __name__ == "__main__":
    main()
