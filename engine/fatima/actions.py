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

from dataclasses import dataclass
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
    @property
    def combatant(self) -> str | None:
        """For attack and fight: `king` or the hand position, as written."""
        return self.args[-1] if self.verb in ("attack", "fight") else None


def _position(word: str) -> bool:
    return is_number(word) and int(word) >= 1


def parse(text: str) -> Action:
    """Read an action's text form; raises BadSyntax quoting the input and the forms known."""
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
    return Action(verb, args)


# Every turn offers each target with each combatant: the same few frozen values, made once
# (bounded; the words alone are the key).
@lru_cache(maxsize=4096)
def fight(combatant: str) -> Action:
    return Action("fight", ("with", combatant))


@lru_cache(maxsize=4096)
def attack(nation: str, fatima: str, combatant: str) -> Action:
    return Action("attack", (nation, fatima, "with", combatant))


PASS = Action("pass")
STOP = Action("stop")
AVOID = Action("avoid")
