"""Twins for the contract test: the same game with only *another* seat's secrets changed.

What is secret is each family's own knowledge (which hand cards were shown, which king
a nation saw in secret), so each family has one function here. Each returns a copy of
the state in which what `seat` was never told is dealt otherwise, or None when nothing
is hidden from it at this moment. The contract test then asks that `seat`'s view be the
same in both.
"""
from __future__ import annotations

import random


def _told_strings(state, seat: str) -> set[str]:
    """Every word the events told to `seat` hold: what it may know by name."""
    out: set[str] = set()

    def walk(o):
        if isinstance(o, str):
            out.add(o)
        elif isinstance(o, dict):
            for k, v in o.items():
                walk(k)
                walk(v)
        elif isinstance(o, (list, tuple, set, frozenset)):
            for v in o:
                walk(v)

    for e in state.log:
        if e.visible_to(seat):
            walk(e.data)
    return out


def _fumie(state, seat: str, rng: random.Random):
    """The opponent's hand cards never shown nor named to `seat` trade places with cards
    of the opponent's draw deck never named to it."""
    other = state.opponent(seat)
    told = _told_strings(state, seat)
    side = state.sides[other]
    hidden = [i for i, c in enumerate(side.hand) if c not in side.shown and c not in told]
    spare = [i for i, c in enumerate(side.deck) if c not in told]
    if not hidden or not spare:
        return None
    twin = state.copy()
    t = twin.sides[other]
    i, j = rng.choice(hidden), rng.choice(spare)
    t.hand[i], t.deck[j] = t.deck[j], t.hand[i]
    return twin


def _applerulette(state, seat: str, rng: random.Random):
    """Characters `seat` does not know change seats; other hands are dealt other cards;
    a poisoned apple it never saw trades its poison with a sweet one it never saw."""
    if state.phase not in ("story", "last"):
        return None
    twin = state.copy()
    hidden = [s for s in state.seats if s != seat and not state.knows(seat, s)] if seat in state.players else []
    roles = [twin.roles[s] for s in hidden]
    rng.shuffle(roles)
    twin.roles.update(zip(hidden, roles))
    cards = sorted(state.content.cards)
    for s in state.seats:
        if s != seat:
            twin.hands[s] = [rng.choice(cards) for _ in twin.hands[s]]
    seen = state.knows_tile.get(seat, {})
    unseen = [t for ts in state.tiles.values() for t in ts if t not in seen]
    bad = [t for t in unseen if t in twin.poisoned]
    good = [t for t in unseen if t not in twin.poisoned]
    if bad and good:
        twin.poisoned.discard(rng.choice(bad))
        twin.poisoned.add(rng.choice(good))
    return twin


def _fatima(state, seat: str, rng: random.Random):
    """Other nations' hands are dealt again from their cards and the deck; the kings
    `seat` never saw change places among themselves and the box."""
    if state.combat is not None or state.passing:
        return None
    twin = state.copy()
    others = [s for s in state.seats if s != seat]
    pool = [c for s in others for c in twin.nations[s].hand] + twin.deck
    rng.shuffle(pool)
    for s in others:
        n = len(twin.nations[s].hand)
        twin.nations[s].hand, pool = sorted(pool[:n], key=state.content.order.__getitem__), pool[n:]
    twin.deck = pool
    intel = state.intel.get(seat, {})
    hidden = [s for s in others if not twin.nations[s].king_shown and s not in intel]
    kings = [twin.nations[s].king for s in hidden] + twin.unused_kings
    rng.shuffle(kings)
    for s in hidden:
        twin.nations[s].king = kings.pop()
    twin.unused_kings = kings
    return twin


def _funnytime(state, seat: str, rng: random.Random):
    """Cards of the rival's hand `seat` never saw go in trade places with cards of the
    rival's deck, outside any plan the rival is making."""
    rival = state.opponent(seat)
    side = state.sides[rival]
    if side.plan is not None:
        return None
    hidden = [i for i, c in enumerate(side.hand) if c not in side.open_hand]
    if not hidden or not side.deck:
        return None
    twin = state.copy()
    t = twin.sides[rival]
    i, j = rng.choice(hidden), rng.randrange(len(t.deck))
    if state.content.is_koma(t.hand[i]) != state.content.is_koma(t.deck[j]):
        return None      # how many Koma cards a hand holds shows in what its owner may do
    t.hand[i], t.deck[j] = t.deck[j], t.hand[i]
    return twin


TWINS = {"fumie": _fumie, "applerulette": _applerulette, "fatima": _fatima, "funnytime": _funnytime}


def twin(story, state, seat: str, rng: random.Random):
    return TWINS[story.info["family"]](state, seat, rng)
