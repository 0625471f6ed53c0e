"""Positions of the Fatima Unveiling Game built by hand, and small tools to play them.

`position(...)` deals a real game and then sets what a test names: the kings, hands,
Fatima, deck and discard pile, whose turn it is. `Dice` replaces the state's generator
so a test says what every die shows.
"""
from __future__ import annotations

from collections import Counter

from engine.fatima import game as g
from engine.fatima.actions import parse
from engine.fatima.state import Pending, Record
from engine.fatima.view import view
from narrator.library import load

STORY = load("fatima")
CONTENT = STORY.content


def seats(players: int = 5) -> tuple[str, ...]:
    return g.seats(CONTENT, {"players": players})


def new(players: int = 5, seed: int = 0):
    return g.new_game(CONTENT, seats(players), seed, {"players": players})


class Dice:
    """A stand-in for the state's random.Random: dice show the faces given, in order;
    `randrange` picks the indexes given (0 when none are left); shuffles keep order."""

    def __init__(self, *faces: int, picks: tuple[int, ...] = ()):
        self.faces, self.picks = list(faces), list(picks)

    def randint(self, a: int, b: int) -> int:
        assert self.faces, "the test gave too few dice"
        face = self.faces.pop(0)
        assert a <= face <= b
        return face

    def randrange(self, n: int) -> int:
        return self.picks.pop(0) % n if self.picks else 0

    def shuffle(self, xs) -> None:
        pass

    # The draws of engine.fatima.dice.Chance, the state's generator, from those above.
    def d6(self) -> int:
        return self.randint(1, 6)

    def rolls(self, n: int) -> list[int]:
        return [self.randint(1, 6) for _ in range(n)]

    def below(self, n: int) -> int:
        return self.randrange(n)

    def getstate(self):
        return ("dice", tuple(self.faces), tuple(self.picks))


def position(players: int = 3, kings=None, hands=None, fatima=None, deck=None, discard=(),
             active: str = "p1", shown=(), dice=(), picks=(), final_left=None, draw: bool = False):
    """A game at `active`'s turn choice (or, with `draw`, just before `active` draws).

    kings: dict seat -> king id (the others keep what was dealt); hands, fatima: dict
    seat -> card ids (unnamed seats get empty ones); deck: card ids, top LAST (default:
    ten squires); shown: seats whose king is face up; dice: the faces the next dice show.
    """
    st = new(players)
    names = st.seats
    for seat in names:
        n = st.nations[seat]
        if kings and seat in kings:
            n.king = kings[seat]
        n.hand = sorted((hands or {}).get(seat, []), key=CONTENT.order.__getitem__)
        n.fatima = list((fatima or {}).get(seat, []))
        n.king_shown = seat in shown
    st.deck = list(deck) if deck is not None else ["squire"] * 10
    st.discard = list(discard)
    st.rng = Dice(*dice, picks=tuple(picks))
    st.active = active
    st.turn = 5
    st.final_left = None if final_left is None else list(final_left)
    st.frames, st.combat, st.passing = [], None, {}
    st.truce_until, st.wards, st.intel = None, set(), {}
    st.record = Record()
    st.log = []
    st.ended = None
    if draw:
        # Let the engine begin `active`'s turn: the seat before it has just finished.
        st.active = names[names.index(active) - 1]
        st.pending = None
        log = []
        g._advance(st, log)
        st.log.extend(log)
    else:
        st.pending = Pending(active, "turn", tuple(g.turn_options(st, active)))
    return st


def bot_game(seed: int, players: int = 5, marks: list[int] | None = None):
    """A seeded game played to its end by explore's mixed bots; `marks`, if given, gets
    the log's length after the setup and after each move."""
    from narrator import bots
    from narrator.explore import bot_for

    opts = {"players": players}
    st = g.new_game(CONTENT, STORY.seats_for(opts), seed, opts)
    who = {s: bots.make(bot_for("mixed", seed, s), STORY, s, seed) for s in st.seats}
    if marks is not None:
        marks.append(len(st.log))
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, parse(who[seat].choose(view(st, seat))))
        if marks is not None:
            marks.append(len(st.log))
    return st


def act(st, seat: str, text: str):
    return g.apply(st, seat, parse(text))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def first(events, kind: str):
    return next(e for e in events if e.kind == kind)


def every(events, kind: str):
    return [e for e in events if e.kind == kind]


def legal(st, seat: str) -> list[str]:
    return [str(a) for a in g.legal_actions(st, seat)]


def cards_in_play(st) -> Counter:
    """Every non-king card of the game, wherever it is."""
    out = Counter(st.deck)
    out.update(st.discard)
    out.update(st.passing.values())
    for n in st.nations.values():
        out.update(n.hand)
        out.update(n.fatima)
    c = st.combat
    if c is not None:
        if not c.attack_king:
            out[c.attack] += 1
        if c.defend is not None and not c.defend_king:
            out[c.defend] += 1
    return out


__all__ = ["STORY", "CONTENT", "g", "view", "seats", "new", "Dice", "position", "act", "kinds",
           "first", "every", "legal", "cards_in_play"]
