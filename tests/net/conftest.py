"""A real host on 127.0.0.1 (ephemeral port) running a real table in a thread, and
peers that connect to it with plain sockets and record every byte they receive."""
from __future__ import annotations

import io
import random
import socket
import sys
import threading
import time

import pytest

from narrator import bots
from narrator.library import load
from narrator.net import wire
from narrator.net.host import Host, RemoteSeat
from narrator.net.join import split_address
from narrator.repl import Table
from narrator.screens import for_story
from narrator.session import Session


# The `narrator` command as a player's terminal starts it: with Ctrl-C (SIGINT) at its
# default, whatever the test run inherited. A shell without job control (a script, a CI
# step) starts its background jobs, and all they start, with SIGINT ignored; Python then
# raises no KeyboardInterrupt, so a host stopped by the tests' Ctrl-C sat on waiting for
# its joiner. (An ignored signal stays ignored across exec: it is set back here first.)
AS_AT_A_TERMINAL = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL);"
                    " os.execv(sys.executable, [sys.executable, '-m', 'narrator', *sys.argv[1:]])")


def narrator_command(*args: str) -> list[str]:
    """The argv that runs `narrator ARGS` as from a terminal (see AS_AT_A_TERMINAL)."""
    return [sys.executable, "-c", AS_AT_A_TERMINAL, *args]


class Hosted:
    """A game hosted in this process: `seats` maps seat -> "remote" or "bot:NAME"."""

    def __init__(self, story_id: str, episode: str, seats: dict[str, str], seed: int, folder, table=None):
        self.story = load(story_id)
        self.session = Session.new(self.story, episode, seed, seats, folder / "game.toml", None, table=table)
        self.screen = for_story(self.story)
        self.names = {s: self.story.seat_name(s) for s in self.session.seats}
        self.lock = threading.Lock()
        self.remotes = {s: RemoteSeat(s, self.names[s], self.show, list(self.screen.COMMANDS))
                        for s, who in seats.items() if who == "remote"}
        players = {s: bots.make(who[4:], self.story, s, seed) for s, who in seats.items() if who.startswith("bot:")}
        self.out = io.StringIO()
        self.table = Table(self.session, (), players, None, out=self.out, remotes=self.remotes)
        self.table.lock = self.lock
        self.server = Host(self.remotes)
        self.thread = threading.Thread(target=self.table.run, daemon=True)
        self.thread.start()

    def code(self, seat: str | None = None) -> str:
        """The join code of `seat` (default: the only remote seat)."""
        return self.server.codes[seat or next(iter(self.remotes))]

    def show(self, seat: str, command: str) -> str:
        with self.lock:
            return self.screen.show(command, self.session.view(seat), self.names)

    def close(self) -> None:
        self.server.close()


class Recording:
    """A socket whose every received byte is kept."""

    def __init__(self, sock: socket.socket):
        self.sock, self.raw = sock, b""

    def recv(self, n: int) -> bytes:
        data = self.sock.recv(n)
        self.raw += data
        return data


class Peer:
    def __init__(self, address: str, code: str, seat: str | None = None, hello: bool = True):
        self.sock = socket.create_connection(split_address(address), timeout=20)
        self.recording = Recording(self.sock)
        self.reader = wire.Reader(self.recording)
        self.messages: list[dict] = []
        self.unanswered: dict | None = None   # a prompt read (by `until`) but not yet answered
        if hello:
            self.send({"type": "hello", "code": code, **({"seat": seat} if seat else {})})

    def send(self, message: dict) -> None:
        wire.send(self.sock, message)

    def read(self) -> dict:
        message = self.reader.read()
        self.messages.append(message)
        if message["type"] == "prompt":
            self.unanswered = message
        return message

    def until(self, *kinds: str) -> dict:
        while True:
            message = self.read()
            if message["type"] in kinds:
                return message

    def play(self, rng: random.Random, moves: int | None = None) -> dict | None:
        """Answer prompts with random legal actions (never stop) until the end, or `moves`."""
        made = 0
        while moves is None or made < moves:
            message = self.unanswered or self.until("prompt", "end")
            if message["type"] == "end":
                return message
            legal = [a for a in message["legal"] if a != "stop"]
            self.unanswered = None
            self.send({"type": "act", "text": rng.choice(legal)})
            made += 1
        return None

    def close(self) -> None:
        self.sock.close()


@pytest.fixture
def hosted(tmp_path):
    games = []

    def make(story_id="fumie", episode="basic", seats=None, seed=1, table=None):
        seats = seats or {"takeo": "bot:partner", "fumie": "remote"}
        game = Hosted(story_id, episode, seats, seed, tmp_path / f"g{len(games)}", table)
        games.append(game)
        return game
    yield make
    for game in games:
        game.close()


def wait_for(predicate, timeout: float = 10.0) -> None:
    end = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < end, "timed out"
        time.sleep(0.01)
