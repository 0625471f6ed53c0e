"""Deck construction: each rule on its own, all of them at once, and decks as game options."""
from __future__ import annotations

import pytest

from engine.funnytime import game as g
from engine.errors import BadOption
from engine.funnytime.deck import Deck, DeckError, check_file, option_from_file, problems
from ft_positions import CONTENT, EVERY, SEATS

SLAPSTICK = dict(CONTENT.decks["slapstick"].counts)


def with_(base=None, **changes) -> dict:
    counts = dict(base or SLAPSTICK)
    for card, n in changes.items():
        if n is None:
            counts.pop(card, None)
        else:
            counts[card] = n
    return counts


def test_the_starter_decks_are_legal_and_play_differently():
    for deck in CONTENT.decks.values():
        assert problems(CONTENT, dict(deck.counts)) == []
    koma = {d: [c for c in deck.cards() if c in CONTENT.koma] for d, deck in CONTENT.decks.items()}
    icons = {d: sum(CONTENT.koma[c].cost for c in cs) / len(cs) for d, cs in koma.items()}
    # heavier panels (but not so heavy that a hand of them outruns the sky: see the deck's
    # notes), and more of them fit more than one position
    assert icons["slice_of_life"] > icons["slapstick"] + 0.4
    flexible = {d: sum(CONTENT.koma[c].cost > 1 for c in cs) / len(cs) for d, cs in koma.items()}
    assert flexible["slice_of_life"] > flexible["slapstick"] + 0.2
    assert set(CONTENT.decks["slapstick"].cards()) != set(CONTENT.decks["slice_of_life"].cards())


@pytest.mark.parametrize("changes,message", [
    ({"coffee": None}, "the deck has 58 cards; a deck has 60 to 62 (add 2 or more)"),
    ({"robot": 3}, "the deck has 63 cards; a deck has 60 to 62 (take out 1 or more)"),
])
def test_a_deck_has_60_to_62_cards(changes, message):
    assert problems(CONTENT, with_(**changes)) == [message]


def test_62_cards_are_allowed():
    assert problems(CONTENT, with_(robot=2)) == []


def test_at_most_four_copies_of_a_koma_card():
    assert problems(CONTENT, with_(alarm=5, pudding=2)) == [
        "5 copies of \"The Alarm That Didn't Ring\" (alarm); at most 4 of a Koma card"]


def test_at_most_two_copies_of_a_make_card():
    assert problems(CONTENT, with_(coffee=3, rejection=None)) == [
        "3 copies of 'Third Cup of Coffee' (coffee); at most 2 of a Make card"]


def test_the_koma_icons_total_at_least_50():
    # swap the three-icon Sports Day Relays for one-icon cards: 51 - 6 + 2 = 47 icons
    assert problems(CONTENT, with_(sports_day=None, transfer=4)) == [
        "the Koma cards' icons total 47; they must total at least 50 (add Koma cards, or swap in ones with more icons)"]


def test_at_least_20_make_cards():
    assert problems(CONTENT, with_(screentone=None, speed_lines=None, robot=4)) == [
        "the deck has 19 Make cards; it needs 20 to 35"]


def test_at_most_35_make_cards():
    koma = {"robot": 4, "dream": 4, "grandma": 4, "sports_day": 4, "convenience": 4}   # 20 Koma, 68 icons
    make = {m: 2 for m in list(CONTENT.make)[:18]}                                       # 36 Make
    assert problems(CONTENT, {**koma, **make}) == [
        "the deck has 56 cards; a deck has 60 to 62 (add 4 or more)",
        "the deck has 36 Make cards; it needs 20 to 35"]
    assert problems(CONTENT, {**koma, "cat_box": 4, **make}) == ["the deck has 36 Make cards; it needs 20 to 35"]


def test_unknown_cards_and_bad_counts_are_named():
    assert problems(CONTENT, with_(teleporter=1, alarm=None, pudding=7, coffee=0)) == [
        "coffee = 0: give a number of copies from 1",
        "'teleporter' is not a card of the FunnyTime pool (`narrator cards funnytime` lists them)",
        "the deck has 58 cards; a deck has 60 to 62 (add 2 or more)",
        "7 copies of 'The Stolen Pudding' (pudding); at most 4 of a Koma card",
    ]


def test_every_fault_of_a_deck_is_told_at_once():
    found = problems(CONTENT, {"alarm": 5, "coffee": 3})
    assert len(found) == 5
    assert [p.split()[0] for p in found] == ["the", "5", "3", "the", "the"]


def test_a_deck_file_is_read_and_checked():
    data = {"format_version": 1, "name": "Mine", "cards": SLAPSTICK}
    assert check_file(CONTENT, data, "mine.toml") == ("60 cards: 37 Koma with 51 icons, 23 Make", [])
    assert option_from_file(CONTENT, data, "mine.toml") == {"name": "Mine", "cards": SLAPSTICK}
    assert check_file(CONTENT, {"format_version": 3, "cards": {}}, "x.toml")[1] == [
        "format_version is 3; a deck file says format_version = 1"]
    assert check_file(CONTENT, {"format_version": 1, "cards": {"alarm": "four"}}, "x.toml")[1] == [
        "`cards.alarm`: Input should be a valid integer, unable to parse string as an integer"
        " (a count is a whole number, like alarm = 4)"]
    assert check_file(CONTENT, {"format_version": 1, "story": "fumie", "cards": {}}, "x.toml")[1] == [
        "this deck is for the story 'fumie', not funnytime"]
    with pytest.raises(DeckError) as err:
        option_from_file(CONTENT, {"format_version": 1, "cards": {"alarm": 5}}, "x.toml")
    assert str(err.value).startswith("x.toml is not a legal deck: ") and len(err.value.problems) == 4


def test_a_game_refuses_a_deck_that_is_not_legal():
    with pytest.raises(DeckError) as err:
        g.new_game(CONTENT, SEATS, 0, {"decks": {"aki": {"name": "Bad", "cards": {"alarm": 4}}}})
    assert "aki's deck is not a legal deck" in str(err.value)
    with pytest.raises(DeckError) as err:
        g.new_game(CONTENT, SEATS, 0, {"decks": {"ren": "nonsense"}})
    assert "there is no starter deck 'nonsense'" in str(err.value)
    assert isinstance(err.value, BadOption)   # a player's mistake the command line explains


def test_a_deck_option_round_trips_through_plain_data():
    deck = Deck.from_option(EVERY, CONTENT, "aki")
    assert Deck.from_option(deck.to_option(), CONTENT, "aki").cards() == deck.cards()
    assert len(deck.cards()) == 60
