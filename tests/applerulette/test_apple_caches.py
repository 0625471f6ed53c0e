"""Snow White's caches change nothing a seat is shown: at every table, every view of
seeded bot games equals the view of a copy of the same state (which carries none of the
state's caches: the seat's told log, the moment's legal actions) made with the kept
positions' and pending decisions' choices dropped. (That the choices of a position are
the rules' is pinned by tests/narrator/test_explore_pinned.py.) Nor do the partner's: what
it carries from one decision to the next is what a partner made afresh makes of the view."""
from __future__ import annotations

import zlib

import pytest

from apple_positions import CONTENT, STORY, g, new
from engine.applerulette import legal
from engine.applerulette.view import view
from narrator import bots

TABLES = [(p, m) for p in range(4, 9) for m in (1, 2) if m <= len(CONTENT.mixes(p))]


def afresh(state, seat: str):
    legal._turn.cache_clear()
    legal._progress.cache_clear()
    legal._uses.cache_clear()
    legal._answers.clear()
    return view(state.copy(), seat)     # a copy carries none of the state's own caches


def mixed(st, seed: int) -> dict:
    """A partner or a random player at each seat, by the seed."""
    return {s: bots.make(("partner", "random")[zlib.crc32(f"{seed}:{s}".encode()) % 2], STORY, s, seed)
            for s in st.seats}


@pytest.mark.parametrize("players,mix", TABLES)
def test_every_view_is_the_view_made_afresh(players, mix):
    for seed in (1, 2):
        st = new(players, seed, mix)
        seated = mixed(st, seed)
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            kept = view(st, seat)
            assert kept == afresh(st, seat), (players, mix, seed, len(st.log))
            g.apply(st, seat, g.parse_action(seated[seat].choose(kept)))


# What a belief holds that the bot's choices are made of (its memos of dangers aside).
BELIEF = ("living", "possible", "p_sw", "p_rose", "p_queen", "dead", "plate", "worth", "tiles", "poison",
          "risk", "ring")


@pytest.mark.parametrize("players,mix", TABLES)
def test_the_partners_kept_belief_is_the_one_made_afresh(players, mix):
    for seed in (1, 2, 3):
        st = new(players, seed, mix)
        seated = mixed(st, seed)
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            v = view(st, seat)
            bot = seated[seat]
            if not isinstance(bot, bots.RandomBot):
                kept, fresh = bot.believe(v), bots.make("partner", STORY, seat, seed).believe(v)
                assert [getattr(kept, a) for a in BELIEF] == [getattr(fresh, a) for a in BELIEF], \
                    (players, mix, seed, len(st.log))
            g.apply(st, seat, g.parse_action(bot.choose(v)))
