"""The wire format: one JSON object per line, capped in size.

A peer may send anything; `Reader` turns bytes into messages and refuses what is too
long or not a JSON object, with an error the other side can be told, and never lets a
bad message take the connection's reader down.
"""
from __future__ import annotations

import json
import socket

MAX_LINE = 64 * 1024          # bytes in one message
ENCODING = "utf-8"


class BadMessage(ValueError):
    """A message that cannot be used; the connection itself is still good."""


class Closed(ConnectionError):
    pass


def encode(message: dict) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode(ENCODING)


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(encode(message))


class Reader:
    """Reads messages from a socket, one line each; oversized lines are skipped whole."""

    def __init__(self, sock: socket.socket):
        self.sock = sock
        self.buffer = b""
        self.skipping = False     # inside an oversized line: drop until its end

    def read(self) -> dict:
        """The next message; raises BadMessage for a bad one, Closed at the end."""
        while True:
            cut = self.buffer.find(b"\n")
            if cut != -1:
                line, self.buffer = self.buffer[:cut], self.buffer[cut + 1:]
                if self.skipping or len(line) > MAX_LINE:
                    self.skipping = False
                    raise BadMessage(f"message too long (the limit is {MAX_LINE} bytes)")
                return _parse(line)
            if len(self.buffer) > MAX_LINE:
                self.buffer, self.skipping = b"", True
            chunk = self.sock.recv(65536)
            if not chunk:
                raise Closed("the other side closed the connection")
            self.buffer += chunk


def _parse(line: bytes) -> dict:
    try:
        message = json.loads(line.decode(ENCODING))
    except (UnicodeDecodeError, ValueError):
        raise BadMessage("not a JSON message; send one JSON object per line") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BadMessage('a message is a JSON object with a "type", like {"type": "act", "text": "up"}')
    return message
