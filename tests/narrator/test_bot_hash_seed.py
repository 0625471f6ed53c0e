"""Bots decide the same under any PYTHONHASHSEED: a set's order changes with the hash
seed, so a bot that ranks a set by a key that can tie would play differently from one
run to the next. One game is played in two fresh interpreters and compared."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

PLAY = """
import sys
from narrator import bots, explore
from narrator.library import load
from narrator.session import Session
from pathlib import Path
story = load(sys.argv[1])
seats = story.seats_for({})
game = Session.new(story, story.episodes[0]["id"],
                   int(sys.argv[2]), {s: "bot:" + explore.bot_for("mixed", int(sys.argv[2]), s) for s in seats}, Path("/nonexistent/x.toml"), None, autosave=False)
players = {s: bots.make(explore.bot_for("mixed", int(sys.argv[2]), s), story, s, int(sys.argv[2])) for s in seats}
while game.ending() is None and len(game.save.actions) < 400:
    seat = game.to_act()[0]
    game.act(seat, players[seat].choose(game.view(seat)))
print("\\n".join(f"{s}: {a}" for s, a in game.save.actions))
"""


def _play(story: str, seed: int, hash_seed: str) -> str:
    env = {**os.environ, "PYTHONHASHSEED": hash_seed}
    done = subprocess.run([sys.executable, "-c", PLAY, story, str(seed)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout


@pytest.mark.parametrize("story,seed", [("funnytime", 28), ("fumie", 4), ("applerulette", 5), ("fatima", 2)])
def test_one_game_plays_the_same_under_two_hash_seeds(story, seed):
    first, second = _play(story, seed, "1"), _play(story, seed, "4")
    assert first.count("\n") > 10
    assert first == second
