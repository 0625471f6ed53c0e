"""The joiner against a host that sends what no host should: it shows what it can use,
skips the rest, and never hangs on it. The host here is a plain socket on 127.0.0.1."""
from __future__ import annotations

import io
import socket
import threading

from narrator.net import join, wire


def _host_sending(data: bytes) -> tuple[str, threading.Thread]:
    """A one-connection host on 127.0.0.1 that reads the hello, sends `data`, and closes."""
    server = socket.create_server(("127.0.0.1", 0))

    def serve() -> None:
        conn, _ = server.accept()
        with conn:
            conn.recv(4096)
            conn.sendall(data)
        server.close()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    return "127.0.0.1:%d" % server.getsockname()[1], thread


def _joined(data: bytes, typed: str = "") -> tuple[int | None, str]:
    """What `narrator join` returns and shows against that host, the player typing
    `typed` (None: it never finished)."""
    from narrator.repl import PlainReader

    address, host = _host_sending(data)
    out, result = io.StringIO(), {}
    reader = PlainReader(io.StringIO(typed), out)
    runner = threading.Thread(target=lambda: result.setdefault(
        "code", join.play(address, "code", None, reader=reader, out=out)), daemon=True)
    runner.start()
    runner.join(20)     # a guard against a hang, not a measure of speed
    host.join(5)
    return result.get("code"), out.getvalue()


def test_a_line_longer_than_the_limit_is_skipped_and_the_next_message_read():
    welcome = wire.encode({"type": "welcome", "seat": "fumie", "name": "Fumie", "commands": []})
    end = wire.encode({"type": "end", "title": "The Crossing", "text": "The bell rings.", "condition": ""})
    # Longer than a message may be, and not ended until well after the limit.
    code, shown = _joined(welcome + b"x" * (3 * wire.MAX_LINE) + b"\n" + end)
    assert code == 0
    assert "The Crossing" in shown and "The bell rings." in shown


def test_a_reader_refuses_a_long_line_once_and_then_reads_on():
    left, right = socket.socketpair()
    with left, right:
        left.sendall(b"y" * (2 * wire.MAX_LINE))
        left.sendall(b"y" * wire.MAX_LINE + b'\n{"type": "ping"}\n')
        reader = wire.Reader(right)
        refused = 0
        while True:
            try:
                message = reader.read()
                break
            except wire.BadMessage:
                refused += 1
                assert refused == 1, "the same long line was refused again"
        assert message == {"type": "ping"} and len(reader.buffer) < wire.MAX_LINE


def test_a_seat_keeps_only_the_passages_a_returning_joiner_is_sent_again():
    from narrator.net.host import RECENT, RemoteSeat

    seat = RemoteSeat("fumie", "Fumie", lambda seat, command: "", [])
    for n in range(10 * RECENT):
        seat.tell(f"Passage {n}.")
    left, right = socket.socketpair()
    with left, right:
        seat.attach(left)
        left.close()
        reader = wire.Reader(right)
        sent = []
        while True:
            try:
                sent.append(reader.read())
            except wire.Closed:
                break
    told = [m["text"] for m in sent if m["type"] == "tell"]
    assert told == [f"Passage {n}." for n in range(9 * RECENT, 10 * RECENT)]
    assert len(seat.history) == RECENT


def test_messages_with_fields_of_the_wrong_kind_are_shown_as_far_as_they_can_be():
    """A host's welcome or prompt whose lists are not lists: the joiner shows what it can
    and still asks, and the player can leave as ever."""
    welcome = wire.encode({"type": "welcome", "seat": "fumie", "name": ["Fumie"], "commands": 5})
    prompt = wire.encode({"type": "prompt", "decision": {"what": "move"}, "legal": 7})
    shown = wire.encode({"type": "shown", "command": "hand", "text": None})
    code, out = _joined(welcome + shown + prompt, typed="quit\n")
    assert code == 0 and "You left" in out


def test_the_joiners_log_reads_only_ascii_digits_as_a_number():
    """As at the host's own prompt: `log ١` (an Arabic-Indic one) is not the number 1, and
    a number past any game's length is the whole story, read at once."""
    from narrator.net.join import Client

    out = io.StringIO()
    client = Client(None, None, out, "127.0.0.1:1", "code")
    client.told = [f"Passage {n}." for n in range(3)]
    client.local(["log", "\u0661"])
    assert "Passage 0." not in out.getvalue() and "log 5" in out.getvalue()
    out.truncate(0)
    client.local(["log", "1" * 40])
    assert all(f"Passage {n}." in out.getvalue() for n in range(3))
    out.seek(0), out.truncate(0)
    client.local(["log", "1"])
    assert "Passage 2." in out.getvalue() and "Passage 1." not in out.getvalue()


def test_ctrl_c_while_another_seat_moves_leaves_as_quit_does(monkeypatch):
    """Nothing can be typed while the host or another joiner moves, so Ctrl-C is the way
    out then: it says how to rejoin and ends well, not with a bare "Aborted!"."""
    welcome = wire.encode({"type": "welcome", "seat": "fumie", "name": "Fumie", "commands": []})
    read = wire.Reader.read
    reads = []

    def interrupted(self):
        reads.append(1)
        if len(reads) == 2:           # welcomed, then waiting on the others: Ctrl-C
            raise KeyboardInterrupt
        return read(self)

    monkeypatch.setattr(wire.Reader, "read", interrupted)
    code, shown = _joined(welcome)
    assert code == 0
    assert "You play Fumie." in shown
    assert "You left. The host keeps the game; rejoin with: narrator join 127.0.0.1:" in shown
