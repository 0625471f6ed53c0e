"""The deadline came forward from the 20th 本 to the 16th. A duel saved before that
(save format 2 or older) plays on to the deadline it was played under."""
from __future__ import annotations

import tomllib

import tomli_w

from narrator import bots
from narrator.library import load
from narrator.session import Session

STORY = load("funnytime")
SEED = 55     # a partner duel that lasts into the 17th 本


def _long_duel() -> tuple[list[str], str]:
    """The partner duel from SEED played to the old deadline: its actions and ending."""
    g = STORY.family
    seats = STORY.seats_for({})
    state = g.new_game(STORY.content, seats, SEED, {"episode": "duel", "deadline": 20})
    players = {s: bots.make("partner", STORY, s, SEED) for s in seats}
    actions = []
    while g.ending(state) is None:
        seat = g.to_act(state)[0]
        text = players[seat].choose(g.view(state, seat))
        g.apply(state, seat, g.parse(text))
        actions.append(f"{seat}: {text}")
    assert state.number > STORY.content.table.deadline     # it did outlast today's deadline
    return actions, g.ending(state).id


def _save(path, actions: list[str], version: int) -> None:
    path.write_text(tomli_w.dumps({
        "format_version": version, "story": "funnytime", "episode": "duel", "seed": SEED,
        "seats": {"aki": "bot:partner", "ren": "bot:partner"}, "options": {}, "actions": actions,
    }), "utf-8")


def test_a_new_duel_has_the_tables_deadline():
    state = STORY.family.new_game(STORY.content, STORY.seats_for({}), 1, {"episode": "duel"})
    assert state.deadline == STORY.content.table.deadline == 16
    assert state.log[0].data["deadline"] == 16


def test_a_duel_saved_before_plays_to_the_20th_and_says_so_when_written(tmp_path):
    actions, ending = _long_duel()
    path = tmp_path / "old.toml"
    _save(path, actions, version=2)
    session = Session.resume(path, None, autosave=False)
    assert session.state.deadline == 20 and session.ending().id == ending
    session.write()
    data = tomllib.loads(path.read_text("utf-8"))
    assert data["options"]["deadline"] == 20 and data["format_version"] >= 3
    assert Session.resume(path, None, autosave=False).ending().id == ending


def test_the_same_duel_saved_today_meets_the_deadline_first(tmp_path):
    from narrator.tomlfile import BrokenFile

    actions, _ = _long_duel()
    path = tmp_path / "new.toml"
    _save(path, actions, version=3)
    try:
        session = Session.resume(path, None, autosave=False)
    except BrokenFile as err:      # the editors' verdict came before the last actions
        assert "cannot be replayed" in str(err)
    else:
        raise AssertionError(f"the duel replayed past the deadline to {session.ending().id}")


def test_a_deadline_that_is_no_本_is_refused():
    import pytest
    from engine.errors import BadOption

    for bad in (0, 100, "20", True):
        with pytest.raises(BadOption):
            STORY.family.new_game(STORY.content, STORY.seats_for({}), 1, {"episode": "duel", "deadline": bad})
