"""The cyclic garbage collector while games are played in bulk (explore).

Why: a game makes and drops objects by the hundred thousand (events, actions, views),
nearly all freed the moment nothing refers to them. Python's cyclic collector still walks
them, and its older generations walk the whole loaded story (its content, compiled
templates, the bots' tables) again and again: 4-15 % of an explore's time, measured with
`gc.callbacks` (bench/README.md). While games run in bulk, what was loaded before them is
set aside (`gc.freeze`): it is never garbage while the story is in use, so no collection
needs to walk it.

And the young generation is collected when 20,000 more objects are alive than at its
last collection, not 700: a game's log and state often grow past 700 (by up to 3,000 in
the shipped stories' games), so the default pace collected several times a game and
walked every event for nothing, as games make no cycle (a test holds every shipped story
to it): what a game made is freed the moment nothing refers to it. The whole collector
runs every 100 games instead (`collected_every`): only a full collection empties the
lists of freed tuples Python keeps for reuse (up to 2,000 of each size), which the old
pace emptied every hundred-odd games and a long explore otherwise keeps full (the slowest
story's peak memory over 4,000 games: 34.8 MiB against 31.1 with either), and it frees
any cycle a story might make one day.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterable, Iterator, TypeVar

T = TypeVar("T")

YOUNG = 20_000    # objects alive beyond the last young collection that set off the next
GAMES = 100       # games between two whole collections


@contextmanager
def loaded_set_aside() -> Iterator[None]:
    """Within: every object made before is frozen out of collections, and the young
    generation is collected at YOUNG. After: unfrozen, unless something had frozen objects
    before (what it froze stays frozen), and the collector's pace as it was."""
    frozen = gc.get_freeze_count()
    pace = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(YOUNG, *pace[1:])
    try:
        yield
    finally:
        gc.set_threshold(*pace)
        if not frozen:
            gc.unfreeze()


def collected_every(games: Iterable[T], every: int = GAMES) -> Iterator[T]:
    """`games` as they come, the whole collector run after each `every`-th (within
    `loaded_set_aside`, it walks only what was made since)."""
    for played, game in enumerate(games, 1):
        yield game
        if played % every == 0:
            gc.collect()
