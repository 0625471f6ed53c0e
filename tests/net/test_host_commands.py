"""`narrator host` as a player uses it, in a separate process on 127.0.0.1: it says how
to leave while a joiner holds the turn, tells the host when a joiner comes back, and
hosting a saved game again keeps its address and codes."""
from __future__ import annotations

import queue
import signal
import subprocess
import threading
import time

from conftest import Peer, narrator_command


class Running:
    """A `narrator` process whose output lines are read in the background."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen(narrator_command(*args), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        threading.Thread(target=self._pump, daemon=True).start()

    def _pump(self) -> None:
        for line in self.proc.stdout:
            self.lines.put(line)

    def until(self, text: str, timeout: float = 20.0) -> str:
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            assert left > 0, f"no {text!r} in:\n{''.join(self.seen)}"
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                continue
            self.seen.append(line)
            if text in line:
                return line

    def type(self, text: str) -> None:
        self.proc.stdin.write(text)
        self.proc.stdin.flush()

    def stop(self, timeout: float = 20) -> int:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=timeout)
        finally:
            self.proc.kill()


def test_host_waits_for_an_absent_joiner_says_so_and_keeps_codes_when_hosted_again(tmp_path):
    host = Running("--saves", str(tmp_path), "host", "fumie", "--as", "takeo", "--seed", "3")
    try:
        line = host.until("narrator join")
        assert line.split()[0] == "Fumie:"
        address, code = line.split()[-2:]
        peer = Peer(address, code)
        assert peer.until("welcome")["seat"] == "fumie"
        peer.close()
        host.until("Fumie's player has left")
        back = Peer(address, code)
        back.until("welcome")
        host.until("Fumie's player is back")
        back.close()
        host.until("has left")
        host.type("up\n")                    # Takeo's move; then it is Fumie's, and she is away
        assert "Ctrl-C" in host.until("their player is away")
        assert host.stop() == 0
        assert "host --continue fumie-basic-1" in host.until("hosts it again")
    finally:
        host.proc.kill()

    again = Running("--saves", str(tmp_path), "host", "--continue", "fumie-basic-1")
    try:
        line = again.until("narrator join")
        assert line.split()[-2:] == [address, code]     # the same port and the same code
        peer = Peer(address, code)
        assert peer.until("welcome")["seat"] == "fumie"
        peer.close()
    finally:
        again.stop()


def test_ctrl_c_stops_a_host_even_when_the_tests_were_started_with_sigint_ignored(tmp_path):
    """The tests play Ctrl-C as at a player's terminal, however the suite was started: run
    as a background job of a shell without job control (a script, a CI step), it
    inherits SIGINT ignored, and a host started with it ignored raised no
    KeyboardInterrupt and sat on waiting for its absent joiner (both this file's and
    test_network's hosting tests then hung)."""
    inherited = signal.signal(signal.SIGINT, signal.SIG_IGN)    # as such a run has it
    try:
        host = Running("--saves", str(tmp_path), "host", "fumie", "--as", "takeo", "--seed", "3")
    finally:
        signal.signal(signal.SIGINT, inherited)
    try:
        host.until("narrator join")
        host.type("up\n")                    # Takeo's move; then Fumie's, and nobody has joined
        host.until("their player is away")
        assert host.stop(timeout=60) == 0    # generous: this is about exiting at all
        assert "host --continue fumie-basic-1" in host.until("hosts it again")
    finally:
        host.proc.kill()


def test_ctrl_c_after_the_host_listens_and_before_its_table_runs_stops_it_as_at_the_table(
        cli, monkeypatch):
    """A Ctrl-C that came while the host saved or printed its codes (a player who changed
    their mind at once) ended in click's bare "Aborted!", exit status 1, with nothing said
    of the game: it is stopped as at the table, the server closed."""
    import narrator.cli
    from narrator.saves import Save

    hosts = []
    listen, write = narrator.cli._listen, Save.write

    def listening(*args):
        hosts.append(listen(*args))
        return hosts[-1]

    def interrupted(save):
        if save.network:
            raise KeyboardInterrupt    # Ctrl-C as the codes are saved
        write(save)

    monkeypatch.setattr(narrator.cli, "_listen", listening)
    monkeypatch.setattr(Save, "write", interrupted)
    result = cli("host", "fumie", "--as", "takeo", "--seed", "3")
    assert result.exit_code == 0
    assert "`narrator host --continue fumie-basic-1` hosts it again" in result.output
    assert hosts[0][0].stopping


def test_ctrl_c_before_the_host_listens_stops_it_and_leaves_no_empty_save(cli, tmp_path, monkeypatch):
    """Ctrl-C while the story loads and the table is set (before anything is hosted) ended
    in click's bare "Aborted!", exit status 1, leaving the new game's save, written as it
    was made, with nothing played in it."""
    import narrator.cli

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt        # Ctrl-C as the table is being set

    monkeypatch.setattr(narrator.cli, "_table", interrupted)
    result = cli("host", "fumie", "--as", "takeo", "--seed", "3")
    assert result.exit_code == 0
    assert "Stopped before the game was hosted: nothing was played or saved." in result.output
    assert not list(tmp_path.glob("*.toml"))


def test_quit_at_the_host_names_the_command_that_hosts_the_game_again(tmp_path):
    host = Running("--saves", str(tmp_path), "host", "fumie", "--as", "takeo", "--seed", "3")
    try:
        host.until("narrator join")
        host.type("quit\n")
        line = host.until("picks it up")
        assert "narrator host --continue fumie-basic-1" in line
        assert host.proc.wait(timeout=20) == 0
    finally:
        host.proc.kill()
