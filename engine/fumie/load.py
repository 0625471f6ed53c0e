"""Which files make up a For Fumie story, handed to `Content.from_files` for validation.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.fumie.content import Content


def load(folder, prefix: str, episodes: list[str], read: Callable) -> Content:
    def named(*parts: str):
        name = "/".join((prefix, *parts))
        path = folder
        for p in parts:
            path = path / p
        return name, read(path, name)

    return Content.from_files(
        episodes, named("cards.toml"), named("sheets.toml"),
        [named("endings", f"{e}.toml") for e in episodes],
    )
