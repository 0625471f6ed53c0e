"""A broken story file does not load, and the error names the file, the key and the fix."""
from __future__ import annotations

import copy
import tomllib
from importlib.resources import files

import pytest

from engine.errors import StoryError
from engine.fumie.content import Content

FOLDER = files("stories") / "fumie"


def _data(name: str) -> dict:
    return tomllib.loads((FOLDER / name).read_text(encoding="utf-8"))


CARDS, SHEETS, BOOK = _data("cards.toml"), _data("sheets.toml"), _data("endings/basic.toml")
STORY = _data("story.toml")
OTHER_BOOKS = [(f"endings/{e}.toml", _data(f"endings/{e}.toml")) for e in ("murder", "tadokoro")]


def build(cards=None, sheets=None, book=None, story=None) -> Content:
    return Content.from_files(
        ("story.toml", story or STORY), ["basic", "murder", "tadokoro"], ("cards.toml", cards or CARDS), ("sheets.toml", sheets or SHEETS),
        [("endings/basic.toml", book or BOOK), *OTHER_BOOKS], culprit=frozenset({"murder"}),
    )


def card(data: dict, card_id: str) -> dict:
    return next(c for c in data["card"] if c["id"] == card_id)


def test_the_shipped_story_loads():
    content = build()
    assert len(content.cards) == 43
    assert {p.id for p in content.books["basic"].ending} >= {"true", "stopped"}


def broken(change) -> StoryError:
    cards, sheets, book = copy.deepcopy(CARDS), copy.deepcopy(SHEETS), copy.deepcopy(BOOK)
    change(cards, sheets, book)
    with pytest.raises(StoryError) as err:
        build(cards, sheets, book)
    return err.value


def test_format_version_is_checked_first():
    err = broken(lambda c, s, b: c.update(format_version=7))
    assert (err.file, err.key) == ("cards.toml", "format_version")
    assert "format_version = 1" in err.problem


def test_an_unknown_operation_is_named_with_the_known_ones():
    err = broken(lambda c, s, b: card(c, "ball")["effect"].append({"op": "teleport"}))
    assert err.file == "cards.toml" and "card.ball.effect" in err.key
    assert "unknown operation 'teleport'" in err.problem and "show_hand" in err.problem


def test_an_operation_missing_a_field_says_which():
    err = broken(lambda c, s, b: card(c, "ryosuke")["effect"][0].pop("who"))
    assert "needs 'who'" in err.problem


def test_an_operation_given_a_foreign_field_says_so():
    err = broken(lambda c, s, b: card(c, "bicycle")["effect"][0].update(count=2))
    assert "takes no 'count'" in err.problem


def test_a_condition_naming_an_unknown_card():
    err = broken(lambda c, s, b: card(c, "kanako")["end"][0].update({"if": {"face_up": "shidaraa"}}))
    assert err.key == "card.kanako" and "unknown card 'shidaraa'" in err.problem


def test_a_condition_with_two_tests_is_refused():
    err = broken(lambda c, s, b: card(c, "kanako")["end"][0].update({"if": {"face_up": "a", "removed": "b"}}))
    assert "exactly one of" in err.problem


def test_an_ending_not_in_the_book():
    err = broken(lambda c, s, b: card(c, "masahiro")["end"][0].update(ending="happily_ever_after"))
    assert "'happily_ever_after' is not in the 'basic' ending book" in err.problem


def test_an_episode_needs_twelve_cards_of_each_colour():
    err = broken(lambda c, s, b: c["card"].remove(card(c, "ball")))
    assert "11 blue cards" in err.problem and "exactly 12" in err.problem


def test_the_book_needs_the_stopped_page():
    err = broken(lambda c, s, b: b.update(ending=[e for e in b["ending"] if e["id"] != "stopped"]))
    assert err.file == "endings/basic.toml" and "'stopped'" in err.problem


def test_a_sheet_end_leading_nowhere():
    def change(c, s, b):
        s["sheet"][0]["end"][0]["ending"] = "nowhere"
    err = broken(change)
    assert err.file == "sheets.toml" and "'nowhere' is not in the ending book" in err.problem


def test_a_card_id_used_twice():
    def change(c, s, b):
        card(c, "ball")["id"] = "umbrella"
    err = broken(change)
    assert "'umbrella' is used twice" in err.problem


def test_the_seats_come_from_story_toml():
    content = build()
    assert content.seats == tuple(STORY["seats"]) and content.other(content.seats[0]) == content.seats[1]
    bad = copy.deepcopy(STORY)
    bad["draws"] = {s: "red" for s in STORY["seats"]}
    with pytest.raises(StoryError, match="draws.*own card set"):
        build(story=bad)
    bad = copy.deepcopy(STORY)
    bad["culprit_keeper"] = "nobody"
    with pytest.raises(StoryError, match="culprit_keeper.*one of the seats"):
        build(story=bad)
    bad = copy.deepcopy(SHEETS)
    bad["sheet"][0]["seat"] = "kondo"
    with pytest.raises(StoryError, match="sheet.0.seat: 'kondo' is not a seat of the story"):
        build(sheets=bad)
