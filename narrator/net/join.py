"""The joiner's side: a thin terminal for one remote seat.

It shows what the host sends (this seat's narration, its decisions, what a command
shows) and sends back what the player types. It knows nothing of the game itself: the
host decides everything.
"""
from __future__ import annotations

import socket
import threading
from typing import TextIO

from engine.action import is_number
from narrator import render
from narrator.errors import Refused
from narrator.terminal_text import brief, clean
from narrator.net import wire

# The host lets go of a seat it hears nothing from (host.SILENT_AFTER): while the player
# thinks, a ping now and then says the terminal is still there.
PING_EVERY = 30.0


# Commands the joiner answers itself, without asking the host.
LOCAL = {
    "help": "this list",
    "log": "the story so far as you were told it (log N for the last N passages)",
    "save": "where the game is kept (the host saves it after every move)",
    "quit": "leave; you can join again with the same code",
}


def split_address(address: str) -> tuple[str, int]:
    host, sep, port = address.rpartition(":")
    if not sep or not is_number(port) or int(port) > 65535:
        raise Refused(f"{address!r} is not an address: give it as HOST:PORT, like 127.0.0.1:7777")
    return host.strip("[]") or "127.0.0.1", int(port)


def play(address: str, code: str, seat: str | None, reader, out: TextIO) -> int:
    host, port = split_address(address)
    try:
        sock = socket.create_connection((host, port), timeout=10)
    except OSError as err:
        out.write(f"Cannot reach the host at {address}: {err.strerror or err}. Is `narrator host` running there?\n")
        return 1
    sock.settimeout(None)
    client = Client(sock, reader, out, address, code)
    client.send({"type": "hello", "code": code, **({"seat": seat} if seat else {})})
    threading.Thread(target=client.keep_alive, daemon=True).start()
    return client.run()


class Client:
    def __init__(self, sock, reader, out: TextIO, address: str, code: str):
        self.sock, self.reader, self.out = sock, reader, out
        self.address, self.code = address, code
        self.name = "you"
        self.commands: list[str] = []
        self.prompt: dict | None = None
        self.welcomed = False
        self.last_sent = ""
        self.told: list[str] = []    # the prose this seat was told, for `log`
        self.sending = threading.Lock()
        self.done = threading.Event()

    def send(self, message: dict) -> None:
        with self.sending:
            wire.send(self.sock, message)

    def keep_alive(self) -> None:
        while not self.done.wait(PING_EVERY):
            try:
                self.send({"type": "ping"})
            except OSError:
                return

    def say(self, text: str) -> None:
        self.out.write(text + "\n")
        self.out.flush()

    def run(self) -> int:
        try:
            return self._run()
        except KeyboardInterrupt:
            # Ctrl-C while another seat moves (nothing can be typed then, so it is the only
            # way out): leave as `quit` does, not with click's bare "Aborted!".
            self.leave()
            return 0
        finally:
            self.done.set()

    def leave(self) -> None:
        self.say(f"\nYou left. The host keeps the game; rejoin with: narrator join {self.address} {self.code}")
        self.sock.close()

    def _run(self) -> int:
        messages = wire.Reader(self.sock)
        while True:
            try:
                message = messages.read()
            except wire.BadMessage:
                continue    # the host never sends these; ignore rather than fall over
            except (wire.Closed, OSError):
                if not self.welcomed:
                    return 1
                self.say(f"\nThe connection to the host is gone. The game is kept by the host;"
                         f" rejoin with: narrator join {self.address} {self.code}")
                return 1
            done = self.handle(message)
            if done is not None:
                return done

    def handle(self, message: dict) -> int | None:
        kind = message.get("type")
        if kind == "welcome":
            self.welcomed = True
            self.name = clean(str(message.get("name", "you")), one_line=True)[:40] or "you"
            self.commands = [clean(c, one_line=True) for c in _texts(message.get("commands"))]
            self.say(f"You play {self.name}. Commands: {', '.join(self.commands + list(LOCAL))}.\n")
        elif kind == "tell":
            self.told.append(clean(str(message.get("text", ""))))
            self.say(render.prose(self.told[-1]) + "\n")
        elif kind == "prompt":
            self.prompt = message
            return self.ask()
        elif kind == "shown":
            self.say(clean(str(message.get("text", ""))))
            return self.ask()
        elif kind == "error":
            self.say(f"(host: {clean(str(message.get('message')))})")
            if not self.welcomed:
                return 1
            if self.last_sent == "show":
                return self.ask()
        elif kind == "end":
            self.say("\n" + render.page(clean(str(message.get("title", "")), one_line=True),
                                         clean(str(message.get("text", "")))))
            if message.get("condition"):
                self.say(f"({clean(str(message['condition']))})")
            return 0
        return None

    def local(self, words: list[str]) -> None:
        """`help`, `log` and `save`, answered here at the joiner's terminal."""
        word = words[0].lower()
        if word == "help":
            shown = {c: "shown by the host" for c in self.commands}
            self.say("\n".join(f"  {k:<6} {v}" for k, v in {**shown, **LOCAL}.items())
                     + "\nType an action or its number from the list above.\n")
        elif word == "log":
            if len(words) > 1 and not is_number(words[1]):
                self.say(f"`log {brief(words[1], 20)}`: give a number of passages, like `log 5`, or just"
                         " `log` for the whole story so far.\n")
                return
            n = min(int(words[1][:9]), len(self.told)) if len(words) > 1 else len(self.told)
            chosen = self.told[max(0, len(self.told) - n):] if n > 0 else []
            for text in chosen or ["Nothing has been told yet."]:
                self.say(render.prose(text) + "\n")
        elif word == "save":
            self.say("The host keeps this game and saves it after every move; if you leave, rejoin"
                     f" with: narrator join {self.address} {self.code}\n")

    def ask(self) -> int | None:
        if self.prompt is None:
            return None
        self.say(clean(str(self.prompt.get("decision", ""))))
        legal = [clean(a, one_line=True) for a in _texts(self.prompt.get("legal"))]
        while True:
            line = self.reader.read(f"{self.name}> ", [*legal, *self.commands, *LOCAL])
            if line is None or line.strip().lower() == "quit":
                self.leave()
                return 0
            if line.strip() and line.split()[0].lower() in LOCAL:
                self.local(line.split())
                continue
            if line.strip():
                break
        word = line.split()[0].lower()
        if word in self.commands:
            self.last_sent = "show"
            self.send({"type": "show", "command": word})
        else:
            self.last_sent = "act"
            self.send({"type": "act", "text": line})
        return None


def _texts(value) -> list[str]:
    """The texts of a list from the host; nothing of anything else (the host is another
    program: a field of the wrong kind is passed over, not a crash)."""
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
