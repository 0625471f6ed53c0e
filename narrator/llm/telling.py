"""Telling a move's events through the model, with the offline narration as the floor.

One request per move: the offline prose of the move's events (for this seat) is the
account the model retells. The reply streams to the screen as it arrives, cleaned of
control sequences and capped. If the server fails, stalls or sends garbage, or the
player presses Ctrl-C, the offline prose is shown instead; a failure is reported once,
and the server is tried again a few moves later.
"""
from __future__ import annotations

from collections import deque
from typing import Callable

from narrator.llm import prompt
from narrator.llm.backends import LLMError
from narrator.llm.sanitize import Cleaner

MEMORY = 6   # recent passages the model is reminded of


class LLMTelling:
    def __init__(self, story, episode: str, backend, config, notice: Callable[[str], None]):
        self.story, self.episode = story, episode
        self.backend, self.config = backend, config
        self.notice = notice
        self.memory: dict[str, deque] = {}
        self.resting = 0          # moves left before the server is tried again
        self.told_failure = False

    def tell(self, offline: list[str], reader: str, view, write: Callable[[str], None]) -> tuple[str, bool]:
        """Narrate one move to `reader`; returns (the prose shown, whether the model wrote it).
        `write` puts text on the screen as it comes."""
        if not offline:
            return "", False
        memory = self.memory.setdefault(reader, deque(maxlen=MEMORY))
        plain = "\n\n".join(offline)
        if self.resting > 0:
            self.resting -= 1
            write(plain)
            memory.append(plain)
            return plain, False
        messages = prompt.messages(self.story, self.episode, reader, view, list(memory), offline)
        cleaner = Cleaner(self.config.max_chars)
        shown = ""
        try:
            for piece in self.backend.stream(messages):
                out = cleaner.feed(piece)
                if out:
                    write(out)
                    shown += out
                if cleaner.full:
                    break
            tail = cleaner.finish()
            write(tail)
            shown += tail
            if not shown.strip():
                raise LLMError("garbage", "the server sent an empty reply")
        except (Exception, KeyboardInterrupt) as err:
            # Ctrl-C stops the model, not the game. A backend is outside code (a plug-in, a
            # library): whatever else it raises is a failure to narrate, not the game's end.
            if isinstance(err, Exception) and not isinstance(err, LLMError):
                err = LLMError("backend", f"the backend broke: {err!r}")
            if isinstance(err, LLMError):
                self._failed(err)
            if shown:
                write("\n…\n")
            write(plain)
            memory.append(plain)
            return plain, False
        memory.append(shown.strip())
        return shown.strip(), True

    def _failed(self, err: LLMError) -> None:
        self.resting = self.config.retry_after
        if not self.told_failure:
            self.told_failure = True
            self.notice(f"(The LLM narrator failed: {err.message}. The offline narration takes over;"
                        f" the server will be tried again in {self.config.retry_after} moves.)")
