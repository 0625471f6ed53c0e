"""Actions of For Fumie: small frozen values whose text form round-trips.

    up                 use the front card of the opponent's hand face up
    down ask           use it face down, with the sheet's common effect `ask`
    effect think       choose a common effect (a Protagonist effect asks for one)
    flip takeo 2       choose the card at position 2 of Takeo's discard pile
    order 3 1 2        choose an order: the cards now at 3, 1, 2 go first, second, third
    accuse kondo       name the Person you take for the culprit
    yes / no           take or decline a "may"
    stop               end the game here (the rulebook lets players stop at any time)
"""
from __future__ import annotations

from functools import lru_cache

from engine.action import Action, is_number
from engine.errors import BadSyntax

# verb -> (number of arguments or None for "one or more", usage)
GRAMMAR: dict[str, tuple[int | None, str]] = {
    "up": (0, "up"),
    "down": (1, "down EFFECT"),
    "effect": (1, "effect EFFECT"),
    "flip": (2, "flip PILE POSITION"),
    "order": (None, "order N N N..."),
    "accuse": (1, "accuse PERSON"),
    "yes": (0, "yes"),
    "no": (0, "no"),
    "stop": (0, "stop"),
}


@lru_cache(maxsize=512)
def parse(text: str) -> Action:
    """Read an action's text form; raises BadSyntax quoting the input and the forms known.
    The same few texts are read at every decision (an Action is frozen, so one read is
    shared; bounded, so memory stays flat)."""
    words = text.split()
    if not words:
        raise BadSyntax("Say an action, for example: up")
    verb, args = words[0].lower(), tuple(w.lower() for w in words[1:])
    if verb not in GRAMMAR:
        forms = ", ".join(u for _, u in GRAMMAR.values())
        raise BadSyntax(f"{text.strip()!r} is not an action or a command; actions look like: {forms}.")
    arity, usage = GRAMMAR[verb]
    if (arity is None and not args) or (arity is not None and len(args) != arity):
        raise BadSyntax(f"{text.strip()!r}: write it as `{usage}`.")
    if verb == "order" and not all(is_number(a) for a in args):
        raise BadSyntax(f"{text.strip()!r}: `order` takes positions, like `order 2 1 3`.")
    if verb == "flip" and not is_number(args[1]):
        raise BadSyntax(f"{text.strip()!r}: the position is a number, like `flip takeo 2`.")
    return Action(verb, args)


UP = Action("up")
STOP = Action("stop")
YES = Action("yes")
NO = Action("no")
