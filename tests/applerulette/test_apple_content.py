"""The box and the rulebook's two tables: every row of Story Card Count and Character Card
Use is a test, and a broken story file names its file, key and fix."""
from __future__ import annotations

import copy
import tomllib
from collections import Counter
from importlib.resources import files

import pytest

from apple_positions import CONTENT, new, seats
from engine.applerulette import game as g
from engine.applerulette import effects
from engine.applerulette.content import Content
from engine.errors import GameError, IllegalAction, StoryError

FOLDER = files("stories") / "applerulette"


def _data(name: str) -> dict:
    return tomllib.loads((FOLDER / name).read_text(encoding="utf-8"))


CARDS, CHARACTERS, BOOK = _data("cards.toml"), _data("characters.toml"), _data("endings/tale.toml")


def build(cards=None, characters=None, book=None) -> Content:
    return Content.from_files(("cards.toml", cards or CARDS), ("characters.toml", characters or CHARACTERS),
                              ("endings/tale.toml", book or BOOK))


def test_the_shipped_story_loads():
    content = build()
    assert sum(c.count for c in content.cards.values()) == 29
    assert len(content.characters) >= 8
    assert len(content.books["tale"].ending) >= 10


def test_the_box_has_what_the_rulebook_names():
    cards, chars = CONTENT.cards, CONTENT.characters
    assert cards["apples"].name == "Do you like apples?" and cards["apples"].count >= 4
    assert cards["mushrooms"].name == "Do you like mushrooms?" and cards["mushrooms"].count >= 3
    assert cards["mirror"].name == "Mirror, Mirror on the Wall"
    comb = cards["comb"]
    assert comb.name == "Poisoned Comb" and comb.weapon and comb.when == "last_turn"
    assert [s.op for s in comb.effect] == ["kill"]
    assert cards["throw_away"].name == "I'll Throw It Away for You"
    ring = cards["ring"]
    assert ring.at_end == "kill_holder" and ring.when == "never"
    names = {c.name for c in chars.values()}
    assert {"Snow White", "The Queen", "Green", "Black", "Rose", "The Prince"} <= names
    by_faction = Counter(c.faction for c in chars.values())
    assert by_faction["snow_white"] >= 4 and by_faction["queen"] >= 3 and by_faction["rose"] >= 1
    for c in chars.values():
        assert c.food in ("apple", "mushroom", "none") and c.victory and c.ability and c.flavour


# --- Character Card Use: one test per row and mix -----------------------------------
ROWS = [  # players, mix, (snow_white, queen, rose), poisoned
    (8, 1, (4, 3, 1), 4),
    (7, 1, (4, 2, 1), 3),
    (7, 2, (3, 3, 1), 3),
    (6, 1, (3, 2, 1), 3),
    (5, 1, (2, 2, 1), 2),
    (5, 2, (3, 2, 0), 2),
    (4, 1, (2, 2, 1), 2),
    (4, 2, (3, 2, 0), 2),
]


@pytest.mark.parametrize("players,mix,factions,poisoned", ROWS)
def test_character_card_use_row(players, mix, factions, poisoned):
    for seed in range(40):
        st = new(players, seed, mix)
        count = Counter(CONTENT.characters[c].faction for c in st.roles.values())
        assert (count["snow_white"], count["queen"], count["rose"]) == factions
        assert set(st.roles.values()) == set(st.cast) and len(st.cast) == len(st.seats)
        assert CONTENT.snow_white in st.cast and CONTENT.queen in st.cast
        assert len(st.poisoned) == poisoned
        assert sorted(t for ts in st.tiles.values() for t in ts) == sorted(f"a{i}" for i in range(1, len(st.seats) + 1))
        assert all(len(ts) == 1 for ts in st.tiles.values())
        assert st.seats == seats(players, mix) and len(st.players) == players
        assert (st.npc is not None) == (players == 4)


def test_the_characters_of_each_faction_vary_from_game_to_game():
    casts = {new(6, seed).cast for seed in range(60)}
    assert len(casts) > 3


# --- Story Card Count: one test per row ------------------------------------------------
REMOVED = {  # players -> cards taken out of the box
    8: {}, 7: {},
    6: {"apples": 2, "mushrooms": 2},
    5: {"apples": 2, "mushrooms": 2, "mirror": 1},
    4: {"apples": 4, "mushrooms": 3, "mirror": 1},
}


@pytest.mark.parametrize("players", [8, 7, 6, 5, 4])
def test_story_card_count_row(players):
    box = Counter({c.id: c.count for c in CONTENT.cards.values()})
    expected = box - Counter(REMOVED[players])
    for seed in range(10):
        st = new(players, seed)
        in_play = Counter(st.pile) + Counter(st.aside) + sum((Counter(h) for h in st.hands.values()), Counter())
        assert in_play == expected
        assert len(st.aside) == 1                                # one card set aside unseen
        assert all(len(h) == 1 for h in st.hands.values())       # a hand of one card each
        assert len(st.pile) == sum(expected.values()) - 1 - len(st.seats)


def test_an_eight_player_pile_lasts():
    assert len(new(8).pile) >= 20


# --- the table's options ------------------------------------------------------------------
@pytest.mark.parametrize("players", [3, 9, 0, "five", True])
def test_a_bad_player_count_is_refused(players):
    with pytest.raises(IllegalAction, match="played by 4 to 8 players"):
        seats_of({"players": players})


@pytest.mark.parametrize("players,mix,message", [
    (6, 2, "offers one mix of characters: use mix 1"),
    (8, 2, "offers one mix"),
    (7, 3, "offers mixes 1 and 2, not 3"),
    (5, 0, "offers mixes 1 and 2"),
])
def test_a_mix_the_table_does_not_offer_is_refused(players, mix, message):
    with pytest.raises(GameError, match=message):
        seats_of({"players": players, "mix": mix})


def seats_of(options):
    return g.seats(CONTENT, options)


def test_seats_by_count():
    assert seats_of({}) == ("p1", "p2", "p3", "p4", "p5")          # five by default
    assert seats_of({"players": 4}) == ("p1", "p2", "p3", "p4", "npc")
    assert seats_of({"players": 8, "mix": 1})[-1] == "p8"


# --- broken files -----------------------------------------------------------------------
def _card(data, cid):
    return next(c for c in data["card"] if c["id"] == cid)


def _char(data, cid):
    return next(c for c in data["character"] if c["id"] == cid)


def test_format_version_is_checked_first():
    bad = dict(CARDS, format_version=2)
    with pytest.raises(StoryError) as err:
        build(cards=bad)
    assert (err.value.file, err.value.key) == ("cards.toml", "format_version")
    assert "update the file or narrator" in err.value.problem


def test_an_unknown_operation_names_its_place():
    bad = copy.deepcopy(CARDS)
    _card(bad, "peek")["effect"] = [{"op": "peek_harder"}]
    with pytest.raises(StoryError) as err:
        build(cards=bad)
    assert err.value.file == "cards.toml" and err.value.key.startswith("card.")
    assert "unknown operation 'peek_harder'" in err.value.problem


def test_a_target_that_does_not_fit_the_steps():
    bad = copy.deepcopy(CARDS)
    _card(bad, "plates")["target"] = "seat"
    with pytest.raises(StoryError, match="needs 2 designated seat"):
        build(cards=bad)


def test_a_weapon_must_kill():
    bad = copy.deepcopy(CARDS)
    _card(bad, "peek")["weapon"] = True
    with pytest.raises(StoryError, match="a weapon card kills"):
        build(cards=bad)


def test_removal_names_real_cards_and_counts():
    bad = copy.deepcopy(CARDS)
    bad["removal"][1]["remove"] = {"apples": 9}
    with pytest.raises(StoryError) as err:
        build(cards=bad)
    assert err.value.key == "removal.1.remove.apples" and "removes 9 of 4" in err.value.problem
    bad["removal"][1]["remove"] = {"pears": 1}
    with pytest.raises(StoryError, match="not a card id"):
        build(cards=bad)


def test_every_player_count_needs_its_rows():
    bad = copy.deepcopy(CHARACTERS)
    bad["table"] = [t for t in bad["table"] if t["players"] != [6]]
    with pytest.raises(StoryError, match="6 players must appear in exactly one"):
        build(characters=bad)
    bad = copy.deepcopy(CARDS)
    bad["removal"] = [r for r in bad["removal"] if r["players"] != [4]]
    with pytest.raises(StoryError, match="4 players must appear in exactly one"):
        build(cards=bad)


def test_a_mix_must_fill_the_seats():
    bad = copy.deepcopy(CHARACTERS)
    bad["table"][0]["mix"] = [{"snow_white": 4, "queen": 2, "rose": 1}]
    with pytest.raises(StoryError) as err:
        build(characters=bad)
    assert err.value.key == "table.0.mix.0" and "7 characters for 8 seats" in err.value.problem


def test_one_snow_white_and_one_queen():
    bad = copy.deepcopy(CHARACTERS)
    _char(bad, "green")["role"] = "snow_white"
    with pytest.raises(StoryError, match="exactly one character with role = 'snow_white'"):
        build(characters=bad)


def test_the_book_reaches_a_page_in_every_case_and_only_by_facts_the_game_tells():
    bad = copy.deepcopy(BOOK)
    bad["ending"] = [p for p in bad["ending"] if p["id"] != "rose_spoils"]
    with pytest.raises(StoryError, match="no page is reached at 'feast' when: .*not snow_white_ringed,"
                                         " rose_lives, prince_came_back"):
        build(book=bad)
    bad = copy.deepcopy(BOOK)
    bad["ending"].append(dict(bad["ending"][0], id="happily_ever_after", **{"if": ["dwarfs_sing"]}))
    with pytest.raises(StoryError, match="ending.10.if: 'dwarfs_sing': at 'feast' the facts are: npc_snow_white_fell"):
        build(book=bad)
    bad = copy.deepcopy(BOOK)
    del bad["ending"][3]["at"]
    with pytest.raises(StoryError, match="ending.3.at: page 'queen_weapon' says no moment"):
        build(book=bad)
    bad = copy.deepcopy(BOOK)
    bad["ending"][0]["winners"] = "dwarfs"
    with pytest.raises(StoryError, match="ending.0.winners: 'dwarfs': winners are one of: snow_white, queen, rose"):
        build(book=bad)


def test_a_new_page_needs_no_python():
    """A page put before another, with a narrower case, is the one reached."""
    book = copy.deepcopy(BOOK)
    lives = next(p for p in book["ending"] if p["id"] == "snow_white_lives")
    book["ending"].insert(0, dict(lives, id="quiet_feast", winners="snow_white"))
    content = build(book=book)
    st = new(5, seed=3)
    st.content = content
    ending = effects.finish(st, "feast", "feast", {"seat": "p1"}, {f: False for f in
                            ("npc_snow_white_fell", "snow_white_poisoned", "queens_gift",
                             "snow_white_ringed", "rose_lives", "prince_came_back")})
    assert ending.id == "quiet_feast"
    assert ending.detail["winners"] == [s for s in st.seats
                                        if content.characters[st.roles[s]].faction == "snow_white"]
