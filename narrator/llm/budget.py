"""The time a move may spend on the model, and when the server may be asked again.

A reply is read on a worker thread, so the game waits on a clock of its own, counted
from the moment the request is sent: a server that sends keep-alive pings, or trickles
one word every few seconds, cannot stretch the wait. Past the budget the reply is
dropped and the worker told to hang up.

A request given up on may still hold the server (it may go on computing the reply nobody
reads), so the next one waits until that worker has finished, and after a failure the
server rests for a while by the wall clock, longer after each failure in a row.
"""
from __future__ import annotations

import queue
import threading
import time
from typing import Callable, Iterator

from narrator.llm.backends import LLMError

REST_LONGEST = 300.0      # seconds: the longest rest after failures in a row
_DONE = object()


class Server:
    """What the telling knows of the server between requests."""

    def __init__(self, rest: float, clock: Callable[[], float] = time.monotonic):
        self.rest, self.clock = rest, clock
        self.failures = 0             # in a row
        self.rest_until = 0.0
        self.abandoned: threading.Thread | None = None

    def busy(self) -> bool:
        """An abandoned request may still be running on the server."""
        return self.abandoned is not None and self.abandoned.is_alive()

    def ready(self) -> bool:
        return not self.busy() and self.clock() >= self.rest_until

    def failed(self, held: float = 0.0) -> float:
        """Count a failure; returns how many seconds the server now rests. `held` is how
        long the failed request had the server: one given up on may keep it that long
        again (a server finishes reading a prompt before it notices nobody waits)."""
        self.failures += 1
        wait = min(REST_LONGEST, self.rest * 2 ** (self.failures - 1)) if self.rest > 0 else 0.0
        wait = max(wait, min(REST_LONGEST, held))
        self.rest_until = self.clock() + wait
        return wait

    def succeeded(self) -> None:
        self.failures = 0


class Reply:
    """One request's reply, piece by piece, within `budget` seconds of `start`.

    Iterating yields the pieces as they come; it raises LLMError("timeout") when the
    budget runs out, and the backend's own errors as they happen. `close()` gives up on
    the reply: the worker stops at its next piece and closes the stream."""

    def __init__(self, open_stream: Callable[[], Iterator[str]], budget: float,
                 clock: Callable[[], float] = time.monotonic):
        self.budget, self.clock = budget, clock
        self.start = clock()
        self.first: float | None = None      # seconds until the first piece
        self.finished = False                # the stream ended of itself
        self.cancel = threading.Event()
        self.pieces: queue.Queue = queue.Queue()
        self.worker = threading.Thread(target=self._work, args=(open_stream,), daemon=True,
                                       name="llm-reply")
        self.worker.start()

    def _work(self, open_stream) -> None:
        stream = None
        try:
            stream = open_stream()
            for piece in stream:
                if self.cancel.is_set():
                    break
                self.pieces.put(piece)
        except BaseException as err:  # handed to the game's thread, which decides
            self.pieces.put(err)
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                try:
                    close()   # hang up: a server that notices stops computing the reply
                except Exception:
                    pass
            self.pieces.put(_DONE)

    def left(self) -> float:
        return self.budget - (self.clock() - self.start)

    def __iter__(self) -> Iterator[str]:
        while True:
            left = self.left()
            if left <= 0:
                raise LLMError("timeout", f"the reply did not finish within the move's budget of {self.budget:g} s")
            try:
                item = self.pieces.get(timeout=left)
            except queue.Empty:
                continue   # the loop's top says it is late
            if item is _DONE:
                self.finished = True
                self.worker.join(1.0)   # it has only to return now
                return
            if isinstance(item, BaseException):
                raise item
            if self.first is None:
                self.first = self.clock() - self.start
            yield item

    def close(self) -> None:
        self.cancel.set()
