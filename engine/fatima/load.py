"""Which files make up a Fatima Unveiling Game story, handed to `Content.from_files`.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.fatima.content import Content


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    def named(*parts: str):
        name = "/".join((prefix, *parts))
        path = folder
        for p in parts:
            path = path / p
        return name, read(path, name)

    ids = [e["id"] for e in episodes]
    return Content.from_files(ids, named("cards.toml"), [named("endings", f"{e}.toml") for e in ids])
