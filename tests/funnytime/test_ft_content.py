"""The FunnyTime box: the shipped story loads, and a broken file names file, key and fix."""
from __future__ import annotations

import copy
import tomllib
from importlib.resources import files

import pytest

from engine.errors import StoryError
from engine.funnytime.content import CAUSES, Content, describe, Step
from ft_positions import CONTENT, SEATS

FOLDER = files("stories") / "funnytime"


def _data(name: str) -> dict:
    return tomllib.loads((FOLDER / name).read_text(encoding="utf-8"))


CARDS, TABLE, BOOK = _data("cards.toml"), _data("table.toml"), _data("endings/duel.toml")
DECKS = [(f"decks/{n}.toml", _data(f"decks/{n}.toml")) for n in ("slapstick", "slice_of_life")]


def build(cards=None, table=None, book=None, decks=None, seats=SEATS) -> Content:
    return Content.from_files(seats, ("cards.toml", cards or CARDS), ("table.toml", table or TABLE),
                              decks if decks is not None else DECKS, ("endings/duel.toml", book or BOOK))


def broken(change, **which) -> StoryError:
    data = {"cards": copy.deepcopy(CARDS), "table": copy.deepcopy(TABLE), "book": copy.deepcopy(BOOK)}
    change(**data)
    with pytest.raises(StoryError) as err:
        build(**data, **which)
    return err.value


def koma(cards, cid):
    return next(c for c in cards["koma"] if c["id"] == cid)


def make(cards, cid):
    return next(c for c in cards["make"] if c["id"] == cid)


def test_the_shipped_story_loads_with_its_pool_decks_sky_and_pages():
    content = build()
    assert len(content.koma) >= 24 and len(content.make) >= 20
    assert set(content.decks) == {"slapstick", "slice_of_life"}
    assert len(content.stars) == 21 and sorted({s.relight for s in content.stars}) == [1, 2, 3, 4, 5, 6, 8]
    pages = {p.id for p in content.books["duel"].ending}
    assert pages == {"stopped", *(f"{c}_{s}" for c in CAUSES for s in SEATS)}
    assert CONTENT.starter == {"aki": "slapstick", "ren": "slice_of_life"}


def test_every_page_has_at_least_150_words_of_prose():
    for page in CONTENT.books["duel"].ending:
        assert len(page.text.split()) >= 150, page.id


def test_a_koma_cards_cost_is_its_number_of_icons_and_each_rotation_has_its_own_fp():
    for k in CONTENT.koma.values():
        assert k.cost == len(k.icons) and 1 <= k.cost <= 4
        assert len({k.rotation(r).fp for r in ("up", "down", "left", "right")}) >= 3, k.id


def test_the_printed_text_is_made_from_the_steps():
    assert CONTENT.koma["alarm"].text == (
        "Open Up: FP 50 / Open Down: FP 20. When shown: Draw 1 card. / Open Left: FP 35 / "
        "Open Right: FP 25. Each time it wins a duel: +10 FP to this panel this 本.")
    assert CONTENT.make["fan_letter"].text == ("At the end of the 本, before the upkeep: If your Botsu Box holds"
                                               " more icons than your rival's, draw 2 cards.")
    assert describe([Step(op="douse", count=2)]) == ("Put out 2 of the rival's lit stars (those that relight"
                                                      " soonest).")
    assert "works even" not in CONTENT.koma["robot"].text
    assert CONTENT.koma["author"].text.endswith("Its effects work even when it is misplaced.")


def test_format_version_is_checked_first():
    err = broken(lambda cards, table, book: cards.update(format_version=2))
    assert (err.file, err.key) == ("cards.toml", "format_version") and "format_version = 1" in err.problem


def test_an_unknown_operation_is_named_with_the_known_ones():
    err = broken(lambda cards, table, book: koma(cards, "alarm")["down"]["show"].append({"op": "explode"}))
    assert err.file == "cards.toml" and err.key.startswith("koma.alarm.down.show")
    assert "unknown operation 'explode'" in err.problem and "relight" in err.problem


@pytest.mark.parametrize("step,problem", [
    ({"op": "draw"}, "needs 'count'"),
    ({"op": "draw", "count": 1, "target": "ki"}, "takes no 'target'"),
    ({"op": "fp", "amount": 10, "target": "elsewhere"}, "unknown target 'elsewhere'"),
    ({"op": "fp", "amount": 0, "target": "ki"}, "amount of 0"),
    ({"op": "fp", "amount": 10, "target": "ki", "if": "sunny"}, "Input should be"),
    ({"op": "relight", "count": 9}, "less than or equal to 5"),
])
def test_a_malformed_step_says_what_is_wrong(step, problem):
    err = broken(lambda cards, table, book: koma(cards, "alarm")["up"].update(show=[step]))
    assert problem in err.problem and err.key.startswith("koma.alarm.up.show")


@pytest.mark.parametrize("change,problem", [
    (lambda c: make(c, "screentone")["effect"].__setitem__(0, {"op": "fp", "amount": 5, "target": "self"}),
     "a Make card is not a panel"),
    (lambda c: make(c, "thumbnails").update(when="show"), "peek works only when revealed at Make Time"),
    (lambda c: make(c, "screentone").update(when="end"), "the duels are over"),
    (lambda c: make(c, "reprint").update(when="make"), "free_upkeep is for when"),
    (lambda c: koma(c, "alarm")["up"].update(show=[{"op": "peek", "target": "rival_ki"}]), "peek is for Make cards"),
    (lambda c: koma(c, "grandma").update(icons=["sho", "ki"]), "in the order"),
    (lambda c: koma(c, "grandma").update(icons=["ki", "ki"]), "listed twice"),
    (lambda c: koma(c, "grandma").update(icons=[]), "at least 1 item"),
    (lambda c: koma(c, "grandma").pop("left"), "Field required"),
])
def test_a_card_that_cannot_work_is_refused(change, problem):
    err = broken(lambda cards, table, book: change(cards))
    assert problem in err.problem and err.file == "cards.toml"


def test_ids_numbers_and_names_are_unique():
    err = broken(lambda cards, table, book: cards["make"].append(dict(make(cards, "coffee"))))
    assert "'coffee' is used twice" in err.problem
    err = broken(lambda cards, table, book: make(cards, "coffee").update(number=1))
    assert "No. 1 is used twice" in err.problem
    err = broken(lambda cards, table, book: make(cards, "coffee").update(name="Storyboard"))
    assert "two cards are named 'storyboard'" in err.problem


def test_the_table_and_its_stars_are_checked():
    err = broken(lambda cards, table, book: table.pop("deadline"))
    assert (err.file, err.key) == ("table.toml", "deadline")
    err = broken(lambda cards, table, book: table["star"].append(dict(table["star"][0])))
    assert "'subaru' is used twice" in err.problem


def test_the_ending_book_needs_every_page():
    err = broken(lambda cards, table, book: book.update(ending=[p for p in book["ending"] if p["id"] != "dark_ren"]))
    assert (err.file, err.key) == ("endings/duel.toml", "ending") and "'dark_ren'" in err.problem


def test_a_starter_deck_that_is_not_legal_is_a_story_error():
    bad = copy.deepcopy(DECKS[0][1])
    bad["cards"]["alarm"] = 6
    with pytest.raises(StoryError) as err:
        build(decks=[("decks/slapstick.toml", bad), DECKS[1]])
    assert err.value.file == "decks/slapstick.toml" and "at most 4 of a Koma card" in err.value.problem
    with pytest.raises(StoryError) as err:
        build(decks=DECKS[:1])
    assert "at least two starter decks" in err.value.problem


def test_a_duel_needs_exactly_two_seats():
    with pytest.raises(StoryError) as err:
        build(seats=("aki", "ren", "kei"))
    assert err.value.key == "seats"
