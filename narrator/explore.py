"""Explore: bots play many games of a story and count the endings they reach.

It is how the project proves every ending reachable and balances the stories. What the
family carries from game to game (card knowledge, a culprit that serves three games)
builds up across the explored games as it would for a player collecting endings over
many runs (it starts empty and never touches the real profile).

The work is split into shards: a shard is a plain description (story id, episode,
table, bot, a range of game seeds) and `run_shard` turns it into a `Tally` that merges
with the others by addition. So the same function runs in this process, in a pool of
processes (`--jobs`), or on any executor that can call a function on a pickled
argument. What is carried between games stays inside its shard: each shard starts
knowing nothing, as a separate player collecting endings would.
"""
from __future__ import annotations

import hashlib
import os
import time
import zlib
from collections import Counter
from dataclasses import dataclass, field

from engine.events import told
from engine.legality import Choices
from engine.storyfiles import STOPPED
from narrator import bots, families
from narrator.bots import Glance
from narrator.collector import collected_every, loaded_set_aside
from narrator.library import Story


@dataclass(frozen=True)
class Shard:
    """`games` games of one story at one table, their seeds `first`, `first + step`, ..."""
    story: str
    episode: str
    table: tuple[tuple[str, object], ...]
    bot: str
    first: int
    games: int
    step: int = 1


@dataclass
class Tally:
    """What shards add up to: the endings, games and actions played, and CPU time."""
    games: int = 0
    actions: int = 0
    cpu_seconds: float = 0.0
    endings: Counter = field(default_factory=Counter)

    def __iadd__(self, other: Tally) -> Tally:
        self.games += other.games
        self.actions += other.actions
        self.cpu_seconds += other.cpu_seconds
        self.endings.update(other.endings)
        return self


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
    cpu_seconds: float = 0.0
    jobs: int = 1

    @property
    def unreached(self) -> list[str]:
        return [e for e in self.every if not self.endings[e]]

    def rate(self, ending: str) -> float:
        return self.endings[ending] / self.games if self.games else 0.0

    def merge(self, tally: Tally) -> None:
        self.games += tally.games
        self.actions += tally.actions
        self.cpu_seconds += tally.cpu_seconds
        self.endings.update(tally.endings)

    def to_json(self) -> dict:
        return {
            "story": self.story, "episode": self.episode, "bot": self.bot, "jobs": self.jobs,
            "games": self.games, "actions": self.actions, "seconds": round(self.seconds, 3),
            "cpu_seconds": round(self.cpu_seconds, 3),
            "games_per_second": round(self.games / self.seconds, 1) if self.seconds else None,
            "actions_per_second": round(self.actions / self.seconds, 1) if self.seconds else None,
            "endings": {e: self.endings[e] for e in self.every},
            "unreached": self.unreached,
        }


def bot_for(bot: str, seed: int, seat: str) -> str:
    """`mixed` seats a partner or a random player at each seat, by the game's seed: a
    careful player beside a careless one finds the pages neither finds alone."""
    if bot != "mixed":
        return bot
    # A hash whose every bit depends on every input bit: CRC-32 is linear, so over seeds
    # its low bit differed between two seats of names as long by a constant, and a two-seat
    # table was never a partner against a random player, nor five seats more than two mixes.
    mixing = hashlib.blake2b(f"{seed}:{seat}".encode(), digest_size=4).digest()
    return bots.NAMES[int.from_bytes(mixing, "big") % len(bots.NAMES)]


def play_games(story: Story, shard: Shard, progress=None):
    """Play the shard's games in order, yielding (ending id, actions) after each one."""
    g = story.family
    kept: dict = {}
    for game_seed in range(shard.first, shard.first + shard.games * shard.step, shard.step):
        options = _options(story, shard, kept)
        state, ended, moves = play(story, game_seed, options, shard.bot, game_seed)
        if g.carried is not None:
            kept = g.carried.keep(story.content, shard.episode, kept, state.log) or kept
        if progress is not None:
            progress(1)
        yield ended.id, len(moves)


def _options(story: Story, shard: Shard, kept: dict) -> dict:
    """A game's options: the shard's table and episode, and what the games before carried."""
    options = {**dict(shard.table), "episode": shard.episode}
    g = story.family
    if g.carried is not None:
        options.update(g.carried.options(story.content, shard.episode, kept))
    return options


def play(story: Story, game_seed: int, options: dict, bot: str, bot_seed: int, begun=()):
    """One game dealt from `game_seed`: the moves `begun` replayed, then bots seeded from
    `bot_seed` play it out. The final state, its ending, and the moves the bots chose."""
    g = story.family
    seats = story.seats_for(options)
    state = g.new_game(story.content, seats, game_seed, options)
    for action in begun:
        g.apply(state, g.to_act(state)[0], action)
    # A bot may take a seat mid-game, as from a save: it reads the seat's story so far.
    players = {seat: bots.make(bot_for(bot, bot_seed, seat), story, seat, bot_seed) for seat in seats}
    clock: dict = {}
    moves = []
    offered = g.choices or (lambda state, seat: Choices(g.legal_actions(state, seat)))
    glance = families.of(story).glance
    random_seats = {seat for seat, player in players.items() if isinstance(player, bots.RandomBot)}
    # The family's functions read once for the game, not at every move: explore's own
    # loop is a tenth of a move in the quicker stories.
    ending, to_act, apply, view = g.ending, g.to_act, g.apply, g.view
    while (ended := ending(state)) is None:
        seat = to_act(state)[0]
        legal = offered(state, seat)
        # A random player reads no more than the legal actions and the seat's clock, and a
        # partner whose rule answers from the legal actions alone reads only them: the
        # family's whole view (each as dear as a move of the rules) would be built for
        # nothing. A random player's choices are not even written: it draws a verb and
        # one of its actions, and only that one need be made (`Choices.by_verb`).
        if seat in random_seats:
            text = players[seat].choose(Glance.of(seat, seats, legal, told(state.log, seat, clock)))
        elif glance is None or (text := glance(legal.texts)) is None:
            text = players[seat].choose(view(state, seat))
        # (a view's legal texts are the choices' own: engine.contract.View, test_contract)
        # The rules' own value for the text chosen, so their check finds the very value
        # they offered without comparing any; parsed otherwise.
        action = legal.taken(text)
        if action is None:
            action = g.parse(text)
        apply(state, seat, action)
        moves.append(action)
    return state, ended, moves


BRANCHES = 7   # a hunt plays each dealt game, then this many games branching from its moves


def hunt_games(story: Story, shard: Shard):
    """The games of a hunt for every ending: each game the shard's seeds deal, then
    BRANCHES games that replay its first moves (how many, drawn from its seed) and let
    other players (bots seeded afresh, a partner where a random player sat, or the other
    way) play on from there. A rare ending is often a few moves from a game that missed
    it, and a branch skips the choosing of the moves it replays. Yields (ending id,
    actions chosen) after each game, branches included: the shard's `games` in all, the
    same for the same shard."""
    g = story.family
    kept: dict = {}
    dealt = -(-shard.games // (BRANCHES + 1))
    left = shard.games
    for game_seed in range(shard.first, shard.first + dealt * shard.step, shard.step):
        options = _options(story, shard, kept)
        state, ended, moves = play(story, game_seed, options, shard.bot, game_seed)
        logs = [state.log]
        yield ended.id, len(moves)
        for branch in range(1, min(BRANCHES + 1, left)):
            at = zlib.crc32(f"at {game_seed}:{branch}".encode()) % max(1, len(moves))
            bot_seed = zlib.crc32(f"players {game_seed}:{branch}".encode())
            state, ended, more = play(story, game_seed, options, shard.bot, bot_seed, moves[:at])
            logs.append(state.log)
            yield ended.id, len(more)
        left -= BRANCHES + 1
        if g.carried is not None:
            for log in logs:
                kept = g.carried.keep(story.content, shard.episode, kept, log) or kept


def run_shard(shard: Shard, story: Story | None = None, progress=None) -> Tally:
    """Play one shard and count it. A plain function of a picklable argument, so any
    executor can run it; the story is loaded (once per process) from its id."""
    if story is None:
        from narrator.library import load

        story = load(shard.story)
    tally = Tally()
    start = time.process_time()
    with loaded_set_aside():
        for ending, actions in collected_every(play_games(story, shard, progress)):
            tally.endings[ending] += 1
            tally.actions += actions
            tally.games += 1
    tally.cpu_seconds = time.process_time() - start
    return tally


def shards(story: Story, episode: str, games: int, seed: int, bot: str,
           table: dict | None, jobs: int) -> list[Shard]:
    """Split the games into `jobs` shards of consecutive seeds from `seed`: the split is
    a function of (games, seed, jobs) alone, so a run repeats for the same --seed and
    --jobs, and one job plays exactly the games of the single-process explore."""
    jobs = max(1, min(jobs, games))
    items = tuple(sorted((table or {}).items()))
    out, first = [], seed
    for i in range(jobs):
        n = games // jobs + (1 if i < games % jobs else 0)
        out.append(Shard(story.id, episode, items, bot, first, n))
        first += n
    return out


def default_jobs() -> int:
    return os.cpu_count() or 1


def explore(story: Story, episode: str, games: int, seed: int, bot: str,
            progress=None, table: dict | None = None, jobs: int = 1,
            executor: str = "processes", scheduler: str | None = None) -> Report:
    """Play `games` games from `seed` in `jobs` shards on `executor` (see
    narrator.executors); one shard on `processes` plays right here."""
    every = awaited(story, episode)
    parts = shards(story, episode, games, seed, bot, table, jobs)
    report = Report(story.id, episode, bot, every=every, jobs=len(parts))
    start = time.perf_counter()
    if len(parts) == 1 and executor == "processes":
        report.merge(run_shard(parts[0], story, progress))
    else:
        from narrator import executors

        # counts add up the same in any order: merge each shard as it finishes
        for tally in executors.get(executor)(parts, progress, scheduler=scheduler):
            report.merge(tally)
    report.seconds = time.perf_counter() - start
    return report


def by_stopping(story: Story, episode: str) -> tuple[str, ...]:
    """The ending pages only a seat's `stop` reaches (no bot stops)."""
    stopping = story.family.stopping
    return tuple(stopping(story.content, episode)) if stopping is not None else (STOPPED,)


def awaited(story: Story, episode: str) -> tuple[str, ...]:
    """The ending pages the bots' games can reach: every page but those of a `stop`."""
    stopped = set(by_stopping(story, episode))
    return tuple(p.id for p in story.content.books[episode].ending if p.id not in stopped)


def not_possible(story: Story, episode: str, table: dict | None = None) -> tuple[str, ...]:
    """The ending pages this table can never reach, read from the ending book: a page is
    out of reach when a fact it needs is one the family says cannot hold at this table."""
    facts = story.family.impossible
    if facts is None:
        return ()
    never = facts(story.content, {**(table or {}), "episode": episode})
    stopped = set(by_stopping(story, episode))
    return tuple(p.id for p in story.content.books[episode].ending
                 if p.id not in stopped and any(f in never for f in p.if_))


def until_all(story: Story, episode: str, cap: int, seed: int, bot: str,
              table: dict | None = None, jobs: int = 1) -> tuple[Report, int | None]:
    """Play games from `seed` until every ending this table allows has been reached (or
    `cap` games): the report of the games it took, and their number (None at the cap).

    Each shard hunts (`hunt_games`): a game dealt from a seed, then its branches. With
    `jobs` > 1 the games are dealt round the shards like cards, the `k`-th game of shard
    `i` being game `k * jobs + i`, shard `i` dealing from seeds `seed + i`, `seed + i +
    jobs`, ... and carrying its own knowledge from game to game. The count is the first
    `n` by which games 0 .. `n - 1` have shown every ending, the same however fast each
    shard ran: a shard stops once its next game comes after a game that completed the
    set, as far as all the shards have seen."""
    impossible = set(not_possible(story, episode, table))
    every = awaited(story, episode)
    wanted = tuple(e for e in every if e not in impossible)
    jobs = max(1, min(jobs, cap))
    items = tuple(sorted((table or {}).items()))
    hunts = [Shard(story.id, episode, items, bot, seed + i, len(range(i, cap, jobs)), jobs)
             for i in range(jobs)]
    report = Report(story.id, episode, bot, every=wanted, jobs=jobs)
    start = time.perf_counter()
    if jobs == 1:
        runs = [hunt(story, hunts[0], wanted)]
    else:
        from narrator import executors

        runs = executors.hunt_in_processes(hunts, wanted)
    took = first_all([ends for ends, _, _ in runs], wanted)
    counted = took if took is not None else cap
    for i, (ends, actions, cpu) in enumerate(runs):
        mine = len(range(i, counted, jobs))         # this shard's games among those counted
        report.endings.update(ends[:mine])
        report.actions += sum(actions[:mine])
        report.cpu_seconds += cpu
    report.games = counted
    report.seconds = time.perf_counter() - start
    return report, took


def hunt(story: Story, shard: Shard, wanted: tuple[str, ...], enough=None):
    """Play a shard's games until it has seen every wanted ending, or until `enough(ending,
    games played)` says the shards together have: (endings, actions, CPU seconds)."""
    ends: list[str] = []
    actions: list[int] = []
    missing = set(wanted)
    start = time.process_time()
    with loaded_set_aside():
        for ending, played in collected_every(hunt_games(story, shard)):
            ends.append(ending)
            actions.append(played)
            missing.discard(ending)
            if (enough(ending, len(ends)) if enough is not None else not missing):
                break
    return ends, actions, time.process_time() - start


def first_all(runs: list[list[str]], wanted: tuple[str, ...]) -> int | None:
    """How many games of the dealt order (game n is game n // jobs of shard n % jobs) it
    takes to see every wanted ending, from the shards' endings; None if they never do."""
    jobs = len(runs)
    first: dict[str, int] = {}
    for i, ends in enumerate(runs):
        for k, ending in enumerate(ends):
            n = k * jobs + i
            if ending in wanted and n < first.get(ending, n + 1):
                first[ending] = n
    if len(first) < len(wanted):
        return None
    return max(first.values(), default=-1) + 1
