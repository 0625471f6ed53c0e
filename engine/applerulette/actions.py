"""Actions of Snow White Apple Roulette: small frozen values whose text form round-trips.

    progress               story progress: draw a card, so that your hand has two
    progress use 2 p3      ... then use hand card 2, designating p3 (some cards designate
                           none, some two: `progress use 1 p2 p5`)
    progress discard 1     ... or discard hand card 1 face up
    exchange hand p4       exchange hands with p4
    exchange apple p2      exchange apple tiles with p2
    check apple            look at your own apple tile
    ability p3             use your character's ability (designating as it needs)
    yes / no               take or decline a "may" inside an effect
    give p3 / keep         the Queen, at the end: hand her poisoned apple to p3, or keep it
    stop                   end the game here

Without a draw pile (the Last-Turn Phase) story progress draws nothing, so `progress use`
and `progress discard` are turn actions themselves.
"""
from __future__ import annotations

import re
from functools import lru_cache

from engine.action import Action, is_number
from engine.errors import BadSyntax

SEAT = re.compile(r"^(p[1-8]|npc)$")

USAGE = {
    "progress": "progress | progress use N [SEAT [SEAT]] | progress discard N",
    "exchange": "exchange hand SEAT | exchange apple SEAT",
    "check": "check apple",
    "ability": "ability [SEAT [SEAT]]",
    "yes": "yes",
    "no": "no",
    "give": "give SEAT",
    "keep": "keep",
    "stop": "stop",
}


def _seats(args: tuple[str, ...]) -> bool:
    return all(SEAT.match(a) for a in args)


@lru_cache(maxsize=4096)
def action(verb: str, args: tuple[str, ...] = ()) -> Action:
    """The one value of an action, while it is kept (a small bound; the game's actions are
    few): the legal actions are made of these, and `parse` hands them back, so the action
    a player names is found among the legal ones by identity (engine.legality.Choices)."""
    return Action(verb, args)


@lru_cache(maxsize=4096)
def parse(text: str) -> Action:
    """Read an action's text form; raises BadSyntax quoting the input and the forms known.
    The same few texts come up game after game: each is read once (a small bound)."""
    words = text.split()
    if not words:
        raise BadSyntax("Say an action, for example: progress")
    verb, args = words[0].lower(), tuple(w.lower() for w in words[1:])
    if verb not in USAGE:
        forms = "; ".join(USAGE.values())
        raise BadSyntax(f"{text.strip()!r} is not an action or a command; actions look like: {forms}.")
    bad = BadSyntax(f"{text.strip()!r}: write it as `{USAGE[verb]}`.")
    if verb == "progress":
        if args and not (
            (args[0] == "use" and len(args) in (2, 3, 4) and is_number(args[1]) and _seats(args[2:]))
            or (args[0] == "discard" and len(args) == 2 and is_number(args[1]))
        ):
            raise bad
    elif verb == "exchange":
        if len(args) != 2 or args[0] not in ("hand", "apple") or not _seats(args[1:]):
            raise bad
    elif verb == "check":
        if args != ("apple",):
            raise bad
    elif verb == "ability":
        if len(args) > 2 or not _seats(args):
            raise bad
    elif verb == "give":
        if len(args) != 1 or not _seats(args):
            raise bad
    elif args:
        raise bad
    return action(verb, args)


PROGRESS = action("progress")
CHECK = action("check", ("apple",))
YES = action("yes")
NO = action("no")
KEEP = action("keep")
STOP = action("stop")
MAY = (YES, NO)                 # the answers to a "may" inside an effect
