"""The partner bot plays from its own view only, seeded, quickly, and well: it unveils an
unwanted Fatima, lets a worthless one go without a fight, fights for a valuable one, and
beats random players; `explore` counts the chronicle's endings; the command line plays,
saves, resumes and explores the story."""
from __future__ import annotations

import json

import pytest

from engine.fatima import game as g
from engine.fatima.actions import parse
from fatima_positions import STORY, act, position, view
from narrator import bots
from narrator.bots.fatima import Partner
from narrator.explore import explore


def partner(seat: str = "p1", seed: int = 1) -> Partner:
    return bots.make("partner", STORY, seat, seed)


def test_the_partner_chooses_at_every_kind_of_decision_a_view_may_show():
    from engine.fatima import view as views
    from narrator.bots import fatima as partners

    assert set(partners._CHOOSERS) == set(views._PROMPTS)


def test_the_partner_unveils_an_unwanted_fatima():
    st = position(kings={"p1": "boy_king"}, fatima={"p1": ["grisel", "noor"]})
    assert partner().choose(view(st, "p1")) == "unveil grisel"


def test_the_partner_lets_a_worthless_fatima_go_and_fights_for_a_precious_one():
    st = position(kings={"p2": "boy_king"}, hands={"p1": ["kael"], "p2": ["valerian"]}, fatima={"p2": ["grisel"]})
    act(st, "p1", "attack p2 grisel with 1")
    assert partner("p2").choose(view(st, "p2")) == "avoid"
    st = position(kings={"p2": "sea_queen"}, hands={"p1": ["kael"], "p2": ["valerian"]}, fatima={"p2": ["celandine"]})
    act(st, "p1", "attack p2 celandine with 1")
    assert partner("p2").choose(view(st, "p2")) == "fight with 1"


def test_the_partner_attacks_with_a_strong_card_for_a_good_prize():
    st = position(hands={"p1": ["kael", "pim"]}, fatima={"p2": ["celandine"]}, kings={"p1": "sea_queen"})
    assert partner().choose(view(st, "p1")) == "attack p2 celandine with 1"


def test_the_partner_is_seeded_and_reads_only_its_view():
    st = g.new_game(STORY.content, STORY.seats_for({"players": 5}), 4, {"players": 5})
    seat = g.to_act(st)[0]
    v = view(st, seat)
    assert partner(seat, 9).choose(v) == partner(seat, 9).choose(v)


def _bot_game(players: int, seed: int, kind: str = "partner"):
    opts = {"players": players}
    st = g.new_game(STORY.content, STORY.seats_for(opts), seed, opts)
    who = {s: bots.make(kind, STORY, s, seed) for s in st.seats}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, parse(who[seat].choose(view(st, seat))))
    return st


def test_an_eight_nation_bot_game_ends():
    for seed in range(3):
        assert g.ending(_bot_game(8, seed)) is not None


def test_partners_beat_random_players():
    wins = 0
    for seed in range(60):
        opts = {"players": 4}
        st = g.new_game(STORY.content, STORY.seats_for(opts), seed, opts)
        who = {s: bots.make("partner" if s == "p1" else "random", STORY, s, seed) for s in st.seats}
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            g.apply(st, seat, parse(who[seat].choose(view(st, seat))))
        wins += "p1" in g.ending(st).detail.get("winners", ())
    assert wins / 60 > 0.5, "a quarter would be chance"


def test_explore_counts_the_chronicles_endings():
    report = explore(STORY, "chronicle", 40, 0, "mixed", table={"players": 6})
    assert report.games == 40 and sum(report.endings.values()) == 40
    assert report.every == tuple(p.id for p in STORY.content.books["chronicle"].ending if p.id != "stopped")


# --------------------------------------------------------------------- the command line
# Lines that answer any decision sooner or later: an illegal one is explained and skipped.
ANSWERS = "".join(f"{x}\n" for _ in range(300) for x in ("pass", "avoid", "discard 1", "give 1", "spy p2", "spy p3"))


def test_play_a_whole_game_at_the_terminal(cli):
    result = cli("play", "fatima", "--players", 3, "--seed", 2, input=ANSWERS)
    assert result.exit_code == 0
    out = result.output
    assert out.startswith("The Fatima Unveiling Game — The Chronicle of the Meridian")
    assert "Aubervane: you, Corriveth: a bot, Halderin: a bot." in out
    assert "You reached this page because" in out


def test_play_with_no_input_waits_saved(cli):
    result = cli("play", "fatima", "--players", 3, "--seed", 2, input="")
    assert result.exit_code == 0 and "Your game is saved" in result.output


def test_a_table_too_big_is_refused(cli):
    result = cli("play", "fatima", "--players", 9)
    assert result.exit_code == 1 and "2 to 8 players" in result.output


def test_continue_and_replay(cli, tmp_path):
    cli("play", "fatima", "--players", 4, "--seed", 5, "--slot", "duel", input="pass\navoid\n" * 3)
    resumed = cli("continue", "duel", input=ANSWERS)
    assert resumed.exit_code == 0 and "You reached this page because" in resumed.output
    first = cli("replay", "duel", "--offline")
    assert first.exit_code == 0 and first.output == cli("replay", "duel", "--offline").output


def test_explore_from_the_command_line(cli):
    result = cli("explore", "fatima", "--players", 8, "--games", 25, "--json")
    report = json.loads(result.output)
    assert result.exit_code == 0 and report["games"] == 25 and report["story"] == "fatima"
    assert set(report["endings"]) == {p.id for p in STORY.content.books["chronicle"].ending} - {"stopped"}


def test_no_screen_command_shadows_an_action():
    from engine.fatima.actions import GRAMMAR
    from narrator.repl import COMMANDS
    from narrator.screens import fatima as screen
    assert not (set(screen.COMMANDS) | set(COMMANDS)) & set(GRAMMAR)


def test_rules_from_the_command_line(cli):
    result = cli("rules", "fatima")
    assert result.exit_code == 0 and "## Rulings of this edition" in result.output


def test_in_the_final_round_the_partner_weakens_the_rival_still_to_play():
    # p2 emptied the deck, so it plays last and nobody can answer it; p3, the leader, has
    # already had its last turn. One Fatima taken from p2 is worth more to p1 than one
    # from p3: whatever p3 holds now, p3 can do nothing more with it.
    st = position(players=4, hands={"p1": ["kael"]}, deck=[], final_left=["p2"],
                  fatima={"p1": ["celandine"], "p2": ["sabine", "ilse"], "p3": ["aurelie", "wren"]})
    assert partner().choose(view(st, "p1")) == "attack p2 sabine with 1"
    # Before the final round the leader is the one to weaken.
    st = position(players=4, hands={"p1": ["kael"]},
                  fatima={"p1": ["celandine"], "p2": ["sabine", "ilse"], "p3": ["aurelie", "wren"]})
    assert partner().choose(view(st, "p1")) == "attack p3 aurelie with 1"


def test_in_the_last_combat_of_the_game_the_partner_fights_for_the_crown():
    # p2 leads 8 to 7, and the attack is the last move of the game: handing Mirabel over
    # gives the crown to p3, so p2 fights, with its king if its squire is all it holds
    # (losing the whole court then costs no more than the crown already would).
    st = position(players=3, hands={"p1": ["kael"], "p2": ["squire"]}, deck=[], final_left=[],
                  fatima={"p2": ["celandine", "mirabel"], "p3": ["aurelie", "wren"]})
    act(st, "p1", "attack p2 mirabel with 1")
    assert partner("p2").choose(view(st, "p2")) == "fight with king"
    # Earlier in the game the same squire and stake are not worth a fight.
    st = position(players=3, hands={"p1": ["kael"], "p2": ["squire"]},
                  fatima={"p2": ["celandine", "mirabel"], "p3": ["aurelie", "wren"]})
    act(st, "p1", "attack p2 mirabel with 1")
    assert partner("p2").choose(view(st, "p2")) == "avoid"


@pytest.mark.parametrize("n", [0, 1, 2, 3, 9])
def test_a_recall_is_worth_the_last_persons_of_the_pile(n):
    from types import SimpleNamespace

    from engine.fatima.view import Face
    from narrator.bots.fatima import _worth

    content = STORY.content
    faces = [Face.of(c) for c in content.cards.values() if c.kind in ("person", "action", "event")]
    for final in (False, True):
        for size in (0, 1, 3, 8, len(faces)):
            pile = tuple(faces[(i * 7) % len(faces)] for i in range(size))
            persons = [f for f in pile if f.kind == "person"][-n:]
            expected = sum(_worth(content, p.id) for p in persons) * (0.2 if final else 0.8)
            got = partner()._recall_value(SimpleNamespace(discard=pile), None, SimpleNamespace(n=n), final)
            assert got == expected
