"""Golden saves: one checked-in save per story, episode and table size, each replayed
through the narrator's own loading to a pinned digest of its event log and its ending.

A rules change that alters how an old save plays shows here. If the change is meant,
write the saves again (`python3 -m tests.golden.make`) and say so in the commit.
"""
from __future__ import annotations

import hashlib
import tomllib
from pathlib import Path

import pytest

from narrator.session import Session
from tests.test_contract import log_bytes

HERE = Path(__file__).resolve().parent / "golden"
PINNED = tomllib.loads((HERE / "pinned.toml").read_text("utf-8"))["save"]


def test_every_story_episode_and_table_has_a_golden_save():
    from narrator.library import load, story_ids
    from tests.golden.make import slot
    from tests.test_contract import tables

    wanted = {slot(s, episode, options) for s in story_ids() for episode, options in tables(load(s))}
    assert wanted == set(PINNED)
    assert {p.stem for p in HERE.glob("*.toml")} - {"pinned"} == wanted


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_golden_save_replays_to_its_pinned_log_and_ending(name):
    pinned = PINNED[name]
    session = Session.resume(HERE / f"{name}.toml", None, autosave=False)
    log = session.state.log
    assert session.ending() is not None and session.ending().id == pinned["ending"] == session.save.ended
    assert len(log) == pinned["events"]
    assert hashlib.sha256(log_bytes(log)).hexdigest() == pinned["sha256"], \
        f"{name} replays to another event log: the rules changed how an old game plays"
