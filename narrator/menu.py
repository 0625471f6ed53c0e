"""The player's words for a decision: seats by their story names, options by number.

Actions keep their own text form (`exchange hand p2`), which saves, bots and the network
speak; the player reads and types the story's names instead (`exchange hand` and a name), or
just the number of an option. `Words` turns one into the other, both ways.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.action import is_number


def token(name: str) -> str:
    """A seat's name as one typed word: "the Far Shore" -> "far-shore"."""
    words = name.lower().split()
    if len(words) > 1 and words[0] == "the":
        words = words[1:]
    return "-".join(words)


@dataclass(frozen=True)
class Option:
    action: str          # the action's own text form
    said: str            # as the player types it
    does: str = ""       # what it will do, in the story's words


class Words:
    """Seat ids <-> the names the player knows them by."""

    def __init__(self, names: dict[str, str]):
        self.to_name = {seat: token(name) for seat, name in names.items()}
        self.to_seat = {t: seat for seat, t in self.to_name.items()}

    def speak(self, action: str) -> str:
        return " ".join(self.to_name.get(w, w) for w in action.split())

    def hear(self, line: str) -> str:
        """The player's line as an action's text: names become seats (an id still works)."""
        return " ".join(self.to_seat.get(w.lower(), w) for w in line.split())

    def options(self, described: list[tuple[str, str]]) -> list[Option]:
        return [Option(a, self.speak(a), does) for a, does in described]


def pick(line: str, options: list[Option]) -> str | None:
    """The option a bare number names, or None if the line is not a number."""
    text = line.strip().rstrip(".")
    if not is_number(text[:6]):
        return None
    n = int(text)
    if 1 <= n <= len(options):
        return options[n - 1].action
    raise IndexError(n)


LONG = 16   # more options than this are laid out in columns, so the list stays on screen


def listing(options: list[Option], columns: int = 80) -> str:
    """The options as a numbered list, each saying what it does; a long list in columns."""
    digits = len(str(len(options)))
    if len(options) <= LONG:
        return "\n".join(f"  {n:>{digits}}. {o.said}" + (f" — {o.does}" if o.does else "")
                         for n, o in enumerate(options, 1))
    cells = [f"{n:>{digits}}. {o.said}" for n, o in enumerate(options, 1)]
    wide = max(len(c) for c in cells) + 2
    across = max(1, (columns - 2) // wide)
    down = -(-len(cells) // across)
    rows = []
    for r in range(down):
        row = [cells[c * down + r] for c in range(across) if c * down + r < len(cells)]
        rows.append("  " + "".join(c.ljust(wide) for c in row).rstrip())
    return "\n".join(rows)
