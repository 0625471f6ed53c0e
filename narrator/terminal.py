"""The terminal's shape: how wide it is, lines wrapped to it, and whether it takes colour.

Everything the program prints goes through `wrap` (the REPL's `say`, and `narrator`'s
commands through `WrappedStream`), so a menu, an error or a table breaks between words at
the terminal's width, not in the middle of one. Widths are measured in terminal cells:
本 and 起 take two.
"""
from __future__ import annotations

import re
import shutil
from typing import TextIO

from wcwidth import wcwidth


def get_cwidth(ch: str) -> int:
    """A character's cells. wcwidth, not prompt_toolkit (whose import starts its whole
    application machinery, most of a second on a slow machine, before anything prints);
    a control character takes none, as prompt_toolkit counts it."""
    return max(0, wcwidth(ch))


NARROWEST = 20     # below this a terminal is taken to be this wide: nothing fits anyway
PROSE = 78         # the story's own prose is set no wider than this, for reading


def width(stream: TextIO | None = None) -> int:
    """The terminal's columns: $COLUMNS first, then the terminal itself, else 80."""
    return max(NARROWEST, shutil.get_terminal_size((80, 24)).columns)


def height() -> int:
    return max(5, shutil.get_terminal_size((80, 24)).lines)


def cells(text: str) -> int:
    """How many terminal columns `text` takes."""
    if text.isascii() and text.isprintable():     # one column a character: most lines
        return len(text)
    return sum(get_cwidth(ch) for ch in text)


def _cut(word: str, room: int) -> tuple[str, str]:
    """The longest head of `word` that fits in `room` columns, and the rest."""
    used = 0
    for i, ch in enumerate(word):
        used += get_cwidth(ch)
        if used > room:
            return word[:max(i, 1)], word[max(i, 1):]
    return word, ""


MARKER = re.compile(r"(\d+\.|[-•*✓…◆]|\(\d+\)) ")


def _hang(line: str, columns: int) -> str:
    """The indent of a line's continuations: under the text of a list item ("  3. up —"),
    a little in from an indented line, and none for a paragraph."""
    body = line.lstrip(" ")
    indent = len(line) - len(body)
    if indent == 0 and not MARKER.match(body):
        return ""
    marker = MARKER.match(body)
    hang = indent + (len(marker.group(0)) if marker else 2)
    return " " * (hang if hang <= columns // 3 else min(indent, columns // 3))


def wrap_line(line: str, columns: int) -> list[str]:
    """One line broken between words to fit `columns`; continuation lines are indented
    under the line's own text, so they still read as part of it. The spacing inside a
    line (a table's columns) is kept. Only a word longer than a whole line (a file's
    path) is cut."""
    line = line.rstrip()
    if cells(line) <= columns:
        return [line]
    hang = _hang(line, columns)
    body = line.lstrip(" ")
    pieces = re.split(r"( +)", body)   # words, and the spaces between them
    out: list[str] = []
    current = line[:len(line) - len(body)]
    used, fresh = cells(current), True
    for k in range(0, len(pieces), 2):
        word = pieces[k]
        gap = pieces[k - 1] if k else ""
        if not word:
            continue
        w = cells(word)
        if not fresh and used + len(gap) + w <= columns:
            current, used = current + gap + word, used + len(gap) + w
            continue
        if not fresh:
            out.append(current)
            current, used = hang, cells(hang)
        while used + cells(word) > columns:
            head, word = _cut(word, columns - used)
            out.append(current + head)
            current, used = hang, cells(hang)
        current, used, fresh = current + word, used + cells(word), False
    out.append(current)
    return out


def wrap(text: str, columns: int | None = None) -> str:
    """Every line of `text` fitted to the terminal (or `columns`)."""
    columns = columns or width()
    return "\n".join(piece for line in text.split("\n") for piece in wrap_line(line, columns))


def prose_width(columns: int | None = None) -> int:
    return min(PROSE, columns or width())


class WrappedStream:
    """A text stream that wraps each whole line it is given to the terminal's width.

    `narrator`'s commands print through click.echo; putting this in front of standard
    output fits all of them at once. It behaves as a text stream to click (it has an
    encoding and refuses bytes) and passes whatever else is asked to the stream behind.
    """

    def __init__(self, inner: TextIO, columns: int | None = None):
        self._inner = inner
        self._columns = columns
        self._pending = ""

    def write(self, text) -> int:
        if not isinstance(text, str):
            raise TypeError("WrappedStream takes text")
        self._pending += text
        if "\n" in self._pending:
            done, _, self._pending = self._pending.rpartition("\n")
            self._inner.write(wrap(done, self._columns or width()) + "\n")
        return len(text)

    def flush(self) -> None:
        if self._pending:
            # A prompt waiting for its answer on the same line is written as it is.
            self._inner.write(self._pending)
            self._pending = ""
        self._inner.flush()

    @property
    def inner(self) -> TextIO:
        return self._inner

    def __getattr__(self, name):
        return getattr(self._inner, name)

