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


class Running:
    """A `narrator` process whose output lines are read in the background."""

    def __init__(self, *args: str):
        self.proc = subprocess.Popen([sys.executable, "-m", "narrator", *args], stdin=subprocess.PIPE,
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

    def stop(self) -> int:
        self.proc.send_signal(signal.SIGINT)
        try:
            return self.proc.wait(timeout=20)
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
