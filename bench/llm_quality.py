"""How well a model narrates: a seeded game of every story through the model, with the
gate on, and what came of it.

    python bench/llm_quality.py --llm http://127.0.0.1:8080/v1 --model NAME [--moves 6]

For each story the first seat's moves are played by a seeded bot (the others are random
bots), so every run with the same seed plays the same games. Prints, per story and in
all: the share of rounds the model told (at least one sentence of its shown), the
sentences refused by reason, the failures by kind, the time to the first token and per
round, and the request's length in tokens at the start, middle and end of the game
(estimated as the narrator counts them against the context).
"""
from __future__ import annotations

import argparse
import io
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "llm"))


def median(values):
    ordered = sorted(values)
    return ordered[len(ordered) // 2] if ordered else float("nan")


def play(story_id: str, seed: int, limit: int, backend, config, fold: bool):
    import tempfile

    from livegames import moves, seats
    from narrator import bots
    from narrator.library import load
    from narrator.llm.telling import LLMTelling
    from narrator.repl import PlainReader, Table
    from narrator.session import Session

    story = load(story_id)
    episode = story.episodes[0]["id"]
    table = seats(story)
    lines = moves(story_id, seed, limit)
    me = next(s for s, who in table.items() if who == "human")
    notices: list[str] = []
    llm = LLMTelling(story, episode, backend, config, notices.append, fold_system=fold)
    with tempfile.TemporaryDirectory() as tmp:
        session = Session.new(story, episode, seed, table, Path(tmp) / "b.toml", None, autosave=False)
        players = {s: bots.make("random", story, s, seed) for s in table if s != me}
        out = io.StringIO()
        Table(session, (me,), players, PlainReader(io.StringIO("\n".join(lines) + "\nquit\n"), out),
              out=out, llm=llm).run()
    return llm.tally


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--llm", required=True, metavar="URL")
    parser.add_argument("--model", required=True, metavar="NAME")
    parser.add_argument("--moves", type=int, default=6, help="the reader's moves per story (default 6)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--budget", type=float, default=12.0, help="the move budget in seconds (default 12)")
    parser.add_argument("--fold", action="store_true", help="fold the system message into the first user message")
    parser.add_argument("--stories", default="fumie,applerulette,fatima,funnytime")
    args = parser.parse_args()

    from narrator.llm.config import LLMConfig
    from narrator.llm.gate import REASONS
    from narrator.llm.openai import OpenAIChat

    config = LLMConfig(url=args.llm, model=args.model, move_budget=args.budget, retry_after=0)
    backend = OpenAIChat(config)
    rounds = told = 0
    rejected, failures = Counter(), Counter()
    first, seconds = [], []
    for story_id in args.stories.split(","):
        tally = play(story_id, args.seed, args.moves, backend, config, args.fold)
        rounds, told = rounds + tally.rounds, told + tally.told
        rejected.update(tally.rejected)
        failures.update(tally.failures)
        first += tally.first_token
        seconds += tally.seconds
        t = tally.tokens
        sizes = f"{t[0]} / {t[len(t) // 2]} / {t[-1]}" if t else "-"
        print(f"{story_id:<13} told {tally.told:>2}/{tally.rounds:<2} rounds ({tally.share():4.0%})"
              f"  first token {median(tally.first_token):5.1f} s  per round {median(tally.seconds):5.1f} s"
              f" (max {max(tally.seconds, default=float('nan')):.1f})  tokens start/middle/end {sizes}")
    print(f"\nall stories: the model told {told} of {rounds} rounds ({told / rounds if rounds else 0:.0%})")
    print("sentences refused: " + (", ".join(f"{REASONS.get(k, k)} {n}" for k, n in rejected.most_common())
                                   or "none"))
    print("failures: " + (", ".join(f"{k} {n}" for k, n in failures.most_common()) or "none"))
    print(f"first token: median {median(first):.1f} s; per round: median {median(seconds):.1f} s,"
          f" max {max(seconds, default=float('nan')):.1f} s (budget {args.budget:g} s)")


if __name__ == "__main__":
    main()
