"""Which files make up a For Fumie story, handed to `Content.from_files` for validation.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.fumie.content import Content


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    def named(*parts: str):
        name = "/".join((prefix, *parts))
        path = folder
        for p in parts:
            path = path / p
        return name, read(path, name)

    ids = [e["id"] for e in episodes]
    return Content.from_files(
        ids, named("cards.toml"), named("sheets.toml"),
        [named("endings", f"{e}.toml") for e in ids],
        culprit=frozenset(e["id"] for e in episodes if e.get("culprit")),
    )
