"""What the model did in a game: rounds told, failures and refused sentences by reason,
and how long it took. `--verbose`, `narrator llm check` and bench/llm_quality.py read it."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from narrator.llm.gate import REASONS


@dataclass
class Tally:
    rounds: int = 0                 # rounds with something to tell
    asked: int = 0                  # rounds the model was asked about
    told: int = 0                   # rounds where at least one of its sentences was shown
    sentences: int = 0              # its sentences shown
    failures: Counter = field(default_factory=Counter)    # kind -> count
    rejected: Counter = field(default_factory=Counter)    # gate reason -> count
    first_token: list[float] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)    # per request, start to last piece
    tokens: list[int] = field(default_factory=list)       # each request's estimated length

    def share(self) -> float:
        return self.told / self.rounds if self.rounds else 0.0

    def summary(self) -> str:
        parts = [f"the model told {self.told} of {self.rounds} rounds ({self.share():.0%}),"
                 f" asked {self.asked} times"]
        if self.failures:
            parts.append("failures: " + ", ".join(f"{k} {n}" for k, n in sorted(self.failures.items())))
        if self.rejected:
            parts.append("sentences refused: " + ", ".join(
                f"{n} {REASONS.get(k, k)}" for k, n in self.rejected.most_common()))
        if self.seconds:
            ordered = sorted(self.seconds)
            parts.append(f"per request {ordered[len(ordered) // 2]:.1f} s median, {ordered[-1]:.1f} s at most")
        return "; ".join(parts)
