"""What each request holds, in every story: the story's own part (the same for every seed
and every deal, so it can hold no game's secret), then nothing but prose the offline
narrator told this reader. That prose is the reader's own (the narration tests check it
hides every other seat's secrets), so no request can carry another seat's secret."""
from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

from narrator import bots
from narrator.library import load
from narrator.llm import prompt
from narrator.llm.config import LLMConfig
from narrator.llm.telling import LLMTelling
from narrator.narration import Narrator, tell_game
from narrator.repl import PlainReader, Table
from narrator.session import Session

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "llm"))
from livegames import STORIES, moves, seats  # noqa: E402

SEEDS = (1, 2)


class Recorder:
    def __init__(self):
        self.calls: list[list[dict]] = []

    def stream(self, messages, options=None):
        self.calls.append(messages)
        yield "The evening comes on slowly, as it does."


@pytest.mark.parametrize("story_id", STORIES)
def test_every_request_holds_only_the_story_and_the_readers_own_prose(story_id, tmp_path):
    story = load(story_id)
    episode = story.episodes[0]["id"]
    systems = set()
    for seed in SEEDS:
        table = seats(story)
        lines = moves(story_id, seed, 12)
        session = Session.new(story, episode, seed, table, tmp_path / f"{seed}.toml", None)
        me = next(s for s, who in table.items() if who == "human")
        recorder = Recorder()
        llm = LLMTelling(story, episode, recorder, LLMConfig(url="http://x/v1"), lambda text: None)
        out = io.StringIO()
        players = {s: bots.make("random", story, s, seed) for s in table if s != me}
        t = Table(session, (me,), players, PlainReader(io.StringIO("\n".join(lines) + "\nquit\n"), out),
                  out=out, llm=llm)
        t.run()
        # Told move by move, as the table told it (a move's bookkeeping folds into its own line).
        told = set(tell_game(Narrator(story, seed, set(), episode), session.log, session.marks, me))
        system = prompt.system_text(story, episode, session.seats)
        systems.add(system)
        assert len(recorder.calls) >= 2
        for sys_message, user in recorder.calls:
            assert sys_message["content"] == system
            body = user["content"]
            for passage in sorted(told, key=len, reverse=True):
                body = body.replace(passage, "")
            rest = [p.strip() for p in body.split("\n\n") if p.strip()]
            assert all(p in ("Earlier:", "Just now:") or p.startswith("Now write") for p in rest), rest
    assert len(systems) == 1          # the same for every seed: no deal reaches it
