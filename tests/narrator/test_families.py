"""The registry of game families: every story is played through its family's declaration
and the narrator's parts for it, and abilities are declared, not guessed."""
from __future__ import annotations

import copy
import dataclasses

import pytest
from click.testing import CliRunner

from engine.errors import BadOption, StoryError
from narrator import bots, families
from narrator.cli import main
from narrator.library import front_page, load, story_ids
from narrator.screens import for_story


def run(tmp_path, *args, input=None):
    return CliRunner().invoke(main, ["--saves", str(tmp_path), *map(str, args)], input=input)


@pytest.mark.parametrize("sid", story_ids())
def test_every_story_is_played_through_its_registry_entry(sid):
    story = load(sid)
    plugin = families.of(story)
    assert plugin.engine is story.family and plugin.engine.name == front_page(sid)["family"]
    seats = story.seats_for()
    assert set(seats) <= set(story.seats)
    state = story.family.new_game(story.content, seats, 1, {"episode": story.episodes[0]["id"]})
    seat = story.family.to_act(state)[0]
    view = story.view(state, seat)
    assert view.seat == seat and tuple(view.seats) == seats
    assert view.legal == tuple(map(str, story.family.legal_actions(state, seat)))
    # The thinking bot and the screen come from the registry, for this story.
    text = bots.make("partner", story, seat, 1).choose(view)
    assert str(story.family.parse(text)) == text and text in view.legal
    screen = for_story(story)
    assert screen.story is story and screen.decision(view, {s: story.seat_name(s) for s in seats})


def test_a_story_of_an_unknown_family_is_a_story_error(monkeypatch):
    from narrator import library

    info = dict(front_page("fatima"), family="chess")
    monkeypatch.setattr(library, "front_page", lambda sid: info)
    monkeypatch.setattr(library, "_loaded", {})
    with pytest.raises(StoryError) as err:
        library.load("fatima")
    assert err.value.key == "family" and "unknown game family 'chess'" in err.value.problem
    assert all(name in err.value.problem for name in families.FAMILIES)


def test_a_screen_draws_the_story_it_is_handed():
    """Two stories of one family (here: one with a card renamed) each show their own cards."""
    story = load("funnytime")
    state = story.family.new_game(story.content, story.seats, 3, {"episode": "duel"})
    seat = story.seats[0]
    card_id = next(c for c in state.sides[seat].hand if c in story.content.koma)
    content = copy.copy(story.content)
    renamed = dataclasses.replace(content.koma[card_id], name="The Other Edition's Card")
    content.koma = {**content.koma, card_id: renamed}
    content.cards = {**content.cards, card_id: renamed}
    other = dataclasses.replace(story, content=content)
    names = {s: story.seat_name(s) for s in story.seats}
    mine = for_story(story).show("hand", story.view(state, seat), names)
    theirs = for_story(other).show("hand", story.view(state, seat), names)
    assert story.content.koma[card_id].name in mine and "The Other Edition's Card" not in mine
    assert "The Other Edition's Card" in theirs


def test_only_a_family_that_declares_decks_takes_a_deck(tmp_path):
    assert load("funnytime").family.decks is not None and load("fumie").family.decks is None
    result = run(tmp_path, "play", "fumie", "--deck", "slapstick", input="")
    assert result.exit_code == 1 and "For Fumie is not played with decks of your own" in result.stderr
    # Every story shows its cards (issue 15), whether or not its players build decks.
    result = run(tmp_path, "cards", "fatima")
    assert result.exit_code == 0 and result.output.strip()


def test_a_deck_file_without_a_story_is_for_the_one_story_that_builds_decks(tmp_path):
    deck = tmp_path / "deck.toml"
    deck.write_text('format_version = 1\nname = "Mine"\n[cards]\nnot_a_card = 60\n')
    result = run(tmp_path, "deck", "check", deck)
    assert result.exit_code == 1 and "is not a legal deck" in result.stderr
    assert "not_a_card" in result.stderr


def test_table_options_a_family_does_not_take_are_refused_by_the_command_line(tmp_path):
    result = run(tmp_path, "play", "funnytime", "--players", "3", input="")
    assert result.exit_code == 1
    assert result.stderr == "Error: FunnyTime is always played by 2: --players and --mix do not apply\n"
    assert not list(tmp_path.glob("*.toml"))


def test_a_bad_deck_is_a_domain_error_the_command_line_explains(tmp_path):
    """The guard turns the project's own errors into messages; a DeckError is one (a
    BadOption), so a bug's ValueError would not pass for a user's mistake."""
    from engine.funnytime.deck import DeckError

    assert issubclass(DeckError, BadOption) and not issubclass(DeckError, ValueError)
    deck = tmp_path / "deck.toml"
    deck.write_text('format_version = 1\nstory = "funnytime"\nname = "Mine"\n[cards]\nnot_a_card = 60\n')
    result = run(tmp_path, "play", "funnytime", "--deck", deck, input="")
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: {deck} is not a legal deck: ")


def test_a_bug_is_not_dressed_as_a_users_mistake(tmp_path, monkeypatch):
    from narrator import session

    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(session.Session, "new", broken)
    result = run(tmp_path, "play", "fatima", input="")
    assert result.exit_code == 1 and isinstance(result.exception, ValueError)
    assert "Error: a bug" not in result.output


def test_each_family_is_filed_under_the_name_its_engine_declares():
    assert all(families.FAMILIES[name].engine.name == name for name in families.FAMILIES)


def test_a_story_loads_only_its_own_familys_rules():
    """Start-up pays for one family: loading a For Fumie story imports no other engine."""
    import subprocess
    import sys

    code = ("import sys; from narrator.library import load; load('fumie');"
            " print(sorted(m for m in sys.modules if m.count('.') == 1 and m.startswith('engine.')"
            " and m.split('.')[1] in ('fatima', 'funnytime', 'applerulette')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"
