"""The story files of the Fatima Unveiling Game: what the box holds, and a clear load
error (file, key, fix) for every way a card file or ending book can be broken."""
from __future__ import annotations

import copy
import tomllib
from importlib.resources import files

import pytest

from engine.errors import StoryError
from engine.fatima.content import Content, Power, copies_at
from fatima_positions import CONTENT, STORY

CARDS = "stories/fatima/cards.toml"
BOOK = "stories/fatima/endings/chronicle.toml"


def data(name: str) -> dict:
    return tomllib.loads((files("stories") / "fatima" / name).read_text("utf-8"))


RAW = data("cards.toml")
RAW_BOOK = data("endings/chronicle.toml")


def load(cards=None, book=None) -> Content:
    return Content.from_files(["chronicle"], (CARDS, cards or copy.deepcopy(RAW)),
                              [(BOOK, book or copy.deepcopy(RAW_BOOK))])


def broken(mend, book=False) -> StoryError:
    cards, pages = copy.deepcopy(RAW), copy.deepcopy(RAW_BOOK)
    mend(pages if book else cards)
    with pytest.raises(StoryError) as err:
        load(cards, pages)
    return err.value


# --------------------------------------------------------------------- the box
def test_the_box_holds_what_the_brief_asks():
    roles = [p.role for p in CONTENT.persons.values()]
    assert len(CONTENT.kings) >= 8 and len(CONTENT.persons) >= 20
    assert {"knight", "diver", "commoner"} <= set(roles)
    assert len(CONTENT.fatima) >= 12 and len(CONTENT.events) >= 10 and len(CONTENT.actions) >= 14
    assert any(r.points < 0 for f in CONTENT.fatima.values() for r in f.rule) or any(
        f.points < 0 for f in CONTENT.fatima.values()), "some combination makes a Fatima unwanted"
    assert {a.use for a in CONTENT.actions.values()} == {"turn", "combat"}


@pytest.mark.parametrize("players", range(2, 9))
def test_every_table_has_a_deck_worth_playing(players):
    box = CONTENT.box(players)
    assert len(box) >= players * 9
    assert sum(1 for c in box if c in CONTENT.fatima) == 12
    assert len(CONTENT.kings) >= players


def test_every_card_is_in_the_box_at_eight():
    box = set(CONTENT.box(8))
    assert box == set(CONTENT.cards) - set(CONTENT.kings)


def test_copies_by_table():
    assert copies_at(2, 5) == 2
    assert copies_at({"2": 1, "5": 2}, 4) == 1 and copies_at({"2": 1, "5": 2}, 5) == 2
    assert copies_at({"3": 1}, 2) == 0


@pytest.mark.parametrize("text,mode,dice,target,power", [
    ("3/4", "dice", 3, 4, 0), ("(7)", "diver", 0, 0, 7), ("(-)", "commoner", 0, 0, 0), ("(−)", "commoner", 0, 0, 0)])
def test_combat_power_reads_as_printed(text, mode, dice, target, power):
    p = Power.read(text)
    assert (p.mode, p.dice, p.target, p.power) == (mode, dice, target, power)


def test_expected_damage():
    assert Power.read("3/4").expected() == 5.0 and Power.read("(8)").expected() == 8.0


# --------------------------------------------------------------------- the pages
def test_the_ending_book():
    pages = CONTENT.books["chronicle"].ending
    ids = [p.id for p in pages]
    assert len(ids) == len(set(ids)) >= 7
    for p in pages:
        assert len(p.text.split()) >= 150, p.id
        assert p.condition.startswith("You reached this page because")


def test_the_rules_have_the_rulings_of_this_edition():
    text = STORY.rules_text()
    assert "## Rulings of this edition" in text
    for word in ("military power", "humbled", "Commoner against commoner", "Diver against diver",
                 "Action cards as combatants", "Ties at the end", "final round", "Events dealt"):
        assert word in text, word


def test_the_front_page():
    info = STORY.info
    assert info["format_version"] == 1 and info["id"] == "fatima" and info["family"] == "fatima"
    assert info["tone"] and info["blurb"] and [e["id"] for e in info["episode"]] == ["chronicle"]
    assert STORY.seats_for({"players": 8}) == tuple(info["seats"])
    assert len(set(info["cast"].values())) == 8


# --------------------------------------------------------------------- load errors
def test_a_wrong_format_version():
    err = broken(lambda d: d.update(format_version=2))
    assert (err.file, err.key) == (CARDS, "format_version") and "update the file" in err.problem


def test_a_duplicated_id():
    err = broken(lambda d: d["action"].__setitem__(0, {**d["action"][0], "id": "aldric"}))
    assert err.key == "action.0.id" and "used twice" in err.problem


def test_bad_combat_power():
    err = broken(lambda d: d["person"][0].update(combat="3-4"))
    assert err.key.startswith("person.aldric") and "dice/target" in err.problem


def test_a_role_that_does_not_match_the_combat_power():
    err = broken(lambda d: d["person"][0].update(role="diver"))
    assert "diver's combat power" in err.problem


def test_a_commoner_king():
    err = broken(lambda d: d["king"][0].update(combat="(-)"))
    assert err.key.startswith("king.iron_regent.combat") and "no commoner" in err.problem


def test_an_unknown_ability():
    err = broken(lambda d: d["person"][1]["ability"][0].update(op="fly"))
    assert "'fight' abilities are" in err.problem


def test_an_ability_missing_its_number():
    err = broken(lambda d: d["person"][1]["ability"][0].pop("n"))
    assert "needs a number" in err.problem


def test_keep_fatima_is_for_defenders():
    err = broken(lambda d: next(p for p in d["person"] if p["id"] == "tilde")["ability"][0].update(side="any"))
    assert "side = \"defend\"" in err.problem


def test_an_unknown_operation():
    err = broken(lambda d: d["event"][0]["effect"][0].update(op="explode"))
    assert err.key.startswith("event.levy_audit") and "unknown operation 'explode'" in err.problem


def test_an_operation_missing_a_field():
    err = broken(lambda d: d["event"][0]["effect"][0].pop("who"))
    assert "needs 'who'" in err.problem


def test_a_step_that_needs_a_target():
    err = broken(lambda d: next(a for a in d["action"] if a["id"] == "envoy").update(target="none"))
    assert "'steal' needs target" in err.problem


def test_a_combat_action_with_an_effect():
    err = broken(lambda d: next(a for a in d["action"] if a["id"] == "war_horn").update(
        effect=[{"op": "draw", "who": "user", "n": 1}]))
    assert "combat action has no `effect`" in err.problem


def test_a_rule_naming_an_unknown_fatima():
    err = broken(lambda d: d["fatima"][0]["rule"][0].update(fatima=["nobody"]))
    assert (err.key, err.file) == ("fatima.aurelie.rule.0.fatima", CARDS) and "'nobody'" in err.problem


def test_a_rule_naming_an_unknown_king():
    err = broken(lambda d: next(f for f in d["fatima"] if f["id"] == "grisel")["rule"][0].update(kings=["nobody"]))
    assert err.key == "fatima.grisel.rule.0.kings"


def test_a_rule_with_a_field_it_does_not_take():
    err = broken(lambda d: d["fatima"][0]["rule"][0].update(at_least=3))
    assert "takes no 'at_least'" in err.problem


def test_too_few_kings():
    err = broken(lambda d: d.update(king=d["king"][:7]))
    assert err.key == "king" and "at least 8" in err.problem


def test_a_deck_too_thin_for_a_big_table():
    def thin(d):
        for table in ("person", "action", "event"):
            for card in d[table]:
                card["count"] = 1
    err = broken(thin)
    assert err.key == "count" and "at 7 players the deck holds 59 cards" in err.problem and "raise" in err.problem


def test_a_bad_count_table():
    err = broken(lambda d: d["person"][0].update(count={"9": 1}))
    assert "table sizes 2 to 8" in err.problem


def test_an_ending_book_that_leaves_some_count_without_a_page():
    err = broken(lambda b: b.update(ending=[p for p in b["ending"] if p["id"] != "steady_reign"]), book=True)
    assert err.file == "endings/chronicle.toml"
    assert "no page is reached at 'count' when: not tie, not shared, not late_snatch, not kings_fall," \
           " not landslide, by_sword" in err.problem


def test_a_book_may_drop_a_page_that_another_covers():
    """Content, not code: without its landslide page a landslide reads as a steady reign."""
    book = copy.deepcopy(RAW_BOOK)
    book["ending"] = [p for p in book["ending"] if p["id"] != "landslide"]
    assert "landslide" not in {p.id for p in load(book=book).book.ending}


def test_the_rules_not_the_page_decide_who_wins():
    err = broken(lambda b: b["ending"][0].update(winners="p1"), book=True)
    assert err.key == "ending.0.winners" and "the rules decide who wins" in err.problem


def test_an_unknown_field():
    err = broken(lambda d: d["person"][0].update(colour="red"))
    assert "colour" in err.key

