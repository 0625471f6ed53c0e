"""Which files make up a Snow White Apple Roulette story, handed to `Content.from_files`
for validation.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names.
"""
from __future__ import annotations

from typing import Callable

from engine.applerulette.content import EPISODE, Content
from engine.errors import StoryError
from engine.storyfiles import reader


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    named = reader(folder, prefix, read)
    ids = [e.get("id") for e in episodes]
    if ids != [EPISODE]:
        raise StoryError(f"{prefix}/story.toml", "episode",
                         f"is {ids}; this story has one [[episode]] with id = {EPISODE!r}")
    return Content.from_files(named("cards.toml"), named("characters.toml"),
                              named("endings", f"{EPISODE}.toml"))
