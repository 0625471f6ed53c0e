"""The host: it holds the game and lets joiners take the remote seats.

It listens on 127.0.0.1 unless told otherwise. Every remote seat has its own join code
(its credential): the code admits to that seat only, so nobody takes another's seat,
and nobody holds two unless the host gives them two codes. Each joiner gets a
`RemoteSeat`: what that seat is told goes down its socket, and its actions come back up
into a queue that the table reads when the seat is to move. A dropped joiner loses
nothing: the game waits (saved after every action), and the seat's code lets them back.

Whatever bytes a peer sends, the worst they do is close that peer's own connection,
with a message to it: a line that is not a message, a hello too slow or with the wrong
code, a peer that goes silent or stops reading. The host's screen and the other seats
never hear of it. Connections, hello time, line length and silence are all bounded.
"""
from __future__ import annotations

import hmac
import queue
from collections import deque
import secrets
import socket
import string
import threading
import time
from typing import Callable

from narrator.net import wire

HELLO_WAIT = 10.0            # seconds a new connection has to say a whole hello
SILENT_AFTER = 90.0          # a seat heard nothing from for this long is released (joiners ping)
SEND_WAIT = 15.0             # a seat that will not take what it is sent for this long is released
MAX_CONNECTIONS = 16         # open connections at once, joined or still saying hello
RATE, BURST = 10.0, 20       # messages a second a joiner may send, and in a burst
RECENT = 30                  # passages sent again to a joiner who comes back


class RemoteSeat:
    """One seat played from another terminal."""

    def __init__(self, seat: str, name: str, show: Callable[[str, str], str], commands: list[str]):
        self.seat, self.name = seat, name
        self.show, self.commands = show, commands
        self.conn: socket.socket | None = None
        self.inbox: queue.Queue[str] = queue.Queue()
        # What a joiner who comes back is told again: the last passages only, so a long
        # game does not keep every passage of every seat twice.
        self.history: deque[dict] = deque(maxlen=RECENT)
        self.prompt: dict | None = None       # the question waiting for an answer
        self.joined_before = False
        # One writer at a time on the socket, and a joiner who arrives while a passage is
        # being told gets it exactly once: attaching and telling take turns.
        self.lock = threading.RLock()
        self.on_leave: Callable[[RemoteSeat], None] = lambda seat: None
        self.on_return: Callable[[RemoteSeat], None] = lambda seat: None

    @property
    def connected(self) -> bool:
        return self.conn is not None

    def attach(self, conn: socket.socket) -> None:
        with self.lock:
            self.conn = conn
            self.send({"type": "welcome", "seat": self.seat, "name": self.name, "commands": self.commands})
            for message in list(self.history):
                self.send(message)
            if self.prompt is not None:
                self.send(self.prompt)
            back, self.joined_before = self.joined_before, True
        if back:
            self.on_return(self)

    def detach(self, conn: socket.socket, why: str | None = None) -> None:
        """Let go of this connection (saying `why` to it, if it still listens); the seat
        waits for its code to come back."""
        with self.lock:
            if self.conn is not conn:
                return
            self.conn = None
        _refuse_and_close(conn, why) if why else _close(conn)
        self.on_leave(self)

    def send(self, message: dict) -> None:
        with self.lock:
            conn = self.conn
            if conn is None:
                return
            try:
                wire.send(conn, message)
                return
            except OSError:      # gone, or it stopped reading for SEND_WAIT seconds
                pass
        self.detach(conn)

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


def _new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(12))


class Host:
    def __init__(self, seats: dict[str, RemoteSeat], bind: str = "127.0.0.1", port: int = 0,
                 codes: dict[str, str] | None = None):
        self.seats = seats
        kept = codes or {}
        # A seat's code is its credential: kept from an earlier hosting of the game, or new.
        # Letters and digits only: a code that began with "-" would read as an option on
        # the joiner's command line.
        self.codes = {s: kept[s] if isinstance(kept.get(s), str) and kept[s] else _new_code() for s in seats}
        self.server = socket.create_server((bind, port))
        self.address = "%s:%d" % self.server.getsockname()[:2]
        self.port = self.server.getsockname()[1]
        self.stopping = False
        self.max_connections, self.hello_wait = MAX_CONNECTIONS, HELLO_WAIT
        self.silent_after, self.send_wait = SILENT_AFTER, SEND_WAIT
        self.connections = 0
        self._count = threading.Lock()
        threading.Thread(target=self._accept, daemon=True).start()

    def close(self) -> None:
        self.stopping = True
        _close(self.server)
        for seat in self.seats.values():
            seat.on_leave = lambda seat: None     # nobody left: the host stopped
            if seat.conn is not None:
                seat.detach(seat.conn, "the host has stopped; the game is kept, and the host can"
                                       " host it again for you to rejoin with your code")

    # --- connections --------------------------------------------------------------------
    def _accept(self) -> None:
        while not self.stopping:
            try:
                conn, _ = self.server.accept()
            except OSError:
                return
            with self._count:
                full = self.connections >= self.max_connections
                if not full:
                    self.connections += 1
            if full:
                conn.settimeout(1.0)
                _refuse_and_close(conn, "too many connections to this host; try again in a minute")
                continue
            threading.Thread(target=self._serve, args=(conn,), daemon=True).start()

    def _serve(self, conn: socket.socket) -> None:
        seat = None
        try:
            reader = wire.Reader(conn)
            seat = self._admit(conn, reader)
            if seat is not None:
                self._listen(seat, conn, reader)
        except Exception:   # noqa: BLE001 - whatever a peer provokes ends with its own connection
            if seat is not None:
                seat.detach(conn, "the host could not read that; the connection is closed."
                                  " Join again with your seat's code")
            else:
                _close(conn)
        finally:
            with self._count:
                self.connections -= 1

    def _listen(self, seat: RemoteSeat, conn: socket.socket, reader: wire.Reader) -> None:
        tokens, last = float(BURST), time.monotonic()
        while True:
            heard = time.monotonic()
            try:
                message = reader.read(deadline=heard + self.silent_after, every=self.send_wait)
            except wire.BadMessage as err:
                seat.detach(conn, f"{err}; the connection is closed. Join again with your seat's code")
                return
            except wire.TimedOut:
                seat.detach(conn, f"nothing heard from you for {self.silent_after:g} seconds; the seat is"
                                  " free for you to join again with its code")
                return
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
        try:
            hello = reader.read(deadline=time.monotonic() + self.hello_wait, every=self.hello_wait)
        except wire.TimedOut:
            _refuse_and_close(conn, f"no hello within {self.hello_wait:g} seconds; the connection is closed")
            return None
        except (wire.BadMessage, wire.Closed, OSError):
            hello = {}
        code = hello.get("code") if hello.get("type") == "hello" else None
        seat = self._seat_for(code)
        if seat is None:
            time.sleep(0.5)   # no quick guessing
            _refuse_and_close(conn, "wrong or missing join code: each seat has its own; ask the host"
                                    " for the code it printed for your seat")
            return None
        wanted = hello.get("seat")
        if wanted is not None and wanted != seat.seat:
            _refuse_and_close(conn, f"that code is for the seat {seat.seat!r}, not {str(wanted)[:20]!r}")
            return None
        with seat.lock:
            if seat.connected:
                _refuse_and_close(conn, "that seat is taken: someone is playing it with its code. If that"
                                        f" was you, the host lets go of a silent connection within"
                                        f" {self.silent_after:g} seconds; try again then")
                return None
            conn.settimeout(self.send_wait)   # a seat that stops reading is let go, not waited for
            seat.attach(conn)
        return seat

    def _seat_for(self, code) -> RemoteSeat | None:
        if not isinstance(code, str) or not code or len(code) > 100:
            return None
        given = code.encode("utf-8", "surrogatepass")
        found = None
        for seat, mine in self.codes.items():   # every code compared, in constant time each
            if hmac.compare_digest(given, mine.encode("utf-8")):
                found = self.seats[seat]
        return found

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
            seat.refuse(f"unknown message type {str(kind)[:20]!r}; send act, show or ping")


def _close(sock: socket.socket) -> None:
    try:
        sock.close()
    except OSError:
        pass


def _refuse_and_close(conn: socket.socket, text: str) -> None:
    try:
        wire.send(conn, {"type": "error", "message": text})
    except OSError:
        pass
    _close(conn)
