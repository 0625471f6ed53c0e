"""The partner bot, the screen, the narration and the command line for Snow White Apple
Roulette."""
from __future__ import annotations

import json
import zlib

import pytest
from click.testing import CliRunner

from apple_positions import STORY, g, new, play, position, view
from narrator import bots
from narrator.cli import main
from narrator.narration import Narrator
from narrator.screens import for_story

NAMES = {s: STORY.seat_name(s) for s in STORY.seats}


screen = for_story(STORY)   # drawing this story's cards


def partner(seat: str, seed: int = 0):
    return bots.make("partner", STORY, seat, seed)


def bot_game(players: int, seed: int, kind=None):
    st = new(players, seed)
    seated = {s: bots.make(kind or ("partner", "random")[zlib.crc32(f"{seed}:{s}".encode()) % 2], STORY, s, seed)
              for s in st.seats}
    views = []
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        v = view(st, seat)
        views.append(v)
        g.apply(st, seat, g.parse_action(seated[seat].choose(v)))
    return st, views


# --- the partner bot -------------------------------------------------------------------------
def test_an_eight_seat_bot_game_ends():
    st, _ = bot_game(8, seed=3, kind="partner")
    assert g.ending(st) is not None


def test_the_partner_is_seeded_and_picks_up_a_game_where_it_was_left():
    st, views = bot_game(6, seed=8, kind="partner")
    again, _ = bot_game(6, seed=8, kind="partner")
    assert again.log == st.log
    # A bot made afresh (a game continued from its save) chooses as the one that played along.
    followed = {}
    for v in views:
        old = followed.setdefault(v.seat, partner(v.seat, 8))
        assert old.choose(v) == partner(v.seat, 8).choose(v)


def test_the_queen_hands_her_poison_to_the_snow_white_she_found():
    st = position(5, roles=["snow_white", "green", "queen", "black", "rose"], poisoned={"a3", "a4"})
    st.answers["p3"] = [("p1", "snow_white", True)]
    st.knows_role["p3"].add("p1")
    st.phase, st.last_queue, st.active = "last", [], "p2"
    play(st, "p2", "check apple")
    assert partner("p3").choose(view(st, "p3")) == "give p1"


def test_snow_white_gets_rid_of_a_poisoned_apple_she_knows_of():
    st = position(5, roles=["snow_white", "green", "queen", "black", "rose"], poisoned={"a1"})
    choice = partner("p1").choose(view(st, "p1"))
    assert choice.startswith("exchange apple ")


def test_black_puts_his_poison_on_the_snow_white_he_found():
    st = position(5, roles=["green", "snow_white", "queen", "black", "rose"], poisoned={"a4", "a5"},
                  active="p4")
    st.knows_tile["p4"] = {f"a{i}": f"a{i}" in {"a4", "a5"} for i in range(1, 6)}
    st.answers["p4"] = [("p2", "snow_white", True)]
    st.knows_role["p4"].add("p2")
    assert partner("p4").choose(view(st, "p4")) == "exchange apple p2"


def test_a_friend_of_snow_white_kills_the_rose_she_knows_on_the_last_turn():
    st = position(5, roles=["green", "snow_white", "queen", "black", "rose"], hands={"p1": ["comb"]},
                  phase="last", last=["p2"])
    st.answers["p1"] = [("p5", "character", "rose")]
    st.knows_role["p1"] |= {"p2", "p5"}
    assert partner("p1").choose(view(st, "p1")) == "progress use 1 p5"


def test_the_queens_faction_strikes_the_snow_white_it_knows():
    st = position(5, roles=["black", "green", "queen", "snow_white", "rose"], hands={"p1": ["knife"]},
                  phase="last", last=["p2"])
    st.answers["p1"] = [("p4", "snow_white", True)]
    st.knows_role["p1"].add("p4")
    assert partner("p1").choose(view(st, "p1")) == "progress use 1 p4"


def test_the_ring_is_passed_on():
    st = position(5, roles=["green", "snow_white", "queen", "black", "rose"], hands={"p1": ["ring"]},
                  pile=["throw_away"])
    st.knows_role["p1"].add("p2")
    bot = partner("p1")
    first = bot.choose(view(st, "p1"))
    assert first == "progress" or first.startswith("exchange hand")
    play(st, "p1", "progress")
    choice = bot.choose(view(st, "p1"))
    assert choice.startswith("progress use 2 ") and not choice.endswith(" p2")   # never to Snow White


# --- the screen ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 8])
def test_the_screen_draws_every_seats_view(players):
    st, views = bot_game(players, seed=4)
    for v in views[::5] + [view(st, s) for s in st.seats]:
        for command in screen.COMMANDS:
            assert screen.show(command, v, NAMES)
        assert screen.decision(v, NAMES) and screen.facts(v, NAMES)


def test_the_screen_shows_no_character_the_seat_does_not_know():
    st = new(8, seed=6)
    for seat in st.seats:
        text = screen.facts(view(st, seat), NAMES)
        for other in st.seats:
            name = STORY.content.characters[st.roles[other]].name
            line = next(l for l in text.splitlines() if l.strip().startswith(f"{NAMES[other]}"))
            assert (name in line) == st.knows(seat, other) or other == seat, (seat, other, line)


def test_the_decision_lists_what_can_be_done():
    st = position(5, hands={"p1": ["peek"]}, pile=["plates"])
    v = view(st, "p1")
    said = dict(screen.options(v, NAMES))
    assert said["progress"].startswith("draw") and said["exchange apple p2"] == f"exchange apples with {NAMES['p2']}"
    assert said["check apple"] == "look at your own apple"
    play(st, "p1", "progress")
    v = view(st, "p1")
    text = screen.decision(v, NAMES)
    assert "card 1: A Peek at the Plate" in text and "card 2: Switch the Plates" in text
    assert dict(screen.options(v, NAMES))["progress use 2 p1 p2"] == f"use Switch the Plates on {NAMES['p1']} and {NAMES['p2']}"


# --- the narration -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [4, 8])
def test_every_event_of_bot_games_is_narrated(players):
    env = Narrator(STORY, 0, set()).env
    for seed in range(3):
        st, _ = bot_game(players, seed)
        for seat in (*st.seats, None):
            n = Narrator(STORY, seed, set())
            n.env = env
            told = n.tell(st.log, 0, seat)
            assert told and all(isinstance(p, str) for p in told)


# --- the command line ---------------------------------------------------------------------------
def test_play_a_table_of_six(cli):
    result = cli("play", "applerulette", "--players", 6, "--seed", 2, input="")
    assert result.exit_code == 0
    assert result.output.startswith("Snow White Apple Roulette  (save:")   # the title once
    assert "Ada: you, Bruno: a bot" in result.output and "Fritz: a bot" in result.output


@pytest.mark.parametrize("args,message", [
    (("--players", 3), "played by 4 to 8 players, not 3"),
    (("--players", 6, "--mix", 2), "offers one mix of characters"),
])
def test_play_a_table_the_rules_do_not_offer(cli, args, message):
    result = cli("play", "applerulette", *args)
    assert result.exit_code == 1 and message in result.output


def test_a_game_saved_part_way_continues(cli, tmp_path):
    first = cli("play", "applerulette", "--players", 4, "--seed", 5, input="check apple\n")
    assert first.exit_code == 0
    result = cli("continue", input="table\nstop\nyes\n")
    assert result.exit_code == 0 and "the Quiet Guest [NPC, takes no turns]" in result.output
    saved = (tmp_path / "applerulette-tale-1.toml").read_text()
    assert 'players = 4' in saved and '"p1: check apple"' in saved and '"p1: stop"' in saved


def test_explore_a_table(cli):
    result = cli("explore", "applerulette", "--players", 8, "--games", 40, "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["games"] == 40 and sum(report["endings"].values()) == 40
    assert report["endings"]["npc_snow_white"] == 0                    # no NPC at eight


def test_the_rules_have_the_rulings(cli):
    result = cli("rules", "applerulette")
    assert result.exit_code == 0 and "## Rulings of this edition" in result.output


def test_at_a_shared_terminal_nobody_sits_at_the_npc(tmp_path):
    from click.testing import CliRunner

    from narrator.cli import main
    from narrator.saves import Save

    result = CliRunner().invoke(main, ["--saves", str(tmp_path), "play", "applerulette", "--players", "4",
                                       "--hotseat", "--seed", "1"], input="\n1\nquit\n")
    assert result.exit_code == 0
    seats = Save.read(tmp_path / "applerulette-tale-1.toml").seats
    assert seats["npc"] != "human" and [s for s, who in seats.items() if who == "human"] == ["p1", "p2", "p3", "p4"]
