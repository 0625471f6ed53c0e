"""Seeded playouts: 3,000 games, 1,000 each at 2, 5 and 8 players, seats played by partner
and random bots mixed as `narrator explore --bot mixed` mixes them (by the game's seed
and the seat). After every action:

- every card is in exactly one place (deck, hands, nations, discard pile, a combat, a
  card picked to pass), and every king in one nation or in the box;
- hands hold only Persons and Actions;
- no view of a seat holds another seat's secrets: other hands appear as numbers, a king
  face down only to a seat that saw him in secret, a card laid face down only to the
  seat that laid it (and, every few actions, the whole view is searched for any card id
  the seat may not know);
- no event told to a seat holds a secret: private events go only to the seats they
  concern, and a public event names a Person or an Action only once it has been turned
  up (in a combat, used, or discarded face up), and a king only once he is face up;
- someone is always asked to act until the game ends, and every game ends.

Then: every page of the ending book is reached, and a game replays byte for byte.
"""
from __future__ import annotations

import zlib
from collections import Counter

import pytest

from engine.fatima import game as g
from engine.fatima.actions import parse
from fatima_positions import CONTENT, STORY, cards_in_play, view
from narrator import bots
from narrator.explore import _pick

GAMES = {2: 1000, 5: 1000, 8: 1000}
MAX_ACTIONS = 3000
DEEP_EVERY = 11         # search the whole view for secrets every this many actions

PRIVATE = {
    "king_dealt": lambda d: {d["seat"]},
    "hand_seen": lambda d: {d["seat"]},
    "laid_down": lambda d: {d["seat"]},
    "took_seen": lambda d: {d["seat"], d["source"]},
    "hand_over_seen": lambda d: {d["seat"], d["to"]},
    "peek": lambda d: {d["seat"]},
    "king_seen": lambda d: {d["seat"]},
}
# Public events that must never name a card at all (they tell of hidden cards).
CARDLESS = {"draw", "deal", "took", "hand_over", "picked", "fight"}
KINGS = sorted(CONTENT.kings)


def named(data) -> list[str]:
    out = [data["card"]] if data.get("card") else []
    return out + list(data.get("cards", ()))


class Watch:
    """One game's checks; `problems` collects what broke, with the seed and the moment."""

    def __init__(self, st, players: int, seed: int):
        self.st, self.players, self.seed = st, players, seed
        self.box = Counter(CONTENT.box(players))
        self.shown: set[str] = set()          # Person/Action ids turned up in public
        self.shown_kings: set[str] = set()
        self.problems: list[str] = []
        self.actions = 0
        self.events(st.log)
        self.state()

    def fail(self, what: str) -> None:
        self.problems.append(f"{self.players} players, seed {self.seed}, action {self.actions}: {what}")

    def events(self, events) -> None:
        for e in events:
            d = e.data
            if e.kind in PRIVATE:
                if e.seats != frozenset(PRIVATE[e.kind](d)):
                    self.fail(f"{e.kind} told to {e.seats}")
                continue
            if e.seats is not None:
                self.fail(f"{e.kind} should be public, is told to {e.seats}")
            if e.kind in CARDLESS and named(d):
                self.fail(f"{e.kind} names {named(d)}")
            if e.kind == "returned" and d["why"] == "avoided" and d["card"] is not None:
                self.fail("an avoided attacker's card was named")
            if e.kind == "king_revealed":
                self.shown_kings.add(d["card"])
            if e.kind in ("reveal", "action", "discarded", "recalled"):
                self.shown.update(c for c in named(d) if CONTENT.cards[c].kind in ("person", "action"))
            for c in named(d):
                kind = CONTENT.cards[c].kind
                if kind in ("person", "action") and c not in self.shown:
                    self.fail(f"{e.kind} names {c} before it was turned up")
                if kind == "king" and c not in self.shown_kings:
                    self.fail(f"{e.kind} names the king {c} while he is face down")

    def state(self) -> None:
        st = self.st
        if cards_in_play(st) != self.box:
            self.fail(f"cards not conserved: {cards_in_play(st) - self.box} extra, {self.box - cards_in_play(st)} missing")
        if sorted([n.king for n in st.nations.values()] + st.unused_kings) != KINGS:
            self.fail("kings not conserved")
        for seat, n in st.nations.items():
            if any(CONTENT.cards[c].kind not in ("person", "action") for c in n.hand):
                self.fail(f"{seat}'s hand holds {n.hand}")
            if n.king_shown and n.king not in self.shown_kings:
                self.fail(f"{seat}'s king is face up but was never told")
        if g.ending(st) is None and not g.to_act(st):
            self.fail("nobody is asked to act")

    def views(self, deep: bool) -> None:
        st = self.st
        c = st.combat
        for seat in st.seats:
            v = view(st, seat)
            me = st.nations[seat]
            if [f.id for f in v.hand] != me.hand or v.king.id != me.king:
                self.fail(f"{seat}'s own view is wrong")
            intel = st.intel.get(seat, {})
            for nv in v.nations:
                if nv.seat == seat:
                    continue
                other = st.nations[nv.seat]
                if nv.hand != len(other.hand):
                    self.fail(f"{seat} sees {nv.seat}'s hand size wrong")
                known = other.king_shown or nv.seat in intel
                if (nv.king is not None) != known or (known and nv.king.id != other.king):
                    self.fail(f"{seat} sees {nv.seat}'s king: {nv.king}")
            if v.combat is not None:
                mine = c.attack if seat == c.attacker else (c.defend if seat == c.defender else None)
                if (v.combat.my_card.id if v.combat.my_card else None) != mine:
                    self.fail(f"{seat} sees a face-down card: {v.combat.my_card}")
            if v.legal and seat not in g.to_act(st):
                self.fail(f"{seat} is offered moves out of turn")
            if deep:
                self.deep(seat, v)

    def deep(self, seat: str, v) -> None:
        st = self.st
        intel = st.intel.get(seat, {})
        legit = set(st.nations[seat].hand) | {st.nations[seat].king} | set(intel.values()) | set(st.discard)
        legit |= {n.king for n in st.nations.values() if n.king_shown}
        legit |= {f for n in st.nations.values() for f in n.fatima}
        secret: set[str] = set()
        for other, n in st.nations.items():
            if other != seat:
                secret |= set(n.hand)
                if not n.king_shown:
                    secret.add(n.king)
        c = st.combat
        if c is not None:
            legit.add(c.attack if seat == c.attacker else (c.defend if seat == c.defender else ""))
            if seat != c.attacker:
                secret.add(c.attack)
            if c.defend and seat != c.defender:
                secret.add(c.defend)
        secret |= set(st.passing.values()) - {st.passing.get(seat)}
        text = repr(v)
        for card in secret - legit:
            if f"'{card}'" in text:
                self.fail(f"{seat}'s view holds {card}")


def play(players: int, seed: int):
    opts = {"players": players}
    seats = STORY.seats_for(opts)
    st = g.new_game(CONTENT, seats, seed, opts)
    players_ = {s: bots.make(_pick("mixed", seed, s), STORY, s, seed) for s in seats}
    w = Watch(st, players, seed)
    played = []
    while g.ending(st) is None and w.actions < MAX_ACTIONS:
        seat = g.to_act(st)[0]
        text = players_[seat].choose(view(st, seat))
        events = g.apply(st, seat, parse(text))
        played.append((seat, text))
        w.actions += 1
        w.events(events)
        w.state()
        w.views(deep=w.actions % DEEP_EVERY == 0)
    if g.ending(st) is None:
        w.fail("the game did not end")
    return st, played, w


@pytest.fixture(scope="module")
def runs():
    out = {}
    for players, games in GAMES.items():
        out[players] = [play(players, zlib.crc32(f"fatima:{players}".encode()) + n) for n in range(games)]
    return out


def test_every_invariant_holds_after_every_action(runs):
    problems = [p for games in runs.values() for _, _, w in games for p in w.problems]
    assert problems[:20] == []


def test_the_games_were_played(runs):
    for players, games in runs.items():
        assert len(games) == GAMES[players]
        assert all(g.ending(st) is not None for st, _, _ in games)
    assert sum(len(x) for x in runs.values()) >= 1000


def test_every_ending_is_reached(runs):
    reached = Counter(g.ending(st).id for games in runs.values() for st, _, _ in games)
    every = [p.id for p in CONTENT.books["chronicle"].ending]
    assert sorted(e for e in every if not reached[e]) == []


def test_partner_and_random_seats_both_sat(runs):
    kinds = Counter(_pick("mixed", st.seed, s) for games in runs.values() for st, _, _ in games for s in st.seats)
    assert kinds["partner"] > 1000 and kinds["random"] > 1000


@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_game_replays_byte_for_byte(runs, players):
    for st, played, _ in runs[players][:3]:
        again = g.new_game(CONTENT, st.seats, st.seed, {"players": players})
        for seat, text in played:
            g.apply(again, seat, parse(text))
        assert repr([(e.kind, e.data, e.seats) for e in again.log]) == repr([(e.kind, e.data, e.seats) for e in st.log])
