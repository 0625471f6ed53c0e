"""Seeded playouts of FunnyTime: 1,000 games with the starter decks. Each seat of each
game is played by one of three players, drawn from the seed: a *wild* one choosing
uniformly among the legal actions, a *calm* one (also at random, but it mostly pays with
`pay`, releases its Stock Pool and leaves Make cards alone, so that duels last to the
deadline), or now and then the partner bot; any of them may surrender, rarely. After
every action:

- every card is in exactly one place: deck, hand, Stock Pool, Botsu Box, Lost Hole, the
  Make cards in play, the Manuscript (each seat's cards are its deck's cards);
- the stars are accounted for: every dark star is one put out (paid for, or doused) and
  not yet relit, and it relights in the future;
- no view shows the rival's face-down choices before Show Time: the rival's hand is a
  count, the rival's panels are blanks until they are turned up (or peeked at), the
  rival's plan never appears; the secret events go to their author only;
- every game ends, well within its actions;
and every page of the ending book is reached. The same seed and actions give the same log.
"""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.funnytime import game as g
from ft_positions import CONTENT, SEATS, STORY
from narrator import bots

GAMES = 1000
MAX_ACTIONS = 3000
SECRET = {"opening_hand", "draw_seen", "laid", "make_chosen", "rotation_chosen", "peek"}


def players(seed: int) -> dict:
    """seat -> "wild", "calm" or a partner bot, drawn from the seed."""
    rng = random.Random(seed * 7919)
    out = {}
    for seat in SEATS:
        roll = rng.random()
        out[seat] = ("wild" if roll < 0.35 else "calm" if roll < 0.92
                     else bots.make("partner", STORY, seat, seed))
    return out


def random_choice(rng, legal: list, calm: bool) -> object:
    if rng.random() < 1 / 1500:
        return next(a for a in legal if str(a) == "stop")
    options = [a for a in legal if str(a) != "stop"]
    if calm:
        for verb, chance in (("pay", 0.9), ("release", 0.7)):
            if any(a.verb == verb for a in options) and rng.random() < chance:
                return next(a for a in options if a.verb == verb)
        if rng.random() < 0.85:
            options = [a for a in options if a.verb != "make"] or options
    return rng.choice(options)


class Ledger:
    """Stars put out and relit, per seat, as the events tell them."""

    def __init__(self):
        self.dark = {s: 0 for s in SEATS}

    def absorb(self, events) -> None:
        for e in events:
            d = e.data
            if e.kind == "paid":
                self.dark[d["seat"]] += d["count"]
            elif e.kind == "relight":
                self.dark[d["seat"]] -= len(d["stars"])
            elif e.kind == "effect" and d["op"] == "relight":
                self.dark[d["seat"]] -= d["count"]
            elif e.kind == "effect" and d["op"] == "douse":
                self.dark[d["whose"]] += d["count"]


def check_state(st, decks: dict, ledger: Ledger) -> None:
    for seat in SEATS:
        side = st.sides[seat]
        assert Counter(side.cards()) == decks[seat], seat
        # (a bill being paid has put out `spent` already; its `paid` event comes when it is settled)
        assert len(side.dark) == ledger.dark[seat] + len(side.spent), (seat, side.dark, ledger.dark)
        assert all(at > st.number for at in side.dark.values())
        assert set(side.dark) <= set(CONTENT.star)
        assert all(c in side.hand for c in side.open_hand)


def check_views(st, seats=SEATS) -> None:
    for seat in seats:
        v = STORY.view(st, seat)
        rival = st.sides[st.opponent(seat)]
        assert v.other.hand is None and v.other.hand_count == len(rival.hand)
        peeked = {p: (c, o) for p, c, o in v.peeks}
        for panel, slot in zip(v.other.manuscript, rival.manuscript):
            if slot.rotation is None:            # still face down
                assert panel.rotation is None and panel.fp is None
                if panel.card is not None:
                    raise AssertionError("a face-down panel of the rival shows")
                if panel.position in peeked:
                    assert peeked[panel.position] == (slot.card, slot.orientation)
        if v.plan is not None:
            mine = st.sides[seat].plan
            assert mine is not None and [x[1] for x in v.plan.laid] == [c for c, _, _ in mine.laid]
        if st.phase == "make":
            # the rival's plan is not on the table yet: no panel, no Make card, nothing spent
            assert v.other.manuscript == () and v.other.played == ()


def check_events(events) -> None:
    for e in events:
        if e.kind in SECRET:
            assert e.seats == frozenset({e.data["seat"]}), e
        else:
            assert e.seats is None, e


def play(seed: int, check: bool = True):
    st = g.new_game(CONTENT, SEATS, seed, {})
    decks = {s: Counter(STORY.content.decks[STORY.content.starter[s]].cards()) for s in SEATS}
    rng = random.Random(seed)
    who = players(seed)
    ledger = Ledger()
    ledger.absorb(st.log)
    if check:
        check_events(st.log)
        check_state(st, decks, ledger)
    actions = 0
    played = []
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        if not isinstance(who[seat], str):
            action = g.parse_action(who[seat].choose(STORY.view(st, seat)))
        else:
            action = random_choice(rng, g.legal_actions(st, seat), who[seat] == "calm")
        events = g.apply(st, seat, action)
        played.append((seat, str(action)))
        actions += 1
        assert actions < MAX_ACTIONS, f"seed {seed} does not end"
        ledger.absorb(events)
        if check:
            check_events(events)
            check_state(st, decks, ledger)
            # the rival of the artist who just acted is the one who must learn nothing
            check_views(st, SEATS if actions % 4 == 0 else (st.opponent(seat),))
    return st, played


@pytest.fixture(scope="module")
def playouts():
    out = []
    for seed in range(GAMES):
        st, played = play(seed)
        out.append((seed, st.ended, len(played), st.number))
    return out


def test_every_game_ends_and_keeps_the_invariants(playouts):
    assert len(playouts) == GAMES
    assert all(ended is not None for _, ended, _, _ in playouts)
    assert max(n for _, _, _, n in playouts) <= CONTENT.table.deadline


def test_every_ending_is_reached(playouts):
    reached = Counter(ended.id for _, ended, _, _ in playouts)
    pages = [p.id for p in CONTENT.books["duel"].ending]
    assert set(reached) == set(pages), reached
    causes = Counter(ended.cause for _, ended, _, _ in playouts if ended.id == "stopped")
    assert causes, "no duel ended without a verdict"


@pytest.mark.parametrize("seed", [0, 5, 13])
def test_the_same_seed_and_actions_give_the_same_log(seed):
    first, played = play(seed, check=False)
    again = g.new_game(CONTENT, SEATS, seed, {})
    for seat, text in played:
        g.apply(again, seat, g.parse_action(text))
    assert [(e.kind, e.data, e.seats) for e in again.log] == [(e.kind, e.data, e.seats) for e in first.log]
    assert again.ended == first.ended
