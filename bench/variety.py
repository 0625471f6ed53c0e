"""How varied the offline prose reads: 20 seeded bot games per story and episode, each
read through as `narrator replay SLOT --as SEAT` reads it (the seat turns with the
game), ending page included. Printed per story and episode, and per story:

  repeated  share of sentences that repeat a sentence already read in the same game
  stock     share of sentences that are found in at least half of the games
  max       the most times one sentence is read in one game (and that sentence)

A card's flavour text (read once, where its face is first seen) is quoted, not
narrated: its sentences are left out of the count.

Goals (the project's): repeated <= 5%, stock <= 10%, max <= 3.

    python bench/variety.py                  # every story
    python bench/variety.py fumie --games 5  # one story (or story/episode), fewer games
    python bench/variety.py applerulette --worst 10   # and the sentences that cost the most
"""
from __future__ import annotations

import argparse
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from narrator import bots, endpage  # noqa: E402
from narrator.library import load, split_name, story_ids  # noqa: E402
from narrator.narration import Narrator, tell_game  # noqa: E402

# A full stop ends a sentence when a capital (or a quote) follows, except after a title or
# a time ("Ms. Kagami", "3 a.m."); a title's own mark does not ("“Hand in Hand!” calls Ada").
SENTENCE = re.compile(r"(?<!\bMs\.)(?<!\bMr\.)(?<!\bMrs\.)(?<!\bDr\.)(?<!\ba\.m\.)(?<!\bp\.m\.)(?<=[.!?…])[\"”’')\]]*\s+(?=[^a-z])")


def sentences(text: str) -> list[str]:
    """The sentences of a passage, whitespace folded; quotes stay with their sentence."""
    flat = " ".join(text.split())
    return [s for s in (p.strip() for p in SENTENCE.split(flat)) if s]


def read_game(story, episode: str, seed: int, known: set[str]) -> tuple[list[str], set[str]]:
    """Play one game with bots; the sentences one seat reads, and the card knowledge after."""
    g = story.family
    options = {"episode": episode, "known": sorted(known)}
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, seed, options)
    players = {seat: bots.make(bots.NAMES[(seed + i) % len(bots.NAMES)], story, seat, seed)
               for i, seat in enumerate(seats)}
    marks = [len(state.log)]
    while (ended := g.ending(state)) is None:
        seat = g.to_act(state)[0]
        g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
        marks.append(len(state.log))
    reader = seats[seed % len(seats)]
    narrator = Narrator(story, seed, set(known), episode)
    out = []
    # A card's flavour is its own printed words, read once where its face is first seen:
    # quoted, not narrated, so not counted.
    printed = {s for c in story.content.cards.values() for s in sentences(c.flavour)}
    for passage in tell_game(narrator, state.log, marks, reader):
        out += [s for s in sentences(passage) if s not in printed]
    out += sentences(endpage.render(story, episode, ended.id, state.log).text)
    return out, known | set(getattr(state, "known", ()))


def measure(games: list[list[str]]) -> dict:
    total = sum(len(g) for g in games)
    repeated = sum(len(g) - len(set(g)) for g in games)
    found = Counter(s for g in games for s in set(g))
    stock = {s for s, n in found.items() if n * 2 >= len(games)}
    worst = max((Counter(g).most_common(1)[0] for g in games if g), key=lambda x: x[1], default=("", 0))
    return {"sentences": total, "repeated": repeated / total if total else 0.0,
            "stock": sum(1 for g in games for s in g if s in stock) / total if total else 0.0,
            "max": worst[1], "worst": worst[0]}


def worst(games: list[list[str]], n: int) -> list[str]:
    """The sentences that cost the most: the most times in one game, then the most games."""
    most = Counter()
    found = Counter()
    for g in games:
        for s, k in Counter(g).items():
            most[s] = max(most[s], k)
            found[s] += 1
    ranked = sorted(most, key=lambda s: (-most[s], -found[s], s))[:n]
    return [f"    {most[s]:>2}x in a game, in {found[s]:>2}/{len(games)} games: {s[:90]!r}" for s in ranked]


def line(name: str, m: dict) -> str:
    return (f"{name:<22} repeated {m['repeated']:6.1%}   stock {m['stock']:6.1%}   max {m['max']:>3}"
            f"   ({m['sentences']} sentences; most repeated: {m['worst'][:60]!r})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("stories", nargs="*", help="story or story/episode (default: all)")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--worst", type=int, default=0, metavar="N",
                        help="also list the N sentences that cost the most per episode")
    args = parser.parse_args()
    wanted = [split_name(s) for s in args.stories] or [(s, None) for s in story_ids()]
    for sid, only in wanted:
        story = load(sid)
        every: list[list[str]] = []
        for ep in story.episodes:
            if only is not None and ep["id"] != only:
                continue
            known: set[str] = set()
            games = []
            for n in range(args.games):
                text, known = read_game(story, ep["id"], args.seed + n, known)
                games.append(text)
            every += games
            print(line(f"{sid}/{ep['id']}", measure(games)))
            for row in worst(games, args.worst):
                print(row)
        print(line(f"{sid} (all)", measure(every)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
