"""What random games check of For Fumie beyond the contract (tests/test_contract.py):

- a card used face down is named by no event and no view until it is turned face up;
- hands never hold more than the refill and the draw effects allow;
- the private events go to exactly the seats they concern;
- a condition of a card or sheet reads only what both players see: a seat's view
  decides it as the state does;
- an effect side shows only for a card whose sleeve shows it;
- until it is revealed, the culprit (expansion 1) is in no view or event of the seat
  that does not keep it, but for the list of suspects and the accusations it may make;
- a copy of a game plays on without touching the original.
"""
from __future__ import annotations

import json
import random

import pytest

from engine.fumie import game as g
from engine.fumie.content import HAND_SIZE
from fumie_positions import CONTENT, SEATS, card_ids_in, event_cards, new
from narrator.library import load
from tests.test_contract import play

PRIVATE = {
    "draw_seen": lambda d: {d["seat"]},
    "deck_seen": lambda d: {d["seat"]},
    "show_hand": lambda d: {d["seat"], d["to"]},
    "shown_on_draw": lambda d: {d["seat"], d["to"]},
    "culprit_set": lambda d: {CONTENT.culprit_keeper},
}
VIEW_EVERY = 3


def _conditions():
    """Every condition of the cards and sheets (END rules and "instead")."""
    def steps(ss):
        for st in ss or ():
            yield st
            yield from steps(st.effect)
            if st.instead is not None:
                yield from steps(st.instead.effect)
    out = []
    for card in CONTENT.cards.values():
        out += [r.if_ for r in card.end if r.if_ is not None]
        out += [s.instead.if_ for s in steps(list(card.effect) + [x for star in card.star for x in star.effect])
                if s.instead is not None]
    for sheet in CONTENT.sheets.values():
        out += [r.if_ for r in sheet.end if r.if_ is not None]
    return [CONTENT.test(c) for c in out]


CONDITIONS = _conditions()


def _faces(o):
    if isinstance(o, dict):
        if "sleeve_name" in o:
            yield o
        for v in o.values():
            yield from _faces(v)
    elif isinstance(o, (list, tuple)):
        for v in o:
            yield from _faces(v)


class Watch:
    def __init__(self):
        self.hidden_down: set[str] = set()     # used face down, still face down
        self.extra = {s: 0 for s in SEATS}
        self.moves = 0
        self.front: dict[str, str | None] = {}

    def before(self, state):
        self.front = {s: (state.sides[s].hand[0] if state.sides[s].hand else None) for s in SEATS}

    def __call__(self, state, seat, action, events):
        self.moves += 1
        if action.verb == "down" and self.front.get(state.opponent(seat)):
            self.hidden_down.add(self.front[state.opponent(seat)])
        turned = set()
        for e in events:
            if e.kind in PRIVATE:
                assert e.seats == frozenset(PRIVATE[e.kind](e.data)), e
            else:
                assert e.seats is None, e
            if e.data.get("face") == "down":
                assert e.data.get("card") is None, e
            if e.kind == "flip_up":
                turned.add(e.data["card"])
            for c in (event_cards(e) & self.hidden_down) - turned:
                assert e.kind == "sleeve", (e, c)       # only its re-sleeving, just before it turns
            if e.kind == "draw_extra":
                self.extra[e.data["seat"]] += e.data["count"]
        self.hidden_down = {c for c in self.hidden_down
                            if not any((c, True) in state.sides[s].discard for s in SEATS)}
        for s in SEATS:
            assert len(state.sides[s].hand) <= HAND_SIZE + self.extra[s], (s, state.sides[s].hand)
        if self.moves % VIEW_EVERY == 0 or state.ended is not None:
            for s in SEATS:
                v = g_view(state, s)
                d = v.to_dict()
                assert not (self.hidden_down & card_ids_in(d)), (s, self.hidden_down)
                for test in CONDITIONS:
                    assert test(v, s) == test(state, s)
                for face in _faces(d):
                    assert face["known"] == (face["id"] in state.known), face
                    if not face["known"]:
                        assert face["text"] == "" and face["name"] == face["sleeve_name"], face
        keeper = CONTENT.culprit_keeper
        if state.culprit and not state.culprit_shown:
            for s in SEATS:
                if s == keeper:
                    continue
                v = g_view(state, s)
                assert v.culprit is None
                data = v.to_dict()
                for same_for_all in ("suspects", "legal", "decision"):   # all the names, or `accuse` them
                    data.pop(same_for_all)
                assert state.culprit not in json.dumps(data)
                for e in state.log:
                    if e.visible_to(s):
                        assert e.kind != "culprit_set" and (state.culprit not in json.dumps(e.data)
                                                            or e.kind == "accused"), e
        self.before(state)


def g_view(state, seat):
    from engine.fumie.view import view
    return view(state, seat)


@pytest.mark.parametrize("episode", CONTENT.episodes)
def test_random_games_keep_what_for_fumie_hides(episode):
    story = load("fumie")
    for seed in range(25):
        watch = Watch()
        # the first front cards, before any action
        first = g.new_game(CONTENT, SEATS, seed, {"episode": episode})
        watch.before(first)
        play(story, episode, {}, seed, watch)


def test_copies_are_independent():
    st = new(42)
    rng = random.Random(42)
    for _ in range(3):
        (seat,) = g.to_act(st)
        g.apply(st, seat, rng.choice([a for a in g.legal_actions(st, seat) if a.verb != "stop"]))
    snap = st.copy()
    before = [(e.kind, e.data, e.seats) for e in st.log]
    rng2 = random.Random(1)
    while snap.ended is None:
        (seat,) = g.to_act(snap)
        g.apply(snap, seat, rng2.choice([a for a in g.legal_actions(snap, seat) if a.verb != "stop"]))
    assert [(e.kind, e.data, e.seats) for e in st.log] == before
