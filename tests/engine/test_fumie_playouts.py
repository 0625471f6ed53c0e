"""Seeded random playouts of For Fumie's basic episode: 1,000 games, each action chosen
at random (random.Random(seed)) among the legal actions other than `stop`, with the
invariants checked after every action:

- every one of the 24 cards is in exactly one place (hands, decks, piles, removed, in use);
- hands never hold more than the refill and the draw effects allow;
- no view of a seat holds the other seat's secrets, and no event told to a seat names
  a card of the opponent's hand it was never shown or told about; a card used face down
  is named by no event and no view until it is turned face up;
- every game ends within 60 actions;
- the same seed and the same actions give the identical event log.
"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.fumie import game as g
from engine.fumie.actions import parse
from engine.fumie.content import HAND_SIZE
from engine.fumie.view import view
from fumie_positions import CONTENT, SEATS, assert_conserved, card_ids_in, event_cards, new

GAMES = 1000
CHUNK = 100
MAX_ACTIONS = 60

# Events that exist to tell a seat about a card in a hand.
REVEALS = {"show_hand", "shown_on_draw", "star", "draw_seen"}
# Events told only to some seats, and to whom (by the event's data).
PRIVATE = {
    "draw_seen": lambda d: {d["seat"]},
    "deck_seen": lambda d: {d["seat"]},
    "show_hand": lambda d: {d["seat"], d["to"]},
    "shown_on_draw": lambda d: {d["seat"], d["to"]},
}


def _conditions():
    """Every condition of the basic episode's cards and sheets (END rules and "instead")."""
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


def other(seat: str) -> str:
    return "fumie" if seat == "takeo" else "takeo"


def log_of(st):
    return [(e.kind, e.data, e.seats) for e in st.log]


class Table:
    """What each seat has been told so far, for checking what it may see."""

    def __init__(self, st):
        self.told = {seat: set() for seat in SEATS}
        self.extra_draws = {seat: 0 for seat in SEATS}
        self.hidden_down: set[str] = set()   # cards used face down and still face down
        self.absorb(st.log)

    def absorb(self, events):
        for e in events:
            for seat in SEATS:
                if e.visible_to(seat):
                    self.told[seat] |= event_cards(e)
            if e.kind == "draw_extra":
                self.extra_draws[e.data["seat"]] += e.data["count"]


def check_events(st, events, table: Table, still_secret):
    turned_up: set[str] = set()
    for e in events:
        # who is told
        if e.kind in PRIVATE:
            assert e.seats == frozenset(PRIVATE[e.kind](e.data)), e
        else:
            assert e.seats is None, e
        # a face-down use names no card, and nothing names a face-down-used card
        if e.data.get("face") == "down":
            assert e.data.get("card") is None, e
        named = event_cards(e)
        if e.kind == "flip_up":
            turned_up.add(e.data["card"])
        for c in (named & table.hidden_down) - turned_up:
            # only its re-sleeving, told just before it is turned face up
            assert e.kind == "sleeve", (e, c)
        # nothing tells a seat an unshown card of the opponent's hand, except a reveal
        if e.kind not in REVEALS:
            for seat in SEATS:
                if e.visible_to(seat):
                    assert not (named & still_secret[seat]), (seat, e)


def secrets(st, table: Table) -> dict[str, set[str]]:
    """For each seat: the opponent's hand cards it was never shown nor told about."""
    out = {}
    for seat in SEATS:
        opp = st.sides[other(seat)]
        out[seat] = {c for c in opp.hand if c not in opp.shown and c not in table.told[seat]}
    return out


def check_views(st, table: Table):
    for seat in SEATS:
        v = view(st, seat)
        d = v.to_dict()
        text = json.dumps(d)                       # views serialise to plain JSON
        opp = st.sides[other(seat)]
        # the other hand: shown cards by id, the rest only as None
        assert len(v.other.hand) == len(opp.hand)
        for face, card in zip(v.other.hand, opp.hand):
            if card in opp.shown:
                assert face is not None and face.id == card
            else:
                assert face is None
        assert [f.id for f in v.me.hand] == st.sides[seat].hand
        # face-down pile entries carry no card
        for side_view in (v.me, v.other):
            real = st.sides[side_view.seat].discard
            assert [(p.face_up, p.card.id if p.card else None) for p in side_view.discard] == \
                [(up, c if up else None) for c, up in real]
        if st.in_use is not None and not st.in_use.face_up:
            assert v.in_use.card is None
        # no id of a secret card of the opponent's hand appears anywhere in the view
        secret = {c for c in opp.hand if c not in opp.shown and c not in table.told[seat]}
        ids = card_ids_in(d)
        assert not (secret & ids), (seat, secret & ids)
        for c in secret - set(SEATS):              # card ids that are not also seat names
            assert f'"{c}"' not in text, (seat, c)
        # cards used face down are in no view
        assert not (table.hidden_down & ids), (seat, table.hidden_down & ids)
        # a condition reads only what both players see: the view decides it as the state does
        for test in CONDITIONS:
            assert test(v, seat) == test(st, seat)
        # effect sides only for known sleeves
        for face in _faces(d):
            assert face["known"] == (face["id"] in st.known), face
            if not face["known"]:
                assert face["text"] == "" and face["name"] == face["sleeve_name"], face


def _faces(o):
    if isinstance(o, dict):
        if "sleeve_name" in o:
            yield o
        for v in o.values():
            yield from _faces(v)
    elif isinstance(o, (list, tuple)):
        for v in o:
            yield from _faces(v)


def check_hands(st, table: Table, turn_over: bool):
    for seat in SEATS:
        side = st.sides[seat]
        assert len(side.hand) <= HAND_SIZE + table.extra_draws[seat], (seat, side.hand)
        if turn_over:
            assert len(side.hand) >= HAND_SIZE or not side.deck, (seat, side.hand, side.deck)
    assert len(st.sides["fumie"].hand) <= HAND_SIZE   # no red card makes Fumie draw


def play(seed: int):
    """One random game, checked after every action; returns the final state and the actions."""
    rng = random.Random(seed)
    st = new(seed)
    table = Table(st)
    check_views(st, table)
    actions: list[str] = []
    while g.ending(st) is None:
        assert len(actions) < MAX_ACTIONS, f"seed {seed}: no ending after {MAX_ACTIONS} actions"
        (seat,) = g.to_act(st)
        choices = [a for a in g.legal_actions(st, seat) if a.verb != "stop"]
        assert choices, f"seed {seed}: {seat} has no action"
        action = rng.choice(choices)
        used_down = None
        if action.verb == "down":
            used_down = st.sides[other(seat)].hand[0]
        events = g.apply(st, seat, action)
        actions.append(str(action))
        assert st.log[len(st.log) - len(events):] == events   # what apply returns is logged
        if used_down is not None:
            table.hidden_down.add(used_down)
        # secrets still in a hand after the action, by what was told before it
        check_events(st, events, table, secrets(st, table))
        table.absorb(events)
        table.hidden_down = {c for c in table.hidden_down
                             if not any((c, True) in st.sides[s].discard for s in SEATS)}
        assert_conserved(st)
        check_hands(st, table, turn_over=any(e.kind == "turn" for e in events))
        check_views(st, table)
    assert g.to_act(st) == () and all(g.legal_actions(st, s) == [] for s in SEATS)
    assert st.log[-1].kind == "ending" and st.log[-1].data["ending"] == st.ended.id
    return st, actions


@pytest.mark.parametrize("start", range(0, GAMES, CHUNK))
def test_random_playouts_keep_every_invariant_and_replay_identically(start):
    endings = Counter()
    for seed in range(start, start + CHUNK):
        st, actions = play(seed)
        endings[st.ended.id] += 1
        # determinism: same seed + same actions (through their text) = same log
        again = new(seed)
        for text in actions:
            g.apply(again, g.to_act(again)[0], parse(text))
        assert log_of(again) == log_of(st), f"seed {seed} replays differently"
        assert again.ended == st.ended and again.known == st.known
    # the random games reach more than one kind of ending
    assert len(endings) >= 3, endings


def test_copies_are_independent():
    st = new(42)
    rng = random.Random(42)
    for _ in range(3):
        (seat,) = g.to_act(st)
        g.apply(st, seat, rng.choice([a for a in g.legal_actions(st, seat) if a.verb != "stop"]))
    snap = st.copy()
    before = log_of(st)
    rng2 = random.Random(1)
    while snap.ended is None:
        (seat,) = g.to_act(snap)
        g.apply(snap, seat, rng2.choice([a for a in g.legal_actions(snap, seat) if a.verb != "stop"]))
    assert log_of(st) == before
    assert_conserved(st)
