"""Positions of Snow White Apple Roulette built by hand, and small tools to play them.

`position(...)` deals a real game and then sets what a test names: who is whom, which
tiles are poisoned, the hands, the pile, the phase. Everything else stays as dealt.
"""
from __future__ import annotations

from collections import Counter

from engine.applerulette import game as g
from engine.applerulette.view import view
from narrator.library import load

STORY = load("applerulette")
CONTENT = STORY.content


def seats(players: int = 5, mix: int = 1) -> tuple[str, ...]:
    return g.seats(CONTENT, {"players": players, "mix": mix})


def new(players: int = 5, seed: int = 0, mix: int = 1):
    opts = {"players": players, "mix": mix}
    return g.new_game(CONTENT, seats(players, mix), seed, opts)


def position(players: int = 5, roles=None, poisoned=None, hands=None, pile=None, phase: str = "story",
             active: str = "p1", last=None, mix: int = 1, seed: int = 0):
    """A game at the start of `active`'s turn, as the test says.

    roles: list in seat order (or dict seat -> character); poisoned: tile ids (seat i holds
    tile a{i} unless the test moves them); hands: dict seat -> cards; pile: cards, top last;
    phase "last" with `last` = the seats still to take a last turn after `active`.
    """
    st = new(players, seed, mix)
    if roles is not None:
        if not isinstance(roles, dict):
            roles = dict(zip(st.seats, roles))
        st.roles = dict(roles)
        st.cast = tuple(c for c in CONTENT.characters if c in st.roles.values())
        st.knows_role = {s: set() for s in st.seats}
    if poisoned is not None:
        st.poisoned = set(poisoned)
    st.knows_tile = {s: ({t: t in st.poisoned for t in st.tiles[s]} if s in st.players else {})
                     for s in st.seats}
    if hands is not None:
        for s in st.seats:
            st.hands[s] = list(hands.get(s, ()))
    if pile is not None:
        st.pile = list(pile)
    st.phase = phase
    st.active = active
    st.last_queue = list(last or [])
    st.pending = None
    st.log = []
    st.forget()
    return st


def play(st, seat: str, text: str):
    """Apply one action by its text; returns the events. (Tests edit states by hand, so
    the caches are dropped first.)"""
    st.forget()
    return g.apply(st, seat, g.parse_action(text))


def legal(st, seat: str) -> list[str]:
    st.forget()
    return [str(a) for a in g.legal_actions(st, seat)]


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def first(events, kind: str):
    return next(e for e in events if e.kind == kind)


def every(events, kind: str):
    return [e for e in events if e.kind == kind]


def feast(st, seat: str = "p1"):
    """Make `seat`'s turn the very last one and play it (a harmless look at their apple,
    or a hand exchange when they hold none); returns the events."""
    st.phase = "last"
    st.last_queue = []
    st.active = seat
    if st.tiles[seat]:
        return play(st, seat, "check apple")
    other = next(s for s in st.living if s != seat)
    return play(st, seat, f"exchange hand {other}")


def all_cards(st) -> Counter:
    """Every story card wherever it is: pile, set aside, hands, discards, removed."""
    c = Counter(st.pile) + Counter(st.aside) + Counter(st.discard) + Counter(st.removed)
    for h in st.hands.values():
        c.update(h)
    return c


def all_tiles(st) -> Counter:
    c = Counter(st.removed_tiles)
    for t in st.tiles.values():
        c.update(t)
    return c


__all__ = ["STORY", "CONTENT", "seats", "new", "position", "play", "legal", "kinds", "first", "every",
           "feast", "all_cards", "all_tiles", "view", "g"]
