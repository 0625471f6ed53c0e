"""The cyclic garbage collector's pace while games are played in bulk (explore).

Why: a game makes and drops objects by the hundred thousand (events, actions, views),
nearly all freed the moment nothing refers to them. Python's cyclic collector still
walks the young objects every 700 net allocations, and its older generations walk the
whole loaded story (its content, compiled templates) again and again: 4-15 % of an
explore's time, measured with `gc.callbacks` (bench/README.md). While games run in bulk
the objects already loaded are set aside (`gc.freeze`: they are never garbage while the
story is in use) and the young generation is collected less often. Reference cycles are
still found, only later: what they hold up is bounded by the threshold.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

# Net allocations of tracked objects between collections of the young generation
# (Python's default is 700). A game of explore nets a few thousand at most, as it frees
# what it made, so collections become rare, and each finds few survivors to walk.
YOUNG = 20_000


@contextmanager
def paced_for_bulk() -> Iterator[None]:
    """Within: what was loaded before is frozen out of collections and the young
    generation collected every YOUNG net allocations. After: the collector as it was."""
    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    gc.freeze()
    gc.set_threshold(YOUNG, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)
        if not frozen:        # what another froze before stays frozen
            gc.unfreeze()
