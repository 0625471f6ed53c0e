"""Which files make up a Fatima Unveiling Game story, handed to `Content.from_files`.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.fatima.content import Content
from engine.storyfiles import reader


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    named = reader(folder, prefix, read)

    ids = [e["id"] for e in episodes]
    return Content.from_files(ids, named("cards.toml"), [named("endings", f"{e}.toml") for e in ids])
