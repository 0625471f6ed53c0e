"""engine.storyfiles (validation naming the file, the key and the fix), engine.events
(who may be told), and engine.endings (which page a game reaches, as data)."""
from __future__ import annotations

import copy
from pathlib import PurePosixPath

import pytest

from engine import endings
from engine.errors import StoryError
from engine.events import Event, private, public
from engine.storyfiles import EndingBook, FORMAT_VERSION, reader, validated

PAGE = {"id": "home", "title": "Home", "tone": "good", "condition": "c", "text": "t"}
BOOK = {"format_version": FORMAT_VERSION, "episode": "tale", "ending": [
    dict(PAGE, id="feast_won", at="feast", **{"if": ["alive", "not poisoned"]}, winners="light"),
    dict(PAGE, id="feast_lost", at="feast"),
    dict(PAGE, id="stopped", at="stopped"),
]}
MOMENTS = {"feast": ("alive", "poisoned"), "stopped": ()}


def book(data=None) -> EndingBook:
    return validated(EndingBook, copy.deepcopy(data or BOOK), "endings/tale.toml")


# --------------------------------------------------------------------- validation
def test_a_file_of_another_format_version_is_refused_first():
    with pytest.raises(StoryError, match=r"endings/tale.toml: format_version: is 7, .* reads format_version = 1"):
        validated(EndingBook, dict(BOOK, format_version=7), "endings/tale.toml")


def test_an_error_names_the_key_and_counts_the_others():
    bad = copy.deepcopy(BOOK)
    bad["ending"][0]["tone"] = "sad"
    bad["ending"][1]["colour"] = "red"
    with pytest.raises(StoryError) as err:
        validated(EndingBook, bad, "endings/tale.toml")
    # A page is named by its id; an unknown key (the likeliest typo) is told first.
    assert err.value.file == "endings/tale.toml" and err.value.key == "ending.feast_lost.colour"
    assert err.value.problem == "unknown key 'colour' (and 1 more problems)"


def test_a_typo_of_a_key_is_an_error():
    with pytest.raises(StoryError, match="ending.home.titel: unknown key 'titel'; did you mean 'title'"):
        validated(EndingBook, dict(BOOK, ending=[dict(PAGE, titel="x")]), "endings/tale.toml")


def test_reader_names_files_for_messages_and_hands_the_reading_to_its_caller():
    seen = []
    named = reader(PurePosixPath("/box/fumie"), "stories/fumie",
                   lambda path, name: seen.append((str(path), name)) or {"read": name})
    assert named("endings", "basic.toml") == ("stories/fumie/endings/basic.toml",
                                              {"read": "stories/fumie/endings/basic.toml"})
    assert seen == [("/box/fumie/endings/basic.toml", "stories/fumie/endings/basic.toml")]


# --------------------------------------------------------------------- events
def test_public_events_are_told_to_everyone_private_ones_to_their_seats():
    e, p = public("turn", seat="a"), private("draw_seen", ("a",), card="x")
    assert e.visible_to("a") and e.visible_to("b") and e.visible_to(None)
    assert p.visible_to("a") and not p.visible_to("b") and not p.visible_to(None)
    assert p == Event("draw_seen", {"card": "x"}, frozenset({"a"}))


# --------------------------------------------------------------------- endings
def test_the_first_page_whose_facts_hold_is_reached():
    b = book()
    assert endings.reach(b, "feast", {"alive": True, "poisoned": False}).id == "feast_won"
    assert endings.reach(b, "feast", {"alive": True, "poisoned": True}).id == "feast_lost"
    assert endings.reach(b, "stopped", {}).id == "stopped"
    endings.check("endings/tale.toml", b, MOMENTS, ("light", "dark"))


def test_a_case_without_a_page_is_named():
    bad = copy.deepcopy(BOOK)
    del bad["ending"][1]
    with pytest.raises(StoryError, match="no page is reached at 'feast' when: not alive, not poisoned"):
        endings.check("endings/tale.toml", book(bad), MOMENTS, ("light",))


@pytest.mark.parametrize("page,key,words", [
    ({"at": "dawn"}, "ending.0.at", "'dawn' is not a moment of this game; use one of: feast, stopped"),
    ({"if": ["brave"]}, "ending.0.if", "'brave': at 'feast' the facts are: alive, poisoned"),
    ({"winners": "grey"}, "ending.0.winners", "'grey': winners are one of: light"),
    ({"at": None}, "ending.0.at", "says no moment"),
])
def test_a_page_the_game_cannot_reach_is_refused(page, key, words):
    bad = copy.deepcopy(BOOK)
    bad["ending"][0].update(page)
    if page.get("at", "") is None:
        del bad["ending"][0]["at"]
    with pytest.raises(StoryError) as err:
        endings.check("endings/tale.toml", book(bad), MOMENTS, ("light",))
    assert err.value.key == key and words in err.value.problem
