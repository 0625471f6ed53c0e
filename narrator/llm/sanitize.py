"""Making model output safe to print: no terminal control sequences, and a length cap.

A reply is text from outside: it may carry escape sequences that move the cursor,
retitle the window or worse, and it may go on for a megabyte. What reaches the screen is
printable text and line breaks only, at most `limit` characters.
"""
from __future__ import annotations

from narrator import terminal_text

HOLD = 256   # how long an escape sequence cut in two is waited for (a link's OSC 8 is long)


def clean(text: str) -> str:
    # The one cleaner for all text from outside (bidi overrides too). A `>` stays for the
    # gate to see template tokens; the table shows the text through terminal_text.unprompt.
    return terminal_text.clean(text, marks=False)


class Cleaner:
    """Cleans a stream piece by piece, holding back an escape sequence cut in two."""

    def __init__(self, limit: int):
        self.limit = limit
        self.pending = ""
        self.length = 0

    @property
    def full(self) -> bool:
        return self.length >= self.limit

    def feed(self, piece: str) -> str:
        text = self.pending + piece
        # An ESC near the end may begin a sequence whose rest has not arrived yet: one that
        # does not match yet, or one that runs to the end of the text (an OSC or DCS string
        # whose terminator is still to come: cleaned now, the rest of it would be shown).
        cut = text.rfind("\x1b")
        seq = terminal_text.ESCAPES.match(text, cut) if cut != -1 else None
        if cut != -1 and len(text) - cut < HOLD and (seq is None or seq.end() == len(text)):
            text, self.pending = text[:cut], text[cut:]
        else:
            self.pending = ""
        out = clean(text)[: max(0, self.limit - self.length)]
        self.length += len(out)
        return out

    def finish(self) -> str:
        out = clean(self.pending)[: max(0, self.limit - self.length)]
        self.pending = ""
        self.length += len(out)
        return out
