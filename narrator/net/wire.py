"""The wire format: one JSON object per line, capped in size and depth.

A peer may send anything. `Reader` turns bytes into messages and raises `BadMessage`
for a line that is too long, not UTF-8, not JSON, nested too deep, or not an object:
the host answers it by closing that one connection with a message, and the seat can be
taken back. Nothing a peer sends raises anything else.
"""
from __future__ import annotations

import json
import socket
import time

MAX_LINE = 64 * 1024          # bytes in one message
MAX_DEPTH = 8                 # brackets inside brackets: no message needs more
ENCODING = "utf-8"


class BadMessage(ValueError):
    """A message that cannot be used."""


class Closed(ConnectionError):
    pass


class TimedOut(ConnectionError):
    """Nothing (or not a whole message) came before the deadline."""


def encode(message: dict) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode(ENCODING)


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(encode(message))


class Reader:
    """Reads messages from a socket, one line each."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""
        # A line refused as too long before its end came: the rest of it, up to its line
        # end, is dropped unread, so it is refused once and the next message is read.
        self.skipping = False

    def read(self, deadline: float | None = None, every: float | None = None) -> dict:
        """The next message; BadMessage for a bad one, Closed at the end, and TimedOut
        if a whole message has not come by `deadline` (a time.monotonic() value). With a
        deadline, the socket waits at most `every` seconds at a time (its timeout also
        bounds how long a send may block)."""
        while True:
            cut = self.buffer.find(b"\n")
            if cut != -1:
                line, self.buffer = self.buffer[:cut], self.buffer[cut + 1:]
                if self.skipping:
                    self.skipping = False
                    continue
                if len(line) > MAX_LINE:
                    raise BadMessage(f"message too long (the limit is {MAX_LINE} bytes)")
                return parse(line)
            if len(self.buffer) > MAX_LINE:
                self.buffer = b""
                if not self.skipping:
                    self.skipping = True
                    raise BadMessage(f"message too long (the limit is {MAX_LINE} bytes)")
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimedOut("no whole message in time")
                self.sock.settimeout(min(left, every) if every else left)
            try:
                chunk = self.sock.recv(65536)
            except socket.timeout:
                if deadline is None:
                    raise TimedOut("no whole message in time") from None
                continue      # the deadline is checked before the next wait
            if not chunk:
                raise Closed("the other side closed the connection")
            self.buffer += chunk


def parse(line: bytes) -> dict:
    try:
        text = line.decode(ENCODING)
    except UnicodeDecodeError:
        raise BadMessage("a message is UTF-8 text") from None
    if _depth(text) > MAX_DEPTH:
        raise BadMessage(f"a message nests at most {MAX_DEPTH} brackets deep")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage("not a JSON message; send one JSON object per line") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BadMessage('a message is a JSON object with a "type", like {"type": "act", "text": "up"}')
    return message


def _depth(text: str) -> int:
    """How deep the brackets nest, strings aside: measured before json.loads, whose
    recursion a deep line would exhaust."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest
