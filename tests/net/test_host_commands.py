"""`narrator host` as a player uses it, in a separate process on 127.0.0.1: it says how
to leave while a joiner holds the turn, tells the host when a joiner comes back, and
hosting a saved game again keeps its address and codes."""
from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time

from conftest import Peer


# Starts narrator with SIGINT ignored, as a script's background job (`cmd &` in a shell
# without job control) starts everything it runs; exec keeps an ignored signal ignored.
SIGINT_IGNORED = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN);"
                  " os.execv(sys.executable, [sys.executable, '-m', 'narrator', *sys.argv[1:]])")


class Running:
    """A `narrator` process whose output lines are read in the background."""

    def __init__(self, *args: str, sigint_ignored: bool = False):
        start = ["-c", SIGINT_IGNORED] if sigint_ignored else ["-m", "narrator"]
        self.proc = subprocess.Popen([sys.executable, *start, *args], stdin=subprocess.PIPE,
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


def test_ctrl_c_stops_a_host_that_was_started_with_sigint_ignored(tmp_path):
    """A shell without job control (a CI step, a script) starts a background job, and
    everything that job starts, with SIGINT ignored; Python then raises no
    KeyboardInterrupt at all. Such a host, waiting on an absent joiner, sat through every
    Ctrl-C (its stack: Queue.get in RemoteSeat.ask), and both commands' tests hung when
    the suite was run that way."""
    host = Running("--saves", str(tmp_path), "host", "fumie", "--as", "takeo", "--seed", "3",
                   sigint_ignored=True)
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
