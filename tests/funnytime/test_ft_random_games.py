"""What random games check of FunnyTime beyond the contract (tests/test_contract.py):

- the stars are accounted for: every dark star is one put out (paid for, or doused) and
  not yet relit, and it relights in the future;
- before Show Time the rival's plan is not on the table: no panel, no Make card;
- the secret submissions are told to their author only;
- no duel goes past its deadline;
- a choice of stars to spend is the one the sky offers (`pay_options`), also when it was
  made from the choice just answered.
"""
from __future__ import annotations

from engine.funnytime.stars import pay_options
from narrator.library import load
from tests.test_contract import play

STORY = load("funnytime")
CONTENT = STORY.content
SECRET = {"opening_hand", "draw_seen", "laid", "make_chosen", "rotation_chosen", "peek"}


class Ledger:
    """Stars put out and relit, per seat, as the events tell them."""

    def __init__(self, state):
        self.dark = {s: 0 for s in CONTENT.seats}
        self(state, None, None, state.log)

    def __call__(self, state, seat, action, events) -> None:
        for e in events:
            d = e.data
            if e.kind in SECRET:
                assert e.seats == frozenset({d["seat"]}), e
            else:
                assert e.seats is None, e
            if e.kind == "paid":
                self.dark[d["seat"]] += d["count"]
            elif e.kind == "relight":
                self.dark[d["seat"]] -= len(d["stars"])
            elif e.kind == "effect" and d["op"] == "relight":
                self.dark[d["seat"]] -= d["count"]
            elif e.kind == "effect" and d["op"] == "douse":
                self.dark[d["whose"]] += d["count"]
        assert state.number <= CONTENT.table.deadline
        for s in CONTENT.seats:
            side = state.sides[s]
            # a bill being paid has put out `spent` already; its `paid` event comes when it is settled
            assert len(side.dark) == self.dark[s] + len(side.spent), (s, side.dark, self.dark)
            assert all(at > state.number for at in side.dark.values())
            assert all(c in side.hand for c in side.open_hand)
            p = state.pending
            if p is not None and p.kind == "pay" and p.seat == s:
                assert p.options is pay_options(state, s, side.owed), (s, p.options, side.dark)
            if state.phase == "make" and state.ended is None:
                v = STORY.view(state, state.opponent(s))
                assert v.other.manuscript == () and v.other.played == ()


def test_random_duels_keep_the_stars_and_the_secrets():
    for seed in range(20):
        first = STORY.family.new_game(CONTENT, CONTENT.seats, seed, {})
        play(STORY, "duel", {}, seed, Ledger(first))
