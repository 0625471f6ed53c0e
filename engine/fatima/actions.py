"""Actions of the Fatima Unveiling Game: small frozen values whose text form round-trips.

    pass                         end your turn doing nothing (or decline a "may")
    action 3                     use the Action card at position 3 of your hand
    action 3 p2                  ... aimed at nation p2
    action 3 p2 noor             ... at the Fatima noor of nation p2
    decree / decree p2 / decree p2 noor
                                 your king's decree (once a game; it reveals the king)
    attack p2 noor with 4        attack p2 for noor, the card at position 4 face down
    attack p2 noor with king     ... with your king (all see the king ride out)
    avoid                        as the defender: hand the Fatima over without a fight
    fight with 2 / fight with king
                                 as the defender: fight, with a card face down
    unveil noor                  hold an unveiling of your Fatima noor
    discard 2                    discard the card at position 2 (when an event says so)
    give 2 / give noor           hand over a card (or, in an exchange, your Fatima noor)
    spy p3                       the nation whose king you look at in secret
    stop                         end the game here
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from engine.action import Action as BaseAction
from engine.action import is_number
from engine.errors import BadSyntax

# verb -> (smallest and largest number of arguments, usage)
GRAMMAR: dict[str, tuple[int, int, str]] = {
    "pass": (0, 0, "pass"),
    "action": (1, 3, "action N [NATION [FATIMA]]"),
    "decree": (0, 2, "decree [NATION [FATIMA]]"),
    "attack": (4, 4, "attack NATION FATIMA with N|king"),
    "avoid": (0, 0, "avoid"),
    "fight": (2, 2, "fight with N|king"),
    "unveil": (1, 1, "unveil FATIMA"),
    "discard": (1, 1, "discard N"),
    "give": (1, 1, "give N|FATIMA"),
    "spy": (1, 1, "spy NATION"),
    "stop": (0, 0, "stop"),
}


@dataclass(frozen=True, slots=True)
class Action(BaseAction):
    # Its text, written once as it is made: a turn offers dozens of actions, and every
    # view of the turn shows them all.
    text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # BaseAction's text, written here rather than through its __str__: that looks
        # for a text written before (none, in a value just made) and keeps it aside too.
        object.__setattr__(self, "text", " ".join((self.verb, *self.args)))

    def __str__(self) -> str:
        return self.text


def _position(word: str) -> bool:
    return is_number(word) and int(word) >= 1


# No action of any box is written in so many characters: a longer text is read but never
# kept, so what a peer sends cannot fill the caches below.
KEPT_TEXT = 64


def parse(text: str) -> Action:
    """Read an action's text form; raises BadSyntax quoting the input and the forms known."""
    if len(text) > KEPT_TEXT:
        return Action(*_words(text))
    return _parse(text)


# A text reads as the same action every time: read once (bounded; errors are not kept).
@lru_cache(maxsize=8192)
def _parse(text: str) -> Action:
    verb, args = _words(text)
    return act(verb, *args)


def _words(text: str) -> tuple[str, tuple[str, ...]]:
    """The verb and words of an action's text, checked against the grammar."""
    words = text.split()
    if not words:
        raise BadSyntax("Say an action, for example: pass")
    verb, args = words[0].lower(), tuple(w.lower() for w in words[1:])
    if verb not in GRAMMAR:
        forms = ", ".join(u for _, _, u in GRAMMAR.values())
        raise BadSyntax(f"{text.strip()!r} is not an action or a command; actions look like: {forms}.")
    low, high, usage = GRAMMAR[verb]
    bad = BadSyntax(f"{text.strip()!r}: write it as `{usage}`.")
    if not low <= len(args) <= high:
        raise bad
    if verb == "attack" and (args[2] != "with" or not (_position(args[3]) or args[3] == "king")):
        raise bad
    if verb == "fight" and (args[0] != "with" or not (_position(args[1]) or args[1] == "king")):
        raise bad
    if verb in ("action", "discard") and not _position(args[0]):
        raise BadSyntax(f"{text.strip()!r}: the card is named by its position in your hand, like `{verb} 2`.")
    return verb, args


# Every action the rules offer, and every text parsed, is made here: one value for each
# action's words, so a text parsed back is the very action offered (the legality check
# finds it by identity) and each action's text is written once. A turn offers every
# target with every combatant: the same few hundred values, game after game (bounded;
# the words alone are the key).
@lru_cache(maxsize=8192)
def act(verb: str, *args: str) -> Action:
    # Its fields stored straight into its slots: the value `Action(verb, args)` makes (the
    # test of the actions holds them equal), for two thirds of what the frozen dataclass's
    # own __init__ costs (a guarded store per field, then __post_init__), at a few hundred
    # new actions a game while the rows fill.
    action = _NEW(Action)
    _VERB(action, verb)
    _ARGS(action, args)
    _TEXT(action, " ".join((verb, *args)))
    return action


_NEW, _VERB, _ARGS, _TEXT = object.__new__, BaseAction.verb.__set__, BaseAction.args.__set__, Action.text.__set__


class Row(dict):
    """The actions that share all their words but the last, by that last word: a turn
    offers every target with every combatant (`attack p2 noor with 1`, `... with 2`,
    `... with king`), so each comes from one lookup of a short word."""

    __slots__ = ("head",)

    def __init__(self, head: tuple[str, ...]):
        super().__init__()
        self.head = head

    def __missing__(self, last: str) -> Action:
        action = self[last] = act(*self.head, last)
        return action


# Bounded: a row per target, each as long as a hand can be.
@lru_cache(maxsize=4096)
def row(*head: str) -> Row:
    return Row(head)


# Hand positions as written, "1" to "n": asked of every hand at every turn (bounded).
@lru_cache(maxsize=64)
def numbers(n: int) -> tuple[str, ...]:
    return tuple(map(str, range(1, n + 1)))


class _Index(dict):
    """A hand position as written to its index in the hand's list ("1" is 0): one lookup
    where `int` cost about four, at most moves (a card laid down, used or given)."""

    __slots__ = ()

    def __missing__(self, word: str) -> int:
        return int(word) - 1       # further than any hand: read, not kept (any text may ask)


INDEX = _Index((str(i), i - 1) for i in range(1, 65))     # more than any hand holds


PASS = act("pass")
STOP = act("stop")
AVOID = act("avoid")
