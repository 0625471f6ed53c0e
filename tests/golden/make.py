"""Write the golden saves again: `python3 -m tests.golden.make` (from the checkout).

Only when a rules change is meant to alter old games: the test then shows which saves
changed, and this rewrites them and their pinned digests. One save per story, episode
and table size; each a seeded random game played to its end.
"""
from __future__ import annotations

import hashlib
import random
import zlib
from pathlib import Path

from narrator import tomlfile
from narrator.library import load, story_ids
from narrator.saves import Save
from tests.test_contract import log_bytes, tables

HERE = Path(__file__).resolve().parent


def slot(story_id: str, episode: str, options: dict) -> str:
    words = "-".join(f"{k}{v}" for k, v in sorted(options.items()))
    return "-".join(w for w in (story_id, episode, words) if w)


def game(story, episode: str, options: dict, seed: int):
    family = story.family
    opts = {**options, "episode": episode}
    seats = story.seats_for(opts)
    state = family.new_game(story.content, seats, seed, opts)
    rng = random.Random(seed)
    played = []
    while family.ending(state) is None:
        (seat,) = family.to_act(state)
        action = rng.choice([a for a in family.legal_actions(state, seat) if a.verb != "stop"])
        family.apply(state, seat, action)
        played.append((seat, str(action)))
    return seats, state, played


def main() -> None:
    pinned = {}
    for story_id in story_ids():
        story = load(story_id)
        for episode, options in tables(story):
            name = slot(story_id, episode, options)
            seed = zlib.crc32(name.encode()) % 10_000
            seats, state, played = game(story, episode, options, seed)
            save = Save(HERE / f"{name}.toml", story_id, episode, seed, {s: "bot:random" for s in seats},
                        dict(options), played, ended=state.ended.id)
            save.write()
            pinned[name] = {"ending": state.ended.id, "events": len(state.log),
                            "sha256": hashlib.sha256(log_bytes(state.log)).hexdigest()}
    tomlfile.write(HERE / "pinned.toml", {"format_version": 1, "save": pinned})
    print(f"wrote {len(pinned)} golden saves and tests/golden/pinned.toml")


if __name__ == "__main__":
    main()
