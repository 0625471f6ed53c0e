"""Whole games over real sockets on 127.0.0.1: the host decides, the joiner is told only
what its seat may know, and bad or dropped connections lose nothing."""
from __future__ import annotations

import json
import random
import signal
import subprocess
import time

import pytest

from narrator.narration import Narrator, tell_game
from narrator.net.host import BURST, RATE
from narrator.session import Session
from conftest import Peer, narrator_command, wait_for


def test_a_whole_game_of_for_fumie_over_the_network(hosted):
    game = hosted(seed=3)
    peer = Peer(game.server.address, game.code())
    assert peer.until("welcome")["seat"] == "fumie"
    end = peer.play(random.Random(3))
    assert end is not None and end["title"]
    ending = game.session.ending()
    assert end["title"] == game.story.content.page("basic", ending.id).title
    assert game.session.save.ended == ending.id


@pytest.mark.parametrize("seed", range(12))
def test_every_byte_sent_to_a_seat_is_that_seats_own(hosted, seed):
    """What the joiner receives is exactly its own narration, prompts and views: nothing
    is built from another seat's view, and the narration is the seat's own telling."""
    game = hosted(seed=seed)
    peer = Peer(game.server.address, game.code())
    peer.play(random.Random(seed))
    wait_for(lambda: not game.thread.is_alive())
    told = [m["text"] for m in peer.messages if m["type"] == "tell"]
    expected = tell_game(Narrator(game.story, seed, set(), "basic"), game.session.log, game.session.marks, "fumie")
    assert told == expected
    # and the bytes hold nothing but those messages
    lines = peer.recording.raw.decode().splitlines()
    assert [json.loads(line) for line in lines] == peer.messages
    # The other seat's hand never crosses the wire unless it was shown or told to Fumie.
    seen_by_fumie = {c for e in game.session.log if e.visible_to("fumie")
                     for c in [e.data.get("card"), *e.data.get("cards", ())] if c}
    secret_ids = {c for e in game.session.log if e.kind == "draw_seen" and e.data["seat"] == "takeo"
                  for c in e.data["cards"]} - seen_by_fumie - {"takeo", "fumie"}   # those ids are seats too
    for card in secret_ids:
        assert f'"{card}"' not in peer.recording.raw.decode()


def test_the_culprit_never_reaches_takeos_socket(hosted):
    for seed in range(10):
        game = hosted("fumie", "murder", {"takeo": "remote", "fumie": "bot:partner"}, seed)
        peer = Peer(game.server.address, game.code())
        peer.until("welcome")
        # ask for every view before each move, as a curious player would
        made = 0
        while made < 6:
            message = peer.until("prompt", "end")
            if message["type"] == "end":
                break
            for command in ("hand", "table", "sheet"):
                peer.send({"type": "show", "command": command})
                peer.until("shown", "error")   # a curious player may hit the rate cap
            legal = [a for a in message["legal"] if a != "stop" and not a.startswith("accuse")]
            peer.send({"type": "act", "text": (legal or message["legal"])[0]})
            made += 1
        text = peer.recording.raw.decode()
        assert "only you know" not in text and "culprit_set" not in text
        if not game.session.state.culprit_shown:
            shown = [m["text"] for m in peer.messages if m["type"] in ("shown", "prompt") for m in [m]
                     if "text" in m]
            culprit = game.story.content.cards[game.session.state.culprit]
            assert not any(f"culprit, revealed: {culprit.name}" in t for t in shown)
        peer.close()


def test_a_dropped_joiner_rejoins_with_the_code_and_finishes(hosted):
    game = hosted(seed=5)
    first = Peer(game.server.address, game.code())
    first.play(random.Random(1), moves=3)
    # The next prompt means the third move was played: only then is the count below
    # stable (a move still in flight when the line drops is played all the same).
    first.until("prompt")
    first.close()
    wait_for(lambda: not game.remotes["fumie"].connected)
    moves_before = len(game.session.save.actions)
    second = Peer(game.server.address, game.code())
    assert second.until("welcome")["seat"] == "fumie"
    assert second.until("prompt")        # the decision still waiting is put again
    assert len(game.session.save.actions) == moves_before   # nothing was lost or played meanwhile
    end = second.play(random.Random(2))
    assert end is not None and game.session.ending() is not None


def test_a_wrong_code_is_refused_and_the_connection_closed(hosted):
    game = hosted()
    peer = Peer(game.server.address, "not-the-code")
    error = peer.read()
    assert error["type"] == "error" and "join code" in error["message"]
    with pytest.raises(ConnectionError):
        peer.read()


def test_a_taken_seat_is_refused(hosted):
    game = hosted()
    one = Peer(game.server.address, game.code())
    one.until("welcome")
    two = Peer(game.server.address, game.code())
    assert "taken" in two.read()["message"]


def test_unknown_and_illegal_messages_get_errors_and_change_nothing(hosted):
    """(A line that is not a message at all closes the connection: test_host_survives.)"""
    game = hosted(seats={"takeo": "remote", "fumie": "bot:partner"}, seed=2)
    peer = Peer(game.server.address, game.code())
    peer.until("prompt")
    before = len(game.session.log)
    peer.send({"type": "dance"})
    assert "unknown message type" in peer.until("error")["message"]
    peer.send({"type": "act", "text": "fly away"})
    error = peer.until("error")["message"]
    assert "not an action" in error and "Nothing has changed" in error
    assert len(game.session.log) == before
    peer.send({"type": "act", "text": "up"})          # the game goes on, unharmed
    wait_for(lambda: len(game.session.log) > before)


def test_an_action_out_of_turn_is_refused(hosted):
    game = hosted(seats={"takeo": "bot:partner", "fumie": "remote"}, seed=4)
    peer = Peer(game.server.address, game.code())
    peer.until("welcome")
    game.remotes["fumie"].prompt = None if game.remotes["fumie"].prompt is None else game.remotes["fumie"].prompt
    # Between prompts (before the first one arrives, or right after answering), acting is refused.
    prompt = peer.until("prompt")
    peer.send({"type": "act", "text": [a for a in prompt["legal"] if a != "stop"][0]})
    peer.send({"type": "act", "text": "up"})       # a second answer to the same prompt
    messages = [peer.until("error", "prompt")]
    assert any(m["type"] == "error" and "not your move" in m["message"] for m in messages) \
        or messages[0]["type"] == "prompt"


def test_a_flood_of_messages_is_capped_and_the_host_goes_on(hosted):
    game = hosted(seed=6)
    peer = Peer(game.server.address, game.code())
    peer.until("prompt")
    for _ in range(60):
        peer.send({"type": "ping"})
    replies = [peer.until("pong", "error") for _ in range(60)]
    assert any(r["type"] == "error" and "too many" in r["message"] for r in replies)
    time.sleep(BURST / RATE)   # the allowance fills again
    assert peer.play(random.Random(6)) is not None


def test_the_host_listens_on_loopback_only_by_default(hosted):
    game = hosted()
    assert game.server.address.startswith("127.0.0.1:")


def test_host_and_join_commands_play_a_game_and_continue(tmp_path):
    """The two commands as players use them, in separate processes."""
    host = subprocess.Popen(narrator_command("--saves", str(tmp_path), "host", "fumie",
                                             "--as", "takeo", "--seed", "3", "--bot", "partner"),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert host.stdout.readline().startswith("Hosting For Fumie")
    address, code = host.stdout.readline().split()[-2:]
    join = subprocess.Popen(narrator_command("join", address, code),
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    # Both answer "up" to everything; decisions that need more are answered by the first option.
    try:
        host.stdin.write("up\n" * 3)   # Takeo moves first: the host must not wait on us
        host.stdin.flush()
        join_out, _ = join.communicate("up\n" * 3 + "quit\n", timeout=30)
        host.send_signal(signal.SIGINT)   # the joiner left: the host stops, keeping the game
        host_out, _ = host.communicate(timeout=30)
    finally:
        host.kill()
        join.kill()
    assert "You play Fumie." in join_out and "rejoin with: narrator join" in join_out
    assert "has left" in host_out and "host --continue fumie-basic-1" in host_out
    saved = Session.resume(tmp_path / "fumie-basic-1.toml", None, autosave=False)
    assert saved.save.seats == {"takeo": "human", "fumie": "remote"} and saved.save.actions
    # The same game is hosted again from its save.
    again = subprocess.Popen(narrator_command("--saves", str(tmp_path), "host",
                                              "--continue", "fumie-basic-1"), stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    first = again.stdout.readline()
    again.send_signal(signal.SIGINT)
    again.communicate(timeout=30)
    assert first.startswith("Hosting For Fumie (save: fumie-basic-1)")


@pytest.mark.parametrize("seed", range(3))
def test_a_whole_game_of_snow_white_with_two_joiners(hosted, seed):
    """Snow White at six: two seats played from afar, the rest by bots; each joiner is told
    only its own seat's secrets."""
    seats = {"p1": "remote", "p2": "remote", **{f"p{i}": "bot:partner" for i in range(3, 7)}}
    game = hosted("applerulette", "tale", seats, seed, table={"players": 6})
    one = Peer(game.server.address, game.code("p1"), seat="p1")
    two = Peer(game.server.address, game.code("p2"), seat="p2")
    import threading

    ends = {}
    runners = [threading.Thread(target=lambda p=p, k=k: ends.__setitem__(k, p.play(random.Random(seed + k))))
               for k, p in enumerate((one, two))]
    for r in runners:
        r.start()
    for r in runners:
        r.join(60)
    assert game.session.ending() is not None
    assert all(end is not None and end["type"] == "end" for end in ends.values())
    for seat, peer in (("p1", one), ("p2", two)):
        told = [m["text"] for m in peer.messages if m["type"] == "tell"]
        assert told == tell_game(Narrator(game.story, seed, set(), "tale"), game.session.log, game.session.marks, seat)
