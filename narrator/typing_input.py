"""The terminal's keys, with a paste read as one piece.

prompt_toolkit handles each key on its own, which costs about a millisecond: a page
pasted at a terminal without bracketed paste arrives as tens of thousands of keys and
ties the prompt up for most of a minute. Keys read in one go that are all plain
characters are a paste, not typing (no one types that fast), so they are handed on as
one paste event, which the prompt cuts to a line.
"""
from __future__ import annotations

from prompt_toolkit.input import Input, create_input
from prompt_toolkit.key_binding import KeyPress
from prompt_toolkit.keys import Keys

PASTE = 16   # plain characters in one read that make a paste


class PasteAware(Input):
    def __init__(self, inner: Input | None = None):
        self.inner = inner or create_input()

    def read_keys(self) -> list[KeyPress]:
        return _coalesce(self.inner.read_keys())

    def flush_keys(self) -> list[KeyPress]:
        return _coalesce(self.inner.flush_keys())

    def fileno(self) -> int:
        return self.inner.fileno()

    def typeahead_hash(self) -> str:
        return self.inner.typeahead_hash()

    def flush(self) -> None:
        self.inner.flush()

    @property
    def closed(self) -> bool:
        return self.inner.closed

    def raw_mode(self):
        return self.inner.raw_mode()

    def cooked_mode(self):
        return self.inner.cooked_mode()

    def attach(self, input_ready_callback):
        return self.inner.attach(input_ready_callback)

    def detach(self):
        return self.inner.detach()

    def close(self) -> None:
        self.inner.close()


def _coalesce(keys: list[KeyPress]) -> list[KeyPress]:
    out: list[KeyPress] = []
    run: list[str] = []

    def flush() -> None:
        if len(run) >= PASTE:
            out.append(KeyPress(Keys.BracketedPaste, "".join(run)))
        else:
            out.extend(KeyPress(ch, ch) for ch in run)
        run.clear()

    for key in keys:
        if isinstance(key.key, str) and len(key.key) == 1 and key.key.isprintable():
            run.append(key.key)
        else:
            flush()
            out.append(key)
    flush()
    return out
