"""Actions of FunnyTime: small frozen values whose text form round-trips.

    lay ki alarm upright         Make Time: lay a Koma card face down at the next position
    lay sho robot inverted stock   ... taking it from your Stock Pool, not your hand
    make coffee                  Make Time: play a Make card (paid when revealed)
    done                         Make Time: your manuscript is ready
    open ki left                 Show Time: how the panel at 起 will be turned face up
    spend vega                   paying: put out this lit star
    pay                          paying: put out the rest, those that relight soonest first
    keep robot / release robot   upkeep: pay to keep a Stock Pool card, or let it go
    return coffee                a shortage: put this Make card back for a redraw
    draw / pass                  after the rival's 星裁: take the bonus cards, or not
    stop                         surrender: lay down your pen (your rival wins)
"""
from __future__ import annotations

from functools import lru_cache
from typing import Callable

from engine.action import Action
from engine.errors import BadSyntax
from engine.funnytime.content import ORIENTATIONS, POSITIONS, ROTATIONS

# verb -> (numbers of arguments allowed, usage)
GRAMMAR: dict[str, tuple[tuple[int, ...], str]] = {
    "lay": ((3, 4), "lay POSITION CARD upright|inverted [stock]"),
    "make": ((1,), "make CARD"),
    "done": ((0,), "done"),
    "open": ((2,), "open POSITION up|down|left|right"),
    "spend": ((1,), "spend STAR"),
    "pay": ((0,), "pay"),
    "keep": ((1,), "keep CARD"),
    "release": ((1,), "release CARD"),
    "return": ((1,), "return CARD"),
    "draw": ((0,), "draw"),
    "pass": ((0,), "pass"),
    "stop": ((0,), "stop"),
}
# Other words a player may type for the same action.
ALIASES = {"surrender": "stop", "concede": "stop"}


# No action of the box is written in so many characters: a longer text is read but never
# kept, so what a peer sends cannot fill the caches below.
KEPT_TEXT = 64


def parse(text: str) -> Action:
    """Read an action's text form; raises BadSyntax quoting the input and the forms known."""
    if len(text) > KEPT_TEXT:
        return Action(*_words(text))
    return _parse(text)


@lru_cache(maxsize=4096)   # the same few hundred texts come back move after move (bounded)
def _parse(text: str) -> Action:
    verb, args = _words(text)
    return interned(verb, *args)


def _words(text: str) -> tuple[str, tuple[str, ...]]:
    """The verb and words of an action's text, checked against the grammar."""
    words = text.split()
    if not words:
        raise BadSyntax("Say an action, for example: done")
    verb, args = words[0].lower(), tuple(w.lower() for w in words[1:])
    verb = ALIASES.get(verb, verb)
    if verb not in GRAMMAR:
        forms = ", ".join(u for _, u in GRAMMAR.values())
        raise BadSyntax(f"{text.strip()!r} is not an action or a command; actions look like: {forms}.")
    arity, usage = GRAMMAR[verb]
    if len(args) not in arity:
        raise BadSyntax(f"{text.strip()!r}: write it as `{usage}`.")
    if verb in ("lay", "open") and args[0] not in POSITIONS:
        raise BadSyntax(f"{text.strip()!r}: the position is one of {', '.join(POSITIONS)} (起 承 転 結).")
    if verb == "lay" and args[2] not in ORIENTATIONS:
        raise BadSyntax(f"{text.strip()!r}: lay a card `upright` or `inverted`.")
    if verb == "lay" and len(args) == 4 and args[3] != "stock":
        raise BadSyntax(f"{text.strip()!r}: the last word, if any, is `stock` (a card from your Stock Pool).")
    if verb == "open" and args[1] not in ROTATIONS:
        raise BadSyntax(f"{text.strip()!r}: open a panel up, down, left or right.")
    return verb, args


@lru_cache(maxsize=4096)   # bounded: cards x positions x the few verbs of a box
def interned(verb: str, *args: str) -> Action:
    """The action `verb args`, made once: the rules offer the same ones move after move,
    and an action read from its text is then the very one offered (found at a glance)."""
    return Action(verb, args)


Offered = tuple[tuple[Action, ...], tuple[str, ...]]     # actions offered, and their texts


class ByCard(dict[str, Offered]):
    """card -> the actions `make(card)` and their texts, made the first time they are
    asked for: Make Time offers the same few at step after step, and a view shows their
    texts at every one. Keyed only by cards of a validated deck (what a hand or Stock
    Pool can hold), so bounded by the boxes loaded."""

    __slots__ = ("make",)

    def __init__(self, make: Callable[[str], tuple[Action, ...]]):
        super().__init__()
        self.make = make

    def __missing__(self, card: str) -> Offered:
        actions = self.make(card)
        made = self[card] = (actions, tuple(map(str, actions)))
        return made


def _laying(pos: str, *source: str) -> ByCard:
    """The ways to lay each card at `pos` (upright, inverted), from the hand or `stock`."""
    return ByCard(lambda card: tuple(interned("lay", pos, card, o, *source) for o in ORIENTATIONS))


# Make Time's choices, by the position being laid (its index): each card's two ways to
# be laid there from the hand, and from the Stock Pool; and playing each Make card.
LAYS = tuple(_laying(pos) for pos in POSITIONS)
STOCK_LAYS = tuple(_laying(pos, "stock") for pos in POSITIONS)
MAKES = ByCard(lambda card: (interned("make", card),))
# Show Time's choices for each position: always the same four.
OPENS = {pos: tuple(interned("open", pos, r) for r in ROTATIONS) for pos in POSITIONS}
DONE = interned("done")
PAY = interned("pay")
DRAW = interned("draw")
PASS = interned("pass")
STOP = interned("stop")
