"""Which files make up a For Fumie story, handed to `Content.from_files` for validation.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.fumie.content import Content
from engine.storyfiles import reader


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    named = reader(folder, prefix, read)
    ids = [e["id"] for e in episodes]
    return Content.from_files(
        named("story.toml"), ids, named("cards.toml"), named("sheets.toml"),
        [named("endings", f"{e}.toml") for e in ids],
        culprit=frozenset(e["id"] for e in episodes if e.get("culprit")),
    )
