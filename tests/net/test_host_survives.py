"""The host against hostile or careless peers on 127.0.0.1: every seat has its own
credential, any bytes a peer sends close at most that peer's connection (with a
message, never on the host's screen), and the seat can be taken back with its code."""
from __future__ import annotations

import json
import socket
import time

import pytest

from conftest import Peer, wait_for
from narrator.net import wire


def _closed(peer: Peer, timeout: float = 5.0) -> list[dict]:
    """Read until the host closes the connection; the messages read on the way."""
    peer.sock.settimeout(timeout)
    got = []
    with pytest.raises(ConnectionError):
        while True:
            got.append(peer.read())
    return got


def _rejoins(game, seat: str = "fumie") -> None:
    wait_for(lambda: not game.remotes[seat].connected)
    again = Peer(game.server.address, game.server.codes[seat])
    assert again.until("welcome")["seat"] == seat
    assert again.until("prompt")
    again.close()


# --------------------------------------------------------------------- credentials
def test_each_remote_seat_has_its_own_code_and_a_dropped_seat_takes_only_its_own(hosted):
    seats = {"p1": "remote", "p2": "remote", **{f"p{i}": "bot:partner" for i in range(3, 7)}}
    game = hosted("applerulette", "tale", seats, 1, table={"players": 6})
    codes = game.server.codes
    assert set(codes) == {"p1", "p2"} and codes["p1"] != codes["p2"]
    one = Peer(game.server.address, codes["p1"])
    assert one.until("welcome")["seat"] == "p1"
    one.close()
    wait_for(lambda: not game.remotes["p1"].connected)
    # The other seat's code does not open the dropped seat, however it is asked.
    thief = Peer(game.server.address, codes["p2"], seat="p1")
    assert "seat" in thief.read()["message"]
    thief = Peer(game.server.address, codes["p2"])
    assert thief.until("welcome")["seat"] == "p2"     # it opens only its own
    back = Peer(game.server.address, codes["p1"])
    assert back.until("welcome")["seat"] == "p1"


def test_one_joiner_cannot_take_two_seats_with_one_code(hosted):
    seats = {"p1": "remote", "p2": "remote", **{f"p{i}": "bot:partner" for i in range(3, 7)}}
    game = hosted("applerulette", "tale", seats, 2, table={"players": 6})
    first = Peer(game.server.address, game.server.codes["p1"])
    first.until("welcome")
    second = Peer(game.server.address, game.server.codes["p1"])
    error = second.read()
    assert error["type"] == "error" and "taken" in error["message"]
    assert not game.remotes["p2"].connected


# --------------------------------------------------------------------- any bytes
@pytest.mark.parametrize("line", [
    b"[" * 30_000,
    b'{"type": "act", "text": ' + b"[" * 30_000 + b"]" * 30_000 + b"}",
    b"\xff\xfe not utf-8",
    b"this is not json",
    b"[1, 2, 3]",
    b"x" * 70_000,
])
def test_a_bad_line_closes_only_that_connection_with_a_message_and_the_seat_rejoins(hosted, capfd, line):
    game = hosted(seed=3)
    peer = Peer(game.server.address, game.server.codes["fumie"])
    peer.until("prompt")
    peer.sock.sendall(line + b"\n")
    got = _closed(peer)
    assert got and got[-1]["type"] == "error"
    _rejoins(game)
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "RecursionError" not in out + err


@pytest.mark.parametrize("code", ["é", "日本", "\udcff", 12, None, ["x"], {"a": 1}])
def test_a_hello_with_any_code_is_refused_quietly(hosted, capfd, code):
    game = hosted()
    peer = Peer(game.server.address, "", hello=False)
    peer.sock.sendall(json.dumps({"type": "hello", "code": code}).encode() + b"\n")
    got = _closed(peer)
    assert got[-1]["type"] == "error" and "code" in got[-1]["message"]
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and "TypeError" not in out + err


def test_a_fatima_joiner_sending_unicode_digits_is_told_and_the_game_goes_on(hosted):
    game = hosted("fatima", "chronicle", {"p1": "remote", "p2": "bot:partner"}, 4, table={"players": 2})
    peer = Peer(game.server.address, game.server.codes["p1"])
    peer.until("prompt")
    before = len(game.session.log)
    for text in ("action ①", "action ²", "fight with ①", "pass ٣"):
        peer.send({"type": "act", "text": text})
        assert peer.until("error")["type"] == "error"
    assert game.thread.is_alive() and len(game.session.log) == before
    assert peer.play(__import__("random").Random(4), moves=2) is None


# --------------------------------------------------------------------- bounds
def test_connections_are_capped(hosted):
    game = hosted()
    game.server.max_connections = 4
    idle = [socket.create_connection(("127.0.0.1", int(game.server.address.rsplit(":", 1)[1])), timeout=5)
            for _ in range(4)]
    wait_for(lambda: game.server.connections == 4)
    extra = Peer(game.server.address, "", hello=False)
    message = extra.read()
    assert message["type"] == "error" and "too many" in message["message"]
    for s in idle:
        s.close()
    wait_for(lambda: game.server.connections == 0)


def test_a_hello_dribbled_a_byte_at_a_time_is_cut_off_at_the_hello_limit(hosted):
    game = hosted()
    game.server.hello_wait = 0.6
    peer = Peer(game.server.address, "", hello=False)
    hello = wire.encode({"type": "hello", "code": game.server.codes["fumie"]})
    sent = 0
    # A byte every 0.1 s: the whole hello would take four seconds, and the host lets go
    # after 0.6. Counted in bytes, so a slow machine cannot make the test pass or fail.
    with pytest.raises(OSError):
        for byte in hello[:-1]:
            peer.sock.sendall(bytes([byte]))
            sent += 1
            time.sleep(0.1)
        peer.sock.settimeout(5)
        while True:
            message = peer.read()
            assert message["type"] == "error"
    assert sent < len(hello) - 1, "the host waited for the whole dribbled hello"
    assert not game.remotes["fumie"].connected


def test_a_silent_seat_is_released_and_can_be_taken_back(hosted):
    game = hosted(seed=2)
    game.server.silent_after = 0.5
    peer = Peer(game.server.address, game.server.codes["fumie"])
    peer.until("prompt")
    got = _closed(peer)                          # it says nothing at all
    assert "nothing" in got[-1]["message"]
    _rejoins(game)


def test_a_seat_that_stops_reading_is_released(hosted):
    game = hosted(seed=2)
    game.server.send_wait = 0.5
    peer = Peer(game.server.address, game.server.codes["fumie"])
    peer.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    remote = game.remotes["fumie"]
    wait_for(lambda: remote.connected)
    for _ in range(30_000):                      # far more than the socket buffers hold (30 MB)
        remote.tell("x" * 1000)
        if not remote.connected:
            break
    assert not remote.connected
