"""Round-trip latency of an action between two terminals on loopback: from the joiner
sending its move to the host's next message reaching it (the move decided, saved,
narrated and told back).

Why: co-op over the network should feel like one table. Prints the median over the
moves of 20 games of For Fumie, in milliseconds.

    python bench/net_roundtrip.py
"""
from __future__ import annotations

import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "net")]


def main() -> None:
    from conftest import Hosted, Peer

    delays = []
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(20):
            game = Hosted("fumie", "basic", {"takeo": "bot:partner", "fumie": "remote"}, seed,
                          Path(tmp) / str(seed))
            peer = Peer(game.server.address, game.server.code)
            rng = random.Random(seed)
            message = peer.until("prompt", "end")
            while message["type"] != "end":
                legal = [a for a in message["legal"] if a != "stop"]
                sent = time.perf_counter()
                peer.send({"type": "act", "text": rng.choice(legal)})
                peer.read()   # the first answer: the host has played the move and tells of it
                delays.append(time.perf_counter() - sent)
                message = peer.until("prompt", "end")
            game.close()
    print(f"action round trip on loopback: {statistics.median(delays) * 1000:.2f} ms (median of {len(delays)})")


if __name__ == "__main__":
    main()
