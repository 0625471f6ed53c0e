"""The cyclic garbage collector while games are played in bulk (explore).

Why: a game makes and drops objects by the hundred thousand (events, actions, views),
nearly all freed the moment nothing refers to them. Python's cyclic collector still walks
them, and its older generations walk the whole loaded story (its content, compiled
templates, the bots' tables) again and again: 4-15 % of an explore's time, measured with
`gc.callbacks` (bench/README.md). While games run in bulk, what was loaded before them is
set aside (`gc.freeze`): it is never garbage while the story is in use, so no collection
needs to walk it. The collector's pace is left as it is: collecting the young less often
was quicker still, but raised a long explore's peak memory by a tenth (3.6 MiB of 31 over
3,000 games of the slowest story, whether the young or the middle generation was
collected less often).
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator


@contextmanager
def loaded_set_aside() -> Iterator[None]:
    """Within: every object made before is frozen out of collections. After: unfrozen,
    unless something had frozen objects before (what it froze stays frozen)."""
    frozen = gc.get_freeze_count()
    gc.freeze()
    try:
        yield
    finally:
        if not frozen:
            gc.unfreeze()
