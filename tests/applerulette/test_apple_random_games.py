"""What random games check of Snow White Apple Roulette beyond the contract
(tests/test_contract.py), at every table:

- hands hold at most one card, two only while a drawn hand waits to be used;
- whoever is to act is a living player, never the NPC;
- events told to one seat go to that seat only; public events name no hidden character
  and no apple's poison before the table may know them.
"""
from __future__ import annotations

import pytest

from narrator.library import load
from tests.test_contract import play, tables

STORY = load("applerulette")
PRIVATE = {"deal_seen", "draw_seen", "hand_received", "answer", "green_sees", "black_sees"}


def watch(state, seat, action, events):
    drawer = state.pending.seat if state.pending is not None and state.pending.kind == "progress" else None
    # In the Story Phase a hand holds one card (two while its drawer chooses); with no
    # draw pile, hands given away pile up in the receiver's.
    for s, hand in state.hands.items():
        assert len(hand) <= (2 if s == drawer else 1) or state.phase != "story" or state.ended is not None, (s, hand)
    if state.ended is None:
        (next_seat,) = STORY.family.to_act(state)
        assert next_seat in state.living and next_seat != state.npc
    for e in events:
        d = e.data
        if e.kind in PRIVATE:
            assert e.seats == frozenset({d["seat"]}), e
        elif e.kind == "apple_checked":
            assert (e.seats == frozenset({d["seat"]})) == d["mine"], e
            assert ("poisoned" in d) == d["mine"], e
        else:
            assert e.seats is None, e
            assert "character" not in d or e.kind == "ability", e
            assert "roles" not in d or e.kind == "characters_revealed", e
            assert "poisoned" not in d or e.kind in ("queen_apple", "eat"), e


@pytest.mark.parametrize("episode,options", tables(STORY))
def test_random_games_keep_what_the_table_hides(episode, options):
    for seed in range(3):
        play(STORY, episode, options, seed, watch)
