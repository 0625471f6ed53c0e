"""Server-sent events, read incrementally from a byte stream.

The Chat Completions stream is SSE: lines `data: {...}` separated by blank lines, with
`: comment` lines (keep-alive pings) and other fields to ignore. Servers differ: CRLF or
LF line ends, an event split across network reads, a missing final `[DONE]`. This
parser takes whatever chunks arrive and yields each event's data when it is complete.
"""
from __future__ import annotations

import re
from typing import Iterable, Iterator

_LINE_END = re.compile(r"\r\n|\r|\n")
MAX_EVENT = 1024 * 1024     # characters in one event: a reply's piece is a few words


class TooLong(ValueError):
    """An event (or a line of one) longer than any stream needs: the server is broken."""


class SSEParser:
    def __init__(self) -> None:
        self._buffer = ""
        # No line end in the buffer before this index: a long line arriving in many small
        # reads is searched once, not again from its start at every read.
        self._scanned = 0
        self._data: list[str] = []
        self._size = 0          # characters in _data

    def feed(self, chunk: str) -> list[str]:
        """Take a piece of the stream; return the data of every event it completes.
        All of it is taken in at once, so a caller that stops early loses nothing."""
        text = self._buffer + chunk
        done: list[str] = []
        pos, scanned = 0, len(text)
        for end in _LINE_END.finditer(text, self._scanned):
            if end.group() == "\r" and end.end() == len(text):
                scanned = end.start()  # a CR at the end may be the first half of CRLF: wait
                break
            self._line(text[pos:end.start()], done)
            pos = end.end()
        self._buffer, self._scanned = text[pos:], scanned - pos
        if len(self._buffer) + self._size > MAX_EVENT:
            raise TooLong(f"the server sent an event longer than {MAX_EVENT // 1024} KiB")
        return done

    def _line(self, line: str, done: list[str]) -> None:
        if line == "":
            if self._data:
                done.append("\n".join(self._data))
                self._data, self._size = [], 0
        elif line.startswith(":"):
            return  # a comment: servers send these as pings
        else:
            field, _, value = line.partition(":")
            if field == "data":
                self._data.append(value[1:] if value.startswith(" ") else value)
                self._size += len(self._data[-1]) + 1

    def close(self) -> list[str]:
        """The stream ended: whatever event was still open counts as complete."""
        done = self.feed("\n") if self._buffer else []
        if self._data:
            done.append("\n".join(self._data))
            self._data, self._size = [], 0
        return done


def events(chunks: Iterable[str]) -> Iterator[str]:
    parser = SSEParser()
    for chunk in chunks:
        yield from parser.feed(chunk)
    yield from parser.close()
