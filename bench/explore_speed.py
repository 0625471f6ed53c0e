"""Explore's speed next to OpenSpiel's game loops, every story in one interleaved run.

Why: `explore` is how an author proves every ending reachable and balances a story, so it
should play as fast as a plain game loop in Python does. The yardsticks are OpenSpiel's
pure-Python `python_liars_poker` and its C++ `hanabi` driven from Python.

Measured, each in CPU time (`time.process_time`), in slices taken in turn so that a
change in the machine's load falls on every figure alike:
- liars poker: OpenSpiel's Python game, uniform random player moves;
- hanabi: OpenSpiel's C++ game from Python, uniform random player moves;
- random: each story's (and For Fumie episode's) own rules loop, uniform among the
  legal actions other than `stop`;
- explore: `narrator explore`'s own code (`explore.play_games` over a shard) with the
  default mixed bots: every decision builds the seat's view and asks its bot. Its games
  run with what was loaded frozen out of the garbage collector's walks and at the
  collector's pace for games in bulk, as the command's shards run (`narrator.collector`),
  for its slices only: every other loop runs with Python's collector as it is.
Chance nodes are sampled and not counted; only players' moves are actions. Games are
timed whole (setup included).

    python bench/explore_speed.py [SECONDS] [STORY ...]   # CPU-s per figure, default 1.2;
                                                          # only these stories, if named

Goals: explore/liars >= 1.0 for every story; random/liars >= 2.0; For Fumie's
random/hanabi >= 0.5. Needs `pip install open-spiel` (the `bench` extra); without it
only our own figures are printed.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # run from anywhere

SECONDS = 1.2        # CPU seconds each figure gets, in all
SLICES = 4           # taken in this many turns, interleaved with the others


class Loop:
    """A measurement played in slices: `step()` plays one whole game and returns its
    player moves; the CPU time and the moves add up over every slice."""

    name = ""

    def __init__(self) -> None:
        self.actions = 0
        self.cpu = 0.0

    def run(self, seconds: float) -> None:
        start = time.process_time()
        while (spent := time.process_time() - start) < seconds:
            self.actions += self.step()
        self.cpu += spent

    @property
    def rate(self) -> float:
        return self.actions / self.cpu if self.cpu else 0.0


class OpenSpielLoop(Loop):
    def __init__(self, game: str, seed: int = 0) -> None:
        super().__init__()
        import pyspiel
        import open_spiel.python.games  # noqa: F401  registers the python_* games

        self.name = game
        self.game, self.rng = pyspiel.load_game(game), random.Random(seed)

    def step(self) -> int:
        rng, state, moves = self.rng, self.game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                moves += 1
        return moves


class RandomLoop(Loop):
    """The engine's own loop: legal actions, a uniform choice, apply; no views, no bots."""

    def __init__(self, story, episode: str, seed: int = 0) -> None:
        super().__init__()
        self.name = f"{story.id}/{episode}"
        self.story, self.episode, self.rng = story, episode, random.Random(seed)
        g = story.family
        self.options = {"episode": episode}
        if g.carried is not None:   # a first game: nothing carried yet
            self.options.update(g.carried.options(story.content, episode, {}))
        self.seats = story.seats_for(self.options)

    def step(self) -> int:
        g, rng, moves = self.story.family, self.rng, 0
        state = g.new_game(self.story.content, self.seats, rng.randrange(2**32), self.options)
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            legal = g.legal_actions(state, seat)
            # Uniform among the actions but stopping, as OpenSpiel's loop is among its legal
            # actions: stopping drawn is drawn again (rejection keeps the draw uniform, and
            # copying a list of dozens of actions less stopping at every move was a
            # twentieth of a Fatima move, the loop's cost, not the rules').
            action = rng.choice(legal)
            while action.verb == "stop" and len(legal) > 1:    # stop takes no words
                action = rng.choice(legal)
            g.apply(state, seat, action)
            moves += 1
        return moves


class ExploreLoop(Loop):
    """Explore itself: the games of one long shard, played by `explore.play_games`."""

    def __init__(self, story, episode: str, seed: int = 0) -> None:
        super().__init__()
        from narrator import explore

        self.name = f"{story.id}/{episode}"
        shard = explore.shards(story, episode, 10**9, seed, "mixed", None, 1)[0]
        from narrator.collector import collected_every, loaded_set_aside

        self.games = collected_every(explore.play_games(story, shard))

        self.set_aside = loaded_set_aside

    def step(self) -> int:
        with self.set_aside():       # as run_shard plays its games
            return next(self.games)[1]


def stories(only: list[str]):
    from narrator.library import load, story_ids

    for sid in only or story_ids():
        story = load(sid)
        for ep in story.episodes:
            yield story, ep["id"]


def main(seconds: float = SECONDS, only: list[str] | None = None) -> None:
    try:
        liars, hanabi = OpenSpielLoop("python_liars_poker"), OpenSpielLoop("hanabi")
        theirs: list[Loop] = [liars, hanabi]
    except ImportError:
        print("open_spiel: not available; `pip install open-spiel` to compare")
        liars = hanabi = None
        theirs = []
    ours = [(RandomLoop(s, ep), ExploreLoop(s, ep)) for s, ep in stories(only or [])]
    loops = theirs + [loop for pair in ours for loop in pair]
    for _ in range(SLICES):
        for loop in loops:
            loop.run(seconds / SLICES)
    for loop in theirs:
        print(f"{'open_spiel ' + loop.name:32} {loop.rate:9,.0f} moves/CPU-s")
    print(f"{'story':18} {'random/s':>9} {'explore/s':>9}  "
          f"{'random/liars':>12} {'explore/liars':>13}  (goals 2.0, 1.0)")
    for rand, expl in ours:
        line = f"{rand.name:18} {rand.rate:9,.0f} {expl.rate:9,.0f}"
        if liars is not None:
            line += f"  {rand.rate / liars.rate:12.2f} {expl.rate / liars.rate:13.2f}"
        print(line)
    if hanabi is not None:
        for rand, _ in ours:
            if rand.name.startswith("fumie/basic"):
                print(f"fumie/basic random/hanabi: {rand.rate / hanabi.rate:.2f} (goal >= 0.5)")


if __name__ == "__main__":
    main(float(sys.argv[1]) if len(sys.argv) > 1 else SECONDS, sys.argv[2:])
