"""Seeded games play as they always played, at every table from 2 to 8 nations: every
event (with who is told it) and every seat's legal actions, in their order, at every
moment. The rules are made faster from time to time (how a turn's options are listed, how
events and dice are made); none of that may change a game.

The digests were taken from the rules as they stood before such work (7 December 2026),
by this very loop; a change that makes a digest differ changed a game."""
from __future__ import annotations

import hashlib
import random

import pytest

from narrator.library import load
from tests.test_contract import log_bytes

STORY = load("fatima")
GAMES = 3
PINNED = {
    2: "97f605559e84bf73",
    3: "c921d4537de29029",
    4: "900c2cc04cd8ecf2",
    5: "aac4f07240df496c",
    6: "04941956db7ffd61",
    7: "dc5071e8e693013f",
    8: "083cb66b488da1e1",
}


def digest(players: int) -> str:
    """Seeded games with a uniform choice among the legal actions but stopping, digested."""
    g, content = STORY.family, STORY.content
    options = {"episode": STORY.episodes[0]["id"], "players": players}
    seats = STORY.seats_for(options)
    out = hashlib.sha256()
    for seed in range(GAMES):
        rng = random.Random(seed)
        state = g.new_game(content, seats, seed, options)
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            legal = g.legal_actions(state, seat)
            texts = [str(a) for a in legal]
            assert list(g.choices(state, seat).texts) == texts
            out.update(repr(texts).encode())
            g.apply(state, seat, rng.choice([a for a in legal if a.verb != "stop"]))
        out.update(log_bytes(state.log))
    return out.hexdigest()[:16]


@pytest.mark.parametrize("players", sorted(PINNED))
def test_seeded_games_play_as_they_always_played(players):
    assert digest(players) == PINNED[players]
