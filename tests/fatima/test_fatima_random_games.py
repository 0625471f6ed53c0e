"""What random games check of the Fatima Unveiling Game beyond the contract
(tests/test_contract.py), at every table:

- hands hold only Persons and Actions;
- events told in secret go to exactly the seats they concern;
- a public event names a Person or an Action only once it has been turned up (in a
  combat, used, or discarded face up), and a king only once he is face up; the events
  that tell of hidden cards name none;
- a king face up was told to the table.
"""
from __future__ import annotations

import pytest

from narrator.library import load
from tests.test_contract import play, tables

STORY = load("fatima")
CONTENT = STORY.content
PRIVATE = {
    "king_dealt": lambda d: {d["seat"]},
    "hand_seen": lambda d: {d["seat"]},
    "laid_down": lambda d: {d["seat"]},
    "took_seen": lambda d: {d["seat"], d["source"]},
    "hand_over_seen": lambda d: {d["seat"], d["to"]},
    "peek": lambda d: {d["seat"]},
    "king_seen": lambda d: {d["seat"]},
}
CARDLESS = {"draw", "deal", "took", "hand_over", "picked", "fight"}


def named(data) -> list[str]:
    out = [data["card"]] if data.get("card") else []
    return out + list(data.get("cards", ()))


class Watch:
    def __init__(self, state):
        self.shown: set[str] = set()
        self.kings: set[str] = set()
        self(state, None, None, state.log)

    def __call__(self, state, seat, action, events):
        for e in events:
            d = e.data
            if e.kind in PRIVATE:
                assert e.seats == frozenset(PRIVATE[e.kind](d)), e
                continue
            assert e.seats is None, e
            assert not (e.kind in CARDLESS and named(d)), e
            assert not (e.kind == "returned" and d["why"] == "avoided" and d["card"] is not None), e
            if e.kind == "king_revealed":
                self.kings.add(d["card"])
            if e.kind in ("reveal", "action", "discarded", "recalled"):
                self.shown.update(c for c in named(d) if CONTENT.cards[c].kind in ("person", "action"))
            for c in named(d):
                kind = CONTENT.cards[c].kind
                assert kind not in ("person", "action") or c in self.shown, (e, c)
                assert kind != "king" or c in self.kings, (e, c)
        for s, n in state.nations.items():
            assert all(CONTENT.cards[c].kind in ("person", "action") for c in n.hand), (s, n.hand)
            assert not n.king_shown or n.king in self.kings, s


@pytest.mark.parametrize("episode,options", tables(STORY))
def test_random_games_keep_what_the_nations_hide(episode, options):
    for seed in range(3):
        seats = STORY.seats_for(options)
        first = STORY.family.new_game(CONTENT, seats, seed, options)
        play(STORY, episode, options, seed, Watch(first))
