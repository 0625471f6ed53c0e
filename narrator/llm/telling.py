"""The model's part in a game: a sentence or two of colour after each round's prose.

The offline narration tells every move, as always, and is shown as it is: it carries
the game's information (what a seat now knows, an order chosen, a count revealed), which
no model may drop or garble. When a reader's turn comes round, the model is asked once
for what happened since that reader last acted (its own move and the bots' between),
and its reply passes the gate sentence by sentence: a sentence is shown only if it
passes, and the first that fails ends the reply. The time a round may take is the move
budget; past it the rest of the reply is dropped.

Only the offline prose becomes the model's memory: what the model wrote is never fed
back to it, so one bad reply cannot echo through the rest of the game.
"""
from __future__ import annotations

import inspect
import time
from collections import deque
from typing import Callable

from narrator.llm import prompt
from narrator.llm.backends import LLMError
from narrator.llm.budget import Reply, Server
from narrator.llm.gate import Gate, Sentences, names_in, numbers_in, words
from narrator.llm.sanitize import Cleaner
from narrator.llm.tally import Tally
from narrator.llm.voice import of as voice_of

MEMORY = 6            # earlier passages the model is reminded of
SHOWN = 24            # the model's own sentences kept to refuse repeats of
SECOND_PRESS = 3.0    # seconds within which a second Ctrl-C leaves the game


class LLMTelling:
    def __init__(self, story, episode: str, backend, config, notice: Callable[[str], None],
                 verbose: bool = False, clock: Callable[[], float] = time.monotonic,
                 fold_system: bool | None = None):
        self.story, self.episode = story, episode
        self.backend, self.config = backend, config
        self.notice, self.verbose, self.clock = notice, verbose, clock
        self.voice = voice_of(story)
        self.gate_voice = self.voice.gate_voice()
        self.server = Server(config.retry_after, clock)
        self.tally = Tally()
        self.memory: dict[str, deque] = {}      # reader -> offline passages told before
        self.moment: dict[str, list[str]] = {}  # reader -> offline passages not yet coloured
        self.names: dict[str, set[str]] = {}    # reader -> names it has been told
        self.numbers: dict[str, set[int]] = {}
        self.shown: dict[str, deque] = {}       # reader -> the model's sentences shown to it
        self.told_failure = False
        self.interrupted_at: float | None = None
        # Folded when the template is known to drop a system message, or when asked to.
        if fold_system is None:
            fold_system = getattr(backend, "drops_system", False)
        self.fold_system = (fold_system or config.system_message == "fold") and config.system_message != "keep"
        try:
            self._options = "options" in inspect.signature(backend.stream).parameters
        except (TypeError, ValueError):
            self._options = False
        public = " ".join([story.title, story.info.get("blurb", ""), story.info.get("tone", ""),
                           *self.voice.places, *self.voice.examples])
        self._public_names, self._public_numbers = names_in(public), numbers_in(public)

    # --- what the reader is told ------------------------------------------------------
    def hear(self, reader: str, passages: list[str]) -> None:
        """The offline prose shown to `reader`: it is what the next request is about."""
        self.moment.setdefault(reader, []).extend(passages)
        names, numbers = self.names.setdefault(reader, set()), self.numbers.setdefault(reader, set())
        for p in passages:
            names |= names_in(p)
            numbers |= numbers_in(p)

    def forget_moment(self, reader: str) -> None:
        """The reader left the screen (a hand-off): its round is not coloured later."""
        self._remember(reader, self.moment.pop(reader, []))

    def _remember(self, reader: str, passages: list[str]) -> None:
        self.memory.setdefault(reader, deque(maxlen=MEMORY)).extend(passages)

    # --- the model's part ---------------------------------------------------------------
    def colour(self, reader: str, seats, write: Callable[[str], None]) -> str:
        """Ask the model once about what `reader` was told since it was last asked, and
        write what passes the gate; returns the text shown ('' if none). A second Ctrl-C
        soon after the first raises KeyboardInterrupt: the player wants to leave."""
        moment = self.moment.pop(reader, [])
        if not moment:
            return ""
        self.tally.rounds += 1
        memory = list(self.memory.get(reader, ()))
        self._remember(reader, moment)
        if not self.server.ready():
            return ""
        request = prompt.request(self.story, self.episode, tuple(seats), reader, memory, moment,
                                 n_ctx=self.config.n_ctx, fold_system=self.fold_system)
        self.tally.asked += 1
        self.tally.tokens.append(request.tokens)
        shown_before = self.shown.setdefault(reader, deque(maxlen=SHOWN))
        gate = Gate(self.gate_voice, self.names.get(reader, set()) | self._public_names
                    | {n.lower() for s in seats for n in words(self.story.seat_name(s))},
                    self.numbers.get(reader, set()) | self._public_numbers,
                    prompt=request.system + "\n" + request.ask, moment=request.moment,
                    earlier=[*request.memory, *shown_before], markers=request.markers)
        reply = Reply(lambda: self._stream(request), self.config.move_budget, self.clock)
        cutter, cleaner = Sentences(), Cleaner(10 ** 9)
        shown: list[str] = []
        budget_chars = self.config.max_chars
        try:
            try:
                for piece in reply:
                    for sentence in cutter.feed(cleaner.feed(piece)):
                        if not self._show(gate, sentence, shown, write, budget_chars):
                            return self._end(reply, shown, reader)
                    if len(shown) >= prompt.MAX_SENTENCES:
                        return self._end(reply, shown, reader)
                # What the cleaner held back may complete sentences of its own; only the
                # very last piece may be one the reply did not finish.
                whole, rest = cutter.feed(cleaner.finish()), cutter.finish()
                for sentence, last in [*((s, False) for s in whole), *((s, True) for s in rest)]:
                    if not self._show(gate, sentence, shown, write, budget_chars, last=last):
                        return self._end(reply, shown, reader)
                if not shown:
                    self._refused("empty", "")
            finally:
                self._timing(reply)
        except KeyboardInterrupt:
            reply.close()
            self.server.abandoned = reply.worker
            now = self.clock()
            if self.interrupted_at is not None and now - self.interrupted_at < SECOND_PRESS:
                raise
            self.interrupted_at = now
            self._failed(LLMError("interrupted", "Ctrl-C"), quiet=True, held=self.clock() - reply.start)
            self.notice("(Ctrl-C: the model's telling is skipped. Ctrl-C again leaves the game; it is saved.)")
            return self._end(None, shown, reader, failed=True)
        except Exception as err:
            # A backend is outside code (a plug-in, a library): whatever it raises is a
            # failure to narrate, never the end of the game.
            if not isinstance(err, LLMError):
                err = LLMError("backend", f"the backend broke: {err!r}")
            reply.close()
            if reply.worker.is_alive():
                self.server.abandoned = reply.worker
            self._failed(err, held=self.clock() - reply.start if err.kind == "timeout" else 0.0)
            return self._end(None, shown, reader, failed=True)
        return self._end(reply, shown, reader)

    def _stream(self, request):
        options = {"max_tokens": request.max_tokens, "stop": list(request.stop),
                   "deadline": time.monotonic() + self.config.move_budget}
        if self._options:
            return self.backend.stream(request.messages, options=options)
        return self.backend.stream(request.messages)

    def _show(self, gate: Gate, sentence: str, shown: list[str], write, limit: int, last: bool = False) -> bool:
        sentence = " ".join(sentence.split())
        reason = gate.judge(sentence)
        if reason is None and last and Sentences.unfinished(sentence):
            reason = "unfinished"   # cut off by the length limit: never shown half-said
        if reason is None and sum(len(s) + 1 for s in shown) + len(sentence) > limit:
            reason = "long"
        if reason is not None:
            self._refused(reason, sentence)
            return False
        write((" " if shown else "") + sentence)
        gate.seen(sentence)
        shown.append(sentence)
        return True

    def _refused(self, reason: str, sentence: str) -> None:
        self.tally.rejected[reason] += 1
        if self.verbose:
            self.notice(f"(model: a sentence refused, {reason}: {sentence[:80]!r})")

    def _end(self, reply: Reply | None, shown: list[str], reader: str, failed: bool = False) -> str:
        if reply is not None:
            if reply.worker.is_alive():
                reply.close()
                self.server.abandoned = reply.worker
            if not failed:
                self.server.succeeded()
        if shown:
            self.tally.told += 1
            self.tally.sentences += len(shown)
            self.shown.setdefault(reader, deque(maxlen=SHOWN)).extend(shown)
        return " ".join(shown)

    def _timing(self, reply: Reply) -> None:
        if reply.first is not None:
            self.tally.first_token.append(reply.first)
        self.tally.seconds.append(min(self.clock() - reply.start, self.config.move_budget))

    def _failed(self, err: LLMError, quiet: bool = False, held: float = 0.0) -> None:
        self.tally.failures[err.kind] += 1
        rest = self.server.failed(held)
        if self.verbose:
            self.notice(f"(model: failed, {err.kind}: {err.message}; resting {rest:.0f} s)")
        elif not self.told_failure and not quiet:
            self.told_failure = True
            self.notice(f"(The LLM narrator failed: {err.message.rstrip('.?!')}. The offline narration goes on alone;"
                        f" the server is asked again in {rest:.0f} s.)")

    def interrupted_recently(self) -> bool:
        return self.interrupted_at is not None and self.clock() - self.interrupted_at < SECOND_PRESS
