"""Explore: bots play many games of a story and count the endings they reach.

It is how the project proves every ending reachable and balances the stories. Card
knowledge builds up across the explored games as it would for a player collecting
endings over many runs (it starts empty and never touches the real profile).
"""
from __future__ import annotations

import time
import zlib
from collections import Counter
from dataclasses import dataclass, field

from engine.storyfiles import STOPPED
from narrator import bots
from narrator.library import Story


@dataclass
class Report:
    story: str
    episode: str
    bot: str
    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    endings: Counter = field(default_factory=Counter)
    every: tuple[str, ...] = ()

    @property
    def unreached(self) -> list[str]:
        return [e for e in self.every if not self.endings[e]]

    def rate(self, ending: str) -> float:
        return self.endings[ending] / self.games if self.games else 0.0

    def to_json(self) -> dict:
        return {
            "story": self.story, "episode": self.episode, "bot": self.bot,
            "games": self.games, "actions": self.actions, "seconds": round(self.seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "endings": {e: self.endings[e] for e in self.every},
            "unreached": self.unreached,
        }


def _pick(bot: str, seed: int, seat: str) -> str:
    """`mixed` seats a partner or a random player at each seat, by the game's seed: a
    careful player beside a careless one finds the pages neither finds alone."""
    if bot != "mixed":
        return bot
    return bots.NAMES[zlib.crc32(f"{seed}:{seat}".encode()) % len(bots.NAMES)]


def explore(story: Story, episode: str, games: int, seed: int, bot: str,
            progress=None, table: dict | None = None) -> Report:
    g, view = story.family, story.view
    every = tuple(p.id for p in story.content.books[episode].ending if p.id != STOPPED)
    report = Report(story.id, episode, bot, every=every)
    known: set[str] = set()
    start = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        options = {**(table or {}), "episode": episode, "known": known}
        seats = story.seats_for(options)
        state = g.new_game(story.content, seats, game_seed, options)
        players = {seat: bots.make(_pick(bot, game_seed, seat), story, seat, game_seed)
                   for seat in seats}
        while (ended := g.ending(state)) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse_action(players[seat].choose(view(state, seat))))
            report.actions += 1
        known |= getattr(state, "known", set())
        report.endings[ended.id] += 1
        report.games += 1
        if progress is not None:
            progress(1)
    report.seconds = time.perf_counter() - start
    return report
