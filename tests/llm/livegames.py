"""Seeded games scripted for the live tests, the cassettes and the bench: the first seat's
moves chosen by a seeded bot, so the same game can be played with and without a model.
"""
from __future__ import annotations

import tempfile
from pathlib import Path

from narrator import bots
from narrator.library import load
from narrator.session import Session

STORIES = ("fumie", "applerulette", "fatima", "funnytime")


def seats(story) -> dict[str, str]:
    every = story.seats_for({})
    return {s: "human" if i == 0 else "bot:random" for i, s in enumerate(every)}


def moves(story_id: str, seed: int, limit: int) -> list[str]:
    """The first seat's first `limit` moves in a seeded game against random bots."""
    story = load(story_id)
    table = seats(story)
    with tempfile.TemporaryDirectory() as tmp:
        session = Session.new(story, story.episodes[0]["id"], seed, table, Path(tmp) / "dry.toml", None,
                              autosave=False)
        players = {s: bots.make(who.split(":", 1)[1], story, s, seed) for s, who in table.items() if who != "human"}
        me = next(s for s, who in table.items() if who == "human")
        mine = bots.make("random", story, me, seed + 1)
        lines: list[str] = []
        while session.ending() is None and len(lines) < limit:
            seat = session.to_act()[0]
            action = (mine if seat == me else players[seat]).choose(session.view(seat))
            if seat == me:
                lines.append(action)
            session.act(seat, action)
        return lines
