"""The LLM narrator's own cost per event: building the prompt, cleaning the reply and
passing it through the gate, with a backend that answers at once (so only narrator's work is timed).

Why: a model's latency is the server's business; what narrator adds on top of it must
stay small. Prints microseconds per event over the moves of 50 seeded games.

    python bench/llm_overhead.py
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

REPLY = "The rain eased for a moment, and Takeo looked up from the pitch. " * 3


class Instant:
    def stream(self, messages, options=None):
        yield from (REPLY[i:i + 12] for i in range(0, len(REPLY), 12))


def main() -> None:
    from narrator import bots
    from narrator.library import load
    from narrator.llm.config import LLMConfig
    from narrator.llm.telling import LLMTelling
    from narrator.narration import Narrator

    story = load("fumie")
    g = story.family
    moves = []   # (narrator, events, start, state) per move, gathered before timing
    for seed in range(50):
        st = g.new_game(story.content, story.seats, seed, {})
        players = {s: bots.make("random", story, s, seed) for s in story.seats}
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            start = len(st.log)
            g.apply(st, seat, g.parse(players[seat].choose(story.view(st, seat))))
            moves.append((seed, start, st.copy()))
    telling = LLMTelling(story, "basic", Instant(), LLMConfig(url="x", model="m"), notice=print)
    events = 0
    elapsed = 0.0
    for seed, start, st in moves:
        narrator = Narrator(story, seed, set(), "basic")
        narrator.skip(st.log[:start])
        offline = narrator.tell(st.log[start:], start, "takeo")
        t = time.perf_counter()
        telling.hear("takeo", offline)
        telling.colour("takeo", story.seats, lambda text: None)
        elapsed += time.perf_counter() - t
        events += len(st.log) - start
    print(f"LLM narrator overhead: {elapsed / events * 1e6:.0f} µs per event ({events} events)")


if __name__ == "__main__":
    main()
