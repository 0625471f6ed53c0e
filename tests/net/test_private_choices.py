"""What a joiner receives is a function of what its seat was told: when only the other
seat's private choice differs, every byte the joiner's socket receives is the same.

Takeo (a bot at the host) chooses the order of the pieces Senior Kondo shows him, which
only he sees; Fumie is played from afar. Each possible order is played from the same
deal and the same moves, and Fumie's socket records everything up to her next decision,
with every view she may ask for there."""
from __future__ import annotations

import io
import threading

import pytest

from conftest import Peer
from narrator import bots
from narrator.library import load
from narrator.net.host import Host, RemoteSeat
from narrator.repl import Table
from narrator.screens import for_story
from narrator.session import Session

ORDERS = 6


class Ordering:
    """Takeo's partner bot, except at his first choice of an order: there, the k-th."""

    def __init__(self, inner, k: int):
        self.inner, self.k = inner, k
        self.forked = threading.Event()

    def choose(self, view) -> str:
        orders = [a for a in view.legal if a.startswith("order")]
        if len(orders) > 1 and not self.forked.is_set():
            self.forked.set()
            return orders[self.k % len(orders)]
        return self.inner.choose(view)


def _fumie_hears(tmp_path, seed: int, k: int) -> tuple[bytes, bool]:
    story = load("fumie")
    seats = {"takeo": "bot:partner", "fumie": "remote"}
    session = Session.new(story, "basic", seed, seats, tmp_path / f"g{k}.toml", None)
    screen = for_story(story)
    names = {s: story.seat_name(s) for s in session.seats}
    lock = threading.Lock()

    def show(seat: str, command: str) -> str:
        with lock:
            return screen.show(command, session.view(seat), names)

    remote = RemoteSeat("fumie", names["fumie"], show, list(screen.COMMANDS))
    takeo = Ordering(bots.make("partner", story, "takeo", seed), k)
    table = Table(session, (), {"takeo": takeo}, None, out=io.StringIO(), remotes={"fumie": remote})
    table.lock = lock
    host = Host({"fumie": remote})
    threading.Thread(target=table.run, daemon=True).start()
    try:
        peer = Peer(host.address, host.codes["fumie"])
        while True:
            message = peer.until("prompt", "end")
            if message["type"] == "end":
                return peer.recording.raw, False
            if takeo.forked.is_set():
                break
            peer.unanswered = None
            peer.send({"type": "act", "text": next(a for a in message["legal"] if a != "stop")})
        for command in screen.COMMANDS:       # everything she may look at, as a curious player would
            peer.send({"type": "show", "command": command})
            peer.until("shown")
        peer.close()
        return peer.recording.raw, True
    finally:
        host.close()


@pytest.mark.parametrize("seed", [0, 7, 10, 16])
def test_the_other_seats_private_order_changes_no_byte_the_joiner_receives(tmp_path, seed):
    heard = [_fumie_hears(tmp_path, seed, k) for k in range(ORDERS)]
    assert all(forked for _, forked in heard), "Takeo never chose an order: the test proves nothing"
    first = heard[0][0]
    assert b'"type":"prompt"' in first and b'"type":"shown"' in first
    for raw, _ in heard[1:]:
        assert raw == first
