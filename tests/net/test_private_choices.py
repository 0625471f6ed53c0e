"""What a joiner receives is a function of what its seat was told: when only the other
seat's private choice differs, every byte the joiner's socket receives is the same.

The other seat is a bot at the host that makes one private choice differently in each
game (Takeo's order of the pieces Senior Kondo shows him; Ren's way of laying a Koma card
face down, upright or inverted), from the same deal and the same moves. The joiner's
socket records everything up to its next decision, with every view it may ask for there."""
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


class Choosing:
    """A partner bot, except at its first private choice: there, the k-th way of it."""

    def __init__(self, inner, k: int, ways):
        self.inner, self.k, self.ways = inner, k, ways
        self.forked = threading.Event()

    def choose(self, view) -> str:
        chosen = self.inner.choose(view)
        ways = [] if self.forked.is_set() else self.ways(chosen, view.legal)
        if len(ways) > 1:
            self.forked.set()
            return ways[self.k % len(ways)]
        return chosen


def orders(chosen: str, legal) -> list[str]:
    """For Fumie: every order of the pieces, which only the one who orders them sees."""
    return [a for a in legal if a.startswith("order")]


def faces(chosen: str, legal) -> list[str]:
    """FunnyTime: the card the bot lays, upright or inverted (it lies face down)."""
    words = chosen.split()
    if words[0] != "lay" or words[-1] not in ("upright", "inverted"):
        return []
    return [w for w in (" ".join(words[:-1] + [o]) for o in ("upright", "inverted")) if w in legal]


def _joiner_hears(tmp_path, story_id, episode, remote, bot, ways, seed: int, k: int) -> tuple[bytes, bool]:
    story = load(story_id)
    seats = {s: "remote" if s == remote else "bot:partner" for s in story.seats_for({})}
    session = Session.new(story, episode, seed, seats, tmp_path / f"g{k}.toml", None)
    screen = for_story(story)
    names = {s: story.seat_name(s) for s in session.seats}
    lock = threading.Lock()

    def show(seat: str, command: str) -> str:
        with lock:
            return screen.show(command, session.view(seat), names)

    seat = RemoteSeat(remote, names[remote], show, list(screen.COMMANDS))
    player = Choosing(bots.make("partner", story, bot, seed), k, ways)
    table = Table(session, (), {bot: player}, None, out=io.StringIO(), remotes={remote: seat})
    table.lock = lock
    host = Host({remote: seat})
    threading.Thread(target=table.run, daemon=True).start()
    try:
        peer = Peer(host.address, host.codes[remote])
        moves = 0
        while True:
            message = peer.until("prompt", "end")
            if message["type"] == "end":
                return peer.recording.raw, False
            if player.forked.is_set():
                break
            legal = [a for a in message["legal"] if a != "stop"]
            peer.unanswered = None
            peer.send({"type": "act", "text": legal[(7 * moves) % len(legal)]})
            moves += 1
        for command in screen.COMMANDS:       # everything it may look at, as a curious player would
            peer.send({"type": "show", "command": command})
            peer.until("shown")
        peer.close()
        return peer.recording.raw, True
    finally:
        host.close()


GAMES = {"fumie": ("basic", "fumie", "takeo", orders, 6), "funnytime": ("duel", "aki", "ren", faces, 2)}


@pytest.mark.parametrize("story_id, seed", [("fumie", 0), ("fumie", 16), ("fumie", 5), ("fumie", 9),
                                            ("funnytime", 0), ("funnytime", 3)])
def test_the_other_seats_private_choice_changes_no_byte_the_joiner_receives(tmp_path, story_id, seed):
    episode, remote, bot, ways, count = GAMES[story_id]
    heard = [_joiner_hears(tmp_path, story_id, episode, remote, bot, ways, seed, k) for k in range(count)]
    assert all(forked for _, forked in heard), "the bot never made the choice: the test proves nothing"
    first = heard[0][0]
    assert b'"type":"prompt"' in first and b'"type":"shown"' in first
    for raw, _ in heard[1:]:
        assert raw == first
