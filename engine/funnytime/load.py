"""Which files make up a FunnyTime story, handed to `Content.from_files` for validation.

The caller reads the files (the engine does no I/O of its own); this module only knows
their names: story.toml (the seats and their starter decks), cards.toml, table.toml,
decks/*.toml and endings/duel.toml.
"""
from __future__ import annotations

from typing import Callable

from engine.errors import StoryError
from engine.funnytime.content import EPISODE, Content
from engine.storyfiles import reader


def load(folder, prefix: str, episodes: list[dict], read: Callable) -> Content:
    named = reader(folder, prefix, read)

    if [e.get("id") for e in episodes] != [EPISODE]:
        raise StoryError(f"{prefix}/story.toml", "episode", f"FunnyTime has one episode, {EPISODE!r}")
    story = named("story.toml")[1]
    seats = tuple(story.get("seats", ()))
    decks = sorted(p.name for p in (folder / "decks").iterdir() if p.name.endswith(".toml"))
    content = Content.from_files(
        seats, named("cards.toml"), named("table.toml"),
        [named("decks", d) for d in decks], named("endings", f"{EPISODE}.toml"),
    )
    starter = story.get("starter", {})
    for seat in seats:
        if starter.get(seat) not in content.decks:
            raise StoryError(f"{prefix}/story.toml", f"starter.{seat}",
                             f"name the starter deck of {seat}: one of {', '.join(content.decks)}")
    content.starter = {seat: starter[seat] for seat in seats}
    return content
