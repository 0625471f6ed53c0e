"""The host: it holds the game and lets joiners take the remote seats.

It listens on 127.0.0.1 unless told otherwise, and admits a connection only with the
join code it printed. Each joiner gets a `RemoteSeat`: what that seat is told goes down
its socket, and its actions come back up into a queue that the table reads when the
seat is to move. A dropped joiner loses nothing: the game waits (saved after every
action), and the same code lets them back into the same seat.
"""
from __future__ import annotations

import hmac
import queue
import secrets
import socket
import string
import threading
import time
from typing import Callable

from narrator.net import wire

HELLO_WAIT = 15.0            # seconds a new connection has to say hello
RATE, BURST = 10.0, 20       # messages a second a joiner may send, and in a burst
RECENT = 30                  # passages sent again to a joiner who comes back


class RemoteSeat:
    """One seat played from another terminal."""

    def __init__(self, seat: str, name: str, show: Callable[[str, str], str], commands: list[str]):
        self.seat, self.name = seat, name
        self.show, self.commands = show, commands
        self.conn: socket.socket | None = None
        self.inbox: queue.Queue[str] = queue.Queue()
        self.history: list[dict] = []
        self.prompt: dict | None = None       # the question waiting for an answer
        # One writer at a time on the socket, and a joiner who arrives while a passage is
        # being told gets it exactly once: attaching and telling take turns.
        self.lock = threading.RLock()
        self.on_leave: Callable[[RemoteSeat], None] = lambda seat: None

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def attach(self, conn: socket.socket) -> None:
        with self.lock:
            self.conn = conn
            self.send({"type": "welcome", "seat": self.seat, "name": self.name, "commands": self.commands})
            for message in self.history[-RECENT:]:
                self.send(message)
            if self.prompt is not None:
                self.send(self.prompt)

    def detach(self, conn: socket.socket) -> None:
        with self.lock:
            if self.conn is not conn:
                return
            self.conn = None
        try:
            conn.close()
        except OSError:
            pass
        self.on_leave(self)

    def send(self, message: dict) -> None:
        with self.lock:
            conn = self.conn
            if conn is None:
                return
            try:
                wire.send(conn, message)
                return
            except OSError:
                pass
        self.detach(conn)   # the joiner is gone; they may come back

    def tell(self, text: str) -> None:
        message = {"type": "tell", "text": text}
        with self.lock:
            self.history.append(message)
            self.send(message)

    def ask(self, decision: str, legal: list[str], mistake: str | None = None) -> str:
        """Put a decision to the joiner and wait for their answer (through any reconnection).
        After a `mistake`, the question is open again before the joiner hears of it, so a
        quick second try is never turned away as out of turn."""
        with self.lock:
            self.prompt = {"type": "prompt", "decision": decision, "legal": legal}
            if mistake:
                self.send({"type": "error", "message": mistake})
            self.send(self.prompt)
        return self.inbox.get()

    def answer(self, text: str) -> bool:
        """Take the joiner's answer to the decision put to them; False if none is."""
        with self.lock:
            if self.prompt is None:
                return False
            self.prompt = None   # one answer per question: a second one is out of turn
            self.inbox.put(text)
            return True

    def refuse(self, message: str) -> None:
        self.send({"type": "error", "message": message})


CODE_ALPHABET = string.ascii_letters + string.digits


class Host:
    def __init__(self, seats: dict[str, RemoteSeat], bind: str = "127.0.0.1", port: int = 0):
        self.seats = seats
        # Letters and digits only: a code that began with "-" (1 in 64 of token_urlsafe's)
        # would read as an option on the joiner's command line.
        self.code = "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))
        self.server = socket.create_server((bind, port))
        self.address = "%s:%d" % self.server.getsockname()[:2]
        self.stopping = False
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.stopping = True
        try:
            self.server.close()
        except OSError:
            pass
        for seat in self.seats.values():
            if seat.conn is not None:
                seat.detach(seat.conn)

    # --- connections --------------------------------------------------------------------
    def _accept(self) -> None:
        while not self.stopping:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        reader = wire.Reader(conn)
        seat = self._admit(conn, reader)
        if seat is None:
            return
        tokens, last = float(BURST), time.monotonic()
        while True:
            try:
                message = reader.read()
            except wire.BadMessage as err:
                seat.refuse(f"{err}; the message was dropped")
                continue
            except (wire.Closed, OSError):
                seat.detach(conn)
                return
            now = time.monotonic()
            tokens, last = min(BURST, tokens + (now - last) * RATE), now
            if tokens < 1:
                seat.refuse("too many messages too fast; that one was dropped")
                continue
            tokens -= 1
            self._handle(seat, message)

    def _admit(self, conn: socket.socket, reader: wire.Reader) -> RemoteSeat | None:
        conn.settimeout(HELLO_WAIT)
        try:
            hello = reader.read()
        except (wire.BadMessage, wire.Closed, OSError):
            hello = {}
        conn.settimeout(None)
        if hello.get("type") != "hello" or not hmac.compare_digest(str(hello.get("code", "")), self.code):
            time.sleep(0.5)   # no quick guessing
            _refuse_and_close(conn, "wrong or missing join code: ask the host for the code it printed")
            return None
        wanted = hello.get("seat")
        free = [s for s in self.seats.values() if not s.connected and (wanted in (None, s.seat))]
        if not free:
            _refuse_and_close(conn, "that seat is taken" if wanted else "every remote seat is taken")
            return None
        free[0].attach(conn)
        return free[0]

    def _handle(self, seat: RemoteSeat, message: dict) -> None:
        kind = message.get("type")
        if kind == "act":
            text = message.get("text")
            if not isinstance(text, str) or not text.strip() or len(text) > 200:
                seat.refuse('an action is {"type": "act", "text": "up"}; that one was dropped')
            elif not seat.answer(text.strip()):
                seat.refuse("it is not your move; wait for your prompt")
        elif kind == "show":
            command = message.get("command")
            if command not in seat.commands:
                seat.refuse(f"no such command; the commands are {', '.join(seat.commands)}")
            else:
                seat.send({"type": "shown", "command": command, "text": seat.show(seat.seat, command)})
        elif kind == "ping":
            seat.send({"type": "pong"})
        else:
            seat.refuse(f"unknown message type {kind!r}; send act, show or ping")


def _refuse_and_close(conn: socket.socket, text: str) -> None:
    try:
        wire.send(conn, {"type": "error", "message": text})
        conn.close()
    except OSError:
        pass
