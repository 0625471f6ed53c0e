"""Server-sent events, read incrementally from a byte stream.

The Chat Completions stream is SSE: lines `data: {...}` separated by blank lines, with
`: comment` lines (keep-alive pings) and other fields to ignore. Servers differ: CRLF or
LF line ends, an event split across network reads, a missing final `[DONE]`. This
parser takes whatever chunks arrive and yields each event's data when it is complete.
"""
from __future__ import annotations

from typing import Iterable, Iterator


class SSEParser:
    def __init__(self) -> None:
        self._buffer = ""
        self._data: list[str] = []

    def feed(self, chunk: str) -> Iterator[str]:
        """Take a piece of the stream; yield the data of every event it completes."""
        self._buffer += chunk
        while True:
            cut = _line_end(self._buffer)
            if cut is None:
                return
            line, self._buffer = self._buffer[:cut[0]], self._buffer[cut[1]:]
            if line == "":
                if self._data:
                    yield "\n".join(self._data)
                    self._data = []
            elif line.startswith(":"):
                continue  # a comment: servers send these as pings
            else:
                field, _, value = line.partition(":")
                if field == "data":
                    self._data.append(value[1:] if value.startswith(" ") else value)

    def close(self) -> Iterator[str]:
        """The stream ended: whatever event was still open counts as complete."""
        if self._buffer:
            yield from self.feed("\n")
        if self._data:
            yield "\n".join(self._data)
            self._data = []


def _line_end(text: str) -> tuple[int, int] | None:
    """(where the first line ends, where the next begins), for CRLF, LF or CR."""
    for i, ch in enumerate(text):
        if ch == "\n":
            return i, i + 1
        if ch == "\r":
            if i + 1 == len(text):
                return None  # a CR at the end may be the first half of CRLF: wait
            return i, i + 2 if text[i + 1] == "\n" else i + 1
    return None


def events(chunks: Iterable[str]) -> Iterator[str]:
    parser = SSEParser()
    for chunk in chunks:
        yield from parser.feed(chunk)
    yield from parser.close()
