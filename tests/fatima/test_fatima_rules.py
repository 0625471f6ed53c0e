"""The rules of the Fatima Unveiling Game, one by one: the table and the deal, the draw,
the four choices, combat with face-down cards, the unveiling's roll-off, the final round,
the count and the ending pages, and the errors a player can make."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.action import Action as BaseAction
from engine.errors import BadSyntax, GameOver, IllegalAction, NotYourTurn
from engine.fatima import game as g
from engine.fatima import points
from engine.fatima.actions import GRAMMAR, Action, parse
from engine.fatima.content import HAND
from fatima_positions import (CONTENT, Dice, act, cards_in_play, every, first, kinds, legal,
                              new, position, seats, view)


# --------------------------------------------------------------------- the table
@pytest.mark.parametrize("players", range(2, 9))
def test_seats_are_p1_to_pn(players):
    assert seats(players) == tuple(f"p{i}" for i in range(1, players + 1))


@pytest.mark.parametrize("bad", [1, 9, 0, "5", True, None])
def test_a_table_of_the_wrong_size_is_refused(bad):
    with pytest.raises(IllegalAction, match="2 to 8 players"):
        g.seats(CONTENT, {"players": bad})


def test_the_default_table_is_five():
    assert g.seats(CONTENT, {}) == ("p1", "p2", "p3", "p4", "p5")


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_deal(players):
    st = new(players, seed=players)
    kings = [n.king for n in st.nations.values()]
    assert len(set(kings)) == players and all(k in CONTENT.kings for k in kings)
    assert sorted(kings + st.unused_kings) == sorted(CONTENT.kings)
    assert not any(n.king_shown for n in st.nations.values())
    assert cards_in_play(st) == Counter(CONTENT.box(players))
    setup = st.log
    placed = [e for e in setup if e.kind == "fatima_placed" and e.data["why"] == "deal"]
    back = [e for e in setup if e.kind == "event_returned"]
    dealt = {e.data["seat"]: e.data["count"] for e in setup if e.kind == "deal"}
    for seat in st.seats:
        mine_placed = sum(1 for e in placed if e.data["seat"] == seat)
        mine_back = sum(1 for e in back if e.data["seat"] == seat)
        assert dealt[seat] + mine_placed + mine_back == HAND, "seven dealt; nothing replaces a Fatima or an Event"
        seen = next(e for e in setup if e.kind == "hand_seen" and e.data["seat"] == seat)
        assert len(seen.data["cards"]) == dealt[seat] and seen.seats == frozenset({seat})
        assert all(CONTENT.cards[c].kind in ("person", "action") for c in st.nations[seat].hand)
    # every event dealt went back into the deck
    assert all(e.data["card"] in st.deck or e.data["card"] in st.discard for e in back)


def test_the_deck_holds_every_copy_for_the_table():
    for players in range(2, 9):
        st = new(players, seed=1)
        assert cards_in_play(st) == Counter(CONTENT.box(players))


def test_initiative_is_rolled_and_ties_roll_again():
    st = new(4)
    st.rng = Dice(5, 6, 2, 6, 3, 4)
    log: list = []
    from engine.fatima import moves
    first_seat = moves.roll_off(st, st.seats, log, "initiative")
    assert first_seat == "p4"
    assert [e.data["rolls"] for e in log] == [{"p1": 5, "p2": 6, "p3": 2, "p4": 6}, {"p2": 3, "p4": 4}]
    assert [e.data["winner"] for e in log] == [None, "p4"]


def test_the_first_turn_is_the_initiative_winners():
    st = new(5, seed=3)
    init = [e for e in st.log if e.kind == "initiative"][-1]
    first_turn = first(st.log, "turn")
    assert first_turn.data == {"seat": init.data["winner"], "number": 1, "final": False}


def test_kings_stay_hidden_from_the_other_nations():
    st = new(5, seed=2)
    for seat in st.seats:
        v = view(st, seat)
        assert v.king.id == st.nations[seat].king
        for nv in v.nations:
            if nv.seat != seat:
                assert nv.king is None
                assert isinstance(nv.hand, int)
        dealt = [e for e in st.log if e.kind == "king_dealt"]
        assert all(e.seats == frozenset({e.data["seat"]}) for e in dealt)


# --------------------------------------------------------------------- the draw
def test_a_fatima_drawn_is_placed_and_ends_the_turn():
    st = position(deck=["squire", "noor"], active="p1", draw=True)
    assert st.nations["p1"].fatima == ["noor"]
    assert st.pending.seat == "p2" and st.pending.kind == "turn"
    assert st.nations["p2"].hand == ["squire"]
    assert kinds(st.log)[:3] == ["turn", "fatima_placed", "turn"]


def test_an_event_drawn_fires_is_discarded_and_ends_the_turn():
    st = position(deck=["squire", "mercenary_fair", "courier", "aldric", "holy_truce"], active="p1", draw=True)
    # the truce is drawn by p1: it fires, goes to the discard pile, and p2's turn begins
    assert st.truce_until == "p1"
    assert st.discard == ["holy_truce"]
    assert first(st.log, "event_drawn").data == {"seat": "p1", "card": "holy_truce"}
    assert st.pending.seat == "p2"


def test_any_other_card_joins_the_hand_and_the_nation_chooses():
    st = position(deck=["aldric"], active="p2", draw=True, fatima={"p1": ["noor"]})
    assert st.nations["p2"].hand == ["aldric"]
    assert st.pending.seat == "p2" and st.pending.kind == "turn"
    seen = first(st.log, "hand_seen")
    assert seen.seats == frozenset({"p2"}) and seen.data["cards"] == ["aldric"]
    assert first(st.log, "draw").data == {"seat": "p2", "count": 1, "why": "turn"}


def test_the_four_choices():
    st = position(hands={"p1": ["aldric", "courier"]}, fatima={"p1": ["grisel"], "p2": ["noor"]})
    verbs = {a.split()[0] for a in legal(st, "p1")}
    assert verbs == {"pass", "action", "decree", "attack", "unveil", "stop"}
    assert "discard" not in verbs, "no hand adjustment: a nation never discards by choice"


def test_one_choice_only_then_the_turn_passes():
    st = position(hands={"p1": ["courier"]}, deck=["squire"] * 5)
    act(st, "p1", "action 1")
    assert st.pending.seat == "p2"
    assert len(st.nations["p1"].hand) == 2
    act(st, "p2", "pass")
    assert st.pending.seat == "p3"


def test_pass():
    st = position()
    events = act(st, "p1", "pass")
    assert first(events, "pass").data == {"seat": "p1"}
    assert st.pending.seat == "p2"


# --------------------------------------------------------------------- combat
def test_an_attack_lays_a_card_face_down():
    st = position(hands={"p1": ["aldric"], "p2": ["isolde"]}, fatima={"p2": ["noor"]})
    events = act(st, "p1", "attack p2 noor with 1")
    attack = first(events, "attack")
    assert attack.seats is None
    assert attack.data == {"seat": "p1", "target": "p2", "card": "noor", "king": False}
    laid = first(events, "laid_down")
    assert laid.seats == frozenset({"p1"}) and laid.data["card"] == "aldric"
    assert view(st, "p1").combat.my_card.id == "aldric"
    assert view(st, "p2").combat.my_card is None and view(st, "p3").combat.my_card is None
    assert st.pending.seat == "p2" and st.pending.kind == "defend"
    assert legal(st, "p2") == ["avoid", "fight with 1", "fight with king", "stop"]


def test_avoiding_hands_the_fatima_over_and_the_person_goes_home_unseen():
    st = position(hands={"p1": ["aldric"], "p2": ["isolde"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "avoid")
    assert st.nations["p1"].fatima == ["noor"] and st.nations["p2"].fatima == []
    assert st.nations["p1"].hand == ["aldric"]
    ret = first(events, "returned")
    assert ret.seats is None and ret.data == {"seat": "p1", "card": None, "why": "avoided"}
    assert "reveal" not in kinds(events) and "dice" not in kinds(events)


def test_avoiding_an_action_discards_it():
    st = position(hands={"p1": ["hired_blades"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "avoid")
    assert st.discard == ["hired_blades"] and st.nations["p1"].hand == []
    assert first(events, "discarded").data == {"seat": "p1", "cards": ["hired_blades"], "why": "avoided"}


def test_avoiding_a_king_leaves_him_veiled():
    st = position(fatima={"p2": ["noor"]})
    events = act(st, "p1", "attack p2 noor with king")
    assert first(events, "attack").data["king"] is True
    act(st, "p2", "avoid")
    assert not st.nations["p1"].king_shown
    assert all(e.kind != "king_revealed" for e in st.log)


def test_dice_against_targets_summed_as_damage():
    # Aldric 3/4 throws 4, 5, 2: hits 4 and 2, damage 6. Tancred 4/4 throws 1, 1, 6, 6: damage 2.
    st = position(hands={"p1": ["aldric"], "p2": ["tancred"]}, fatima={"p2": ["noor"]},
                  dice=(4, 5, 2, 1, 1, 6, 6))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    reveal = first(events, "reveal")
    assert reveal.data == {"attacker": "p1", "defender": "p2", "cards": ["aldric", "tancred"]}
    a, d = every(events, "dice")
    assert a.data == {"seat": "p1", "side": "attack", "card": "aldric", "mode": "dice", "rolls": [4, 5, 2],
                      "rerolls": [], "target": 4, "damage": 6}
    assert d.data["rolls"] == [1, 1, 6, 6] and d.data["damage"] == 2
    won = first(events, "combat_won")
    assert won.data == {"seat": "p1", "loser": "p2", "side": "attack", "why": "damage",
                        "attack_damage": 6, "defend_damage": 2}
    assert st.nations["p1"].fatima == ["noor"]
    assert st.nations["p1"].hand == ["aldric"], "the winning Person goes back to its hand"
    assert st.discard == ["tancred"], "the losing Person is discarded"


def test_the_defender_wins_ties():
    st = position(hands={"p1": ["aldric"], "p2": ["squire"]}, fatima={"p2": ["noor"]}, dice=(3, 6, 6, 1, 2))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    won = first(events, "combat_won")
    assert (won.data["seat"], won.data["why"], won.data["attack_damage"], won.data["defend_damage"]) == ("p2", "tie", 3, 3)
    assert st.nations["p2"].fatima == ["noor"]
    assert st.discard == ["aldric"] and "squire" in st.nations["p2"].hand


def test_a_diver_rolls_no_dice_and_deals_its_power():
    st = position(hands={"p1": ["kael"], "p2": ["tancred"]}, fatima={"p2": ["noor"]}, dice=(4, 4, 3, 1))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    a, d = every(events, "dice")
    assert a.data["mode"] == "diver" and a.data["rolls"] == [] and a.data["damage"] == 7
    assert d.data["damage"] == 12
    assert first(events, "combat_won").data["seat"] == "p2"


def test_diver_against_diver_higher_power_wins_and_a_tie_is_the_defenders():
    st = position(hands={"p1": ["kael"], "p2": ["sunniva"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    assert first(events, "combat_won").data["seat"] == "p1"
    st = position(hands={"p1": ["sunniva"], "p2": ["sunniva"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    assert first(events, "combat_won").data["seat"] == "p2"


def test_a_commoner_always_loses_to_a_knight_without_dice():
    st = position(hands={"p1": ["squire"], "p2": ["pim"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    assert "dice" not in kinds(events)
    assert first(events, "combat_won").data["why"] == "commoner"
    assert first(events, "combat_won").data["seat"] == "p1"


def test_commoner_against_commoner_is_the_defenders():
    st = position(hands={"p1": ["vash"], "p2": ["jory"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    won = first(events, "combat_won")
    assert won.data["seat"] == "p2" and won.data["why"] == "tie"
    assert st.nations["p2"].fatima == ["noor"]


def test_a_commoner_loses_to_an_action_and_to_a_king():
    st = position(hands={"p1": ["hired_blades"], "p2": ["jory"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    assert first(events, "combat_won").data["seat"] == "p1"
    st = position(hands={"p2": ["pim"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with king")
    events = act(st, "p2", "fight with 1")
    assert first(events, "combat_won").data["seat"] == "p1"


def test_actions_are_discarded_win_or_lose():
    st = position(hands={"p1": ["war_horn"], "p2": ["jory"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    act(st, "p2", "fight with 1")
    assert "war_horn" in st.discard and st.nations["p1"].hand == []
    st = position(hands={"p1": ["squire"], "p2": ["hired_blades"]}, fatima={"p2": ["noor"]}, dice=(6, 6, 1, 1, 1))
    act(st, "p1", "attack p2 noor with 1")
    act(st, "p2", "fight with 1")
    assert st.discard == ["squire", "hired_blades"]
    assert st.nations["p2"].fatima == ["noor"]


def test_a_king_who_fights_is_revealed():
    st = position(kings={"p1": "iron_regent"}, hands={"p2": ["squire"]}, fatima={"p2": ["noor"]},
                  dice=(1, 1, 1, 6, 6))
    events = act(st, "p1", "attack p2 noor with king")
    assert not st.nations["p1"].king_shown, "seen to ride out, but not yet known"
    assert all(e.data.get("card") != "iron_regent" for e in events if e.seats is None)
    events = act(st, "p2", "fight with 1")
    assert first(events, "king_revealed").data == {"seat": "p1", "card": "iron_regent", "why": "combat"}
    assert st.nations["p1"].king_shown
    assert first(events, "reveal").data["cards"] == ["iron_regent", "squire"]
    assert st.nations["p1"].king == "iron_regent", "a king is never discarded"
    assert "iron_regent" not in st.discard


def test_a_king_who_loses_attacking_costs_every_fatima_of_his_nation():
    st = position(kings={"p1": "iron_regent"}, hands={"p2": ["squire"]},
                  fatima={"p1": ["aurelie", "ilse"], "p2": ["noor"]}, dice=(6, 6, 6, 4, 4))
    act(st, "p1", "attack p2 noor with king")
    events = act(st, "p2", "fight with 1")
    fall = first(events, "king_fall")
    assert fall.data == {"seat": "p1", "to": "p2", "card": "iron_regent", "cards": ["aurelie", "ilse"]}
    assert st.nations["p1"].fatima == [] and st.nations["p2"].fatima == ["noor", "aurelie", "ilse"]
    assert st.nations["p1"].humbled
    assert st.record.king_falls == [("p2", "p1", ("aurelie", "ilse"))]


def test_a_king_who_loses_defending_costs_every_fatima_too_and_fights_no_more():
    st = position(kings={"p2": "boy_king"}, hands={"p1": ["kael"]}, fatima={"p2": ["noor", "vesna"]},
                  dice=(2,))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with king")
    assert first(events, "king_revealed").data["card"] == "boy_king"
    assert st.nations["p1"].fatima == ["noor", "vesna"]
    assert st.nations["p2"].humbled and st.nations["p2"].king_shown
    # the humbled king can no longer be laid down, attacking or defending
    assert st.pending.seat == "p2"
    attacks = [a for a in legal(st, "p2") if a.startswith("attack")]
    assert attacks and not any(a.endswith("with king") for a in attacks)


def test_a_humbled_king_with_an_empty_hand_can_only_avoid():
    st = position(hands={"p1": ["squire"]}, fatima={"p2": ["noor"]})
    st.nations["p2"].humbled = True
    act(st, "p1", "attack p2 noor with 1")
    assert legal(st, "p2") == ["avoid", "stop"]


def test_the_king_rides_out_in_the_sight_of_all():
    st = position(fatima={"p2": ["noor"]}, hands={"p2": ["squire"]})
    act(st, "p1", "attack p2 noor with king")
    for seat in ("p2", "p3"):
        c = view(st, seat).combat
        assert c.attack_king is True and c.my_card is None
        assert view(st, seat).nation("p1").king is None


def test_an_attacker_who_wins_ties_takes_a_tie():
    st = position(hands={"p1": ["corisande"], "p2": ["squire"]}, fatima={"p2": ["noor"]}, dice=(3, 6, 6, 3, 6))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    won = first(events, "combat_won")
    assert won.data["seat"] == "p1" and won.data["why"] == "tie"


def test_if_both_win_ties_the_defender_keeps_the_tie():
    st = position(hands={"p1": ["corisande"], "p2": ["ysolde"]}, fatima={"p2": ["noor"]}, dice=(3, 2, 6))
    act(st, "p1", "attack p2 noor with 1")
    events = act(st, "p2", "fight with 1")
    assert first(events, "combat_won").data["seat"] == "p2"


def test_no_attack_on_your_own_nation_or_one_without_fatima():
    st = position(hands={"p1": ["squire"]}, fatima={"p1": ["noor"], "p2": []})
    assert not any(a.startswith("attack") for a in legal(st, "p1"))


# --------------------------------------------------------------------- unveiling
def test_an_unveiling_goes_to_the_highest_roll():
    st = position(players=4, fatima={"p1": ["grisel"]}, dice=(2, 5, 3, 1))
    events = act(st, "p1", "unveil grisel")
    assert first(events, "unveiling").data == {"seat": "p1", "owner": "p1", "card": "grisel"}
    roll = first(events, "roll_off")
    assert roll.data == {"rolls": {"p1": 2, "p2": 5, "p3": 3, "p4": 1}, "round": 1, "winner": "p2", "card": "grisel"}
    assert st.nations["p2"].fatima == ["grisel"]
    assert first(events, "fatima_moved").data == {"card": "grisel", "source": "p1", "to": "p2", "why": "unveil"}


def test_tied_highest_roll_again_until_one_is_highest():
    st = position(players=4, fatima={"p1": ["grisel"]}, dice=(6, 2, 6, 6, 4, 4, 4, 5, 1, 3))
    events = act(st, "p1", "unveil grisel")
    rolls = [e.data["rolls"] for e in every(events, "roll_off")]
    assert rolls == [{"p1": 6, "p2": 2, "p3": 6, "p4": 6}, {"p1": 4, "p3": 4, "p4": 4}, {"p1": 5, "p3": 1, "p4": 3}]
    assert st.nations["p1"].fatima == ["grisel"]
    assert first(events, "fatima_stays").data == {"seat": "p1", "card": "grisel", "why": "unveil"}
    assert st.record.unveilings == 1


def test_every_die_of_a_game_is_told():
    st = new(5, seed=11)
    from narrator import bots
    from fatima_positions import STORY
    players = {s: bots.make("random", STORY, s, 11) for s in st.seats}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, parse(players[seat].choose(view(st, seat))))
    told = sum(len(e.data["rolls"]) for e in st.log if e.kind in ("initiative", "roll_off"))
    told += sum(len(e.data["rolls"]) + len(e.data["rerolls"]) for e in st.log if e.kind == "dice")
    assert told > 0


# --------------------------------------------------------------------- the end
def test_when_the_deck_runs_out_every_nation_plays_one_more_turn_without_drawing():
    st = position(players=4, deck=["squire"], active="p2", draw=True, hands={s: ["pim"] for s in seats(4)})
    assert first(st.log, "deck_empty").data == {"seat": "p2", "left": ["p3", "p4", "p1", "p2"]}
    assert st.final_round and st.pending.seat == "p2"
    act(st, "p2", "pass")
    order = []
    while g.ending(st) is None:
        seat = st.pending.seat
        order.append(seat)
        before = len(st.nations[seat].hand)
        turn = [e for e in st.log if e.kind == "turn"][-1]
        assert turn.data == {"seat": seat, "number": turn.data["number"], "final": True}
        act(st, seat, "pass")
        assert len(st.nations[seat].hand) == before, "nothing is drawn in the final round"
    assert order == ["p3", "p4", "p1", "p2"]
    assert all(n.king_shown for n in st.nations.values()), "every king is turned up for the count"
    assert kinds(st.log)[-2:] == ["final_count", "ending"]


def test_the_deck_can_run_out_on_an_effects_draw():
    st = position(players=3, hands={"p1": ["courier"]}, deck=["aldric", "squire"])
    act(st, "p1", "action 1")
    assert first(st.log, "deck_empty").data == {"seat": "p1", "left": ["p2", "p3", "p1"]}
    assert st.pending.seat == "p2" and st.final_left == ["p3", "p1"]


def test_the_count_reveals_the_kings_and_the_most_points_win():
    st = position(players=3, kings={"p1": "old_lion", "p2": "sea_queen", "p3": "boy_king"},
                  fatima={"p1": ["grisel", "noor"], "p2": ["celandine"], "p3": ["mirabel", "ilse"]},
                  deck=[], final_left=[])
    events = act(st, "p1", "pass")
    count = first(events, "final_count")
    assert count.data["scores"] == {"p1": 3 + 3, "p2": 8, "p3": 2 + 2}
    end = first(events, "ending")
    assert end.data["winners"] == ["p2"]
    assert g.ending(st).id in {p.id for p in CONTENT.book.ending}
    with pytest.raises(GameOver):
        act(st, "p2", "pass")


@pytest.mark.parametrize("court,king,expected", [
    (["aurelie"], None, 5), (["aurelie", "sabine"], None, 2 + 1), (["noor"], None, 6),
    (["noor", "vesna"], None, 3 + 5), (["vesna"], None, 0), (["ilse"], None, 2),
    (["ilse", "wren"], None, 4 + 4), (["ilse", "wren", "maud"], None, 18),
    (["perpetua"], None, 3), (["perpetua", "noor", "odile"], None, -3 + 3 + 2),
    (["celandine"], "iron_regent", 6), (["celandine"], "pilgrim_queen", 8),
    (["celandine", "odile"], None, 6 + 5), (["grisel"], "boy_king", -3), (["grisel"], "bastion_king", 3),
    (["mirabel"], None, 1), (["mirabel", "noor", "vesna"], None, 3 + 3 + 5),
])
def test_fatima_points_with_their_combinations(court, king, expected):
    assert points.score(CONTENT, court, king) == expected


def test_a_tally_counts_every_court_as_score_does():
    # A court written as bits (what the partner weighs gains and losses with) counts the
    # same as the court itself, under every king and under none, courts with the Fatima
    # a king rules included: every court of up to three Fatima, and their king's parts.
    tally = points.tally(CONTENT)
    fatima = sorted(CONTENT.fatima)
    courts = [[]] + [[f] for f in fatima] + [[a, b] for a in fatima for b in fatima if a < b] \
        + [[a, b, c] for a in fatima for b in fatima for c in fatima if a < b < c]
    for king in [None, *sorted(CONTENT.kings)]:
        for court in courts:
            assert tally.score(tally.mask(court), king) == points.score(CONTENT, court, king), (court, king)
    assert tally.members(tally.mask(["noor", "vesna"])) == {"noor", "vesna"}


def test_a_hidden_king_makes_a_rivals_count_uncertain():
    assert not points.certain(CONTENT, ["grisel"], None)
    assert points.certain(CONTENT, ["grisel"], "old_lion")
    assert points.certain(CONTENT, ["noor"], None)
    st = position(fatima={"p2": ["celandine"]}, kings={"p2": "sea_queen"})
    assert view(st, "p1").nation("p2").score == 6 and not view(st, "p1").nation("p2").score_certain
    assert view(st, "p2").nation("p2").score == 8 and view(st, "p2").nation("p2").score_certain


def _decided(fatima, record=None):
    """The page for a count of these courts (p1 Aurel, p2 Ysmay, p3 Sorrel: gentle kings)."""
    st = position(players=3, fatima=fatima, kings={"p1": "boy_king", "p2": "sea_queen", "p3": "pilgrim_queen"})
    for k, v in (record or {}).items():
        setattr(st.record, k, v)
    return g.decide(st, g.scores(st))


def test_ending_shared_crown_when_points_and_fatima_are_level():
    e = _decided({"p1": ["ilse"], "p2": ["wren"]})
    assert (e.id, e.detail["winners"], e.detail["scores"]) == ("shared_crown", ["p1", "p2"], {"p1": 2, "p2": 2, "p3": 0})


def test_ending_tie_broken_by_the_number_of_fatima():
    e = _decided({"p1": ["sabine"], "p2": ["odile", "mirabel"]})
    assert (e.id, e.detail["winners"], e.detail["scores"]["p1"], e.detail["scores"]["p2"]) == ("tie_broken", ["p2"], 4, 4)


def test_ending_late_snatch():
    record = {"final_takers": {"p1"}, "final_leaders": ("p2",), "by_sword": {"p1"}}
    assert _decided({"p1": ["noor"], "p2": ["sabine"]}, record).id == "late_snatch"
    record["final_leaders"] = ("p1",)
    assert _decided({"p1": ["noor"], "p2": ["sabine"]}, record).id != "late_snatch"


def test_ending_kings_fall_when_the_winner_keeps_two_of_the_fallen_court():
    record = {"king_falls": [("p1", "p2", ("ilse", "wren"))], "by_sword": {"p1"}}
    assert _decided({"p1": ["ilse", "wren"], "p2": ["noor"]}, record).id == "kings_fall"
    assert _decided({"p1": ["ilse", "maud", "aurelie"], "p2": ["noor"]}, record).id != "kings_fall"


def test_ending_landslide():
    assert _decided({"p1": ["celandine"], "p2": ["mirabel"]}, {"by_sword": {"p1"}}).id == "landslide"
    assert _decided({"p1": ["celandine"], "p2": ["odile"]}, {"by_sword": {"p1"}}).id == "landslide"   # 8 vs 2
    assert _decided({"p1": ["celandine"], "p2": ["perpetua"]}, {"by_sword": {"p1"}}).id != "landslide"   # 8 vs 3: margin 5


def test_ending_peaceful_unveiling_and_steady_reign():
    assert _decided({"p1": ["noor"], "p2": ["sabine"]}).id == "peaceful_unveiling"
    assert _decided({"p1": ["noor"], "p2": ["sabine"]}, {"by_sword": {"p1"}}).id == "steady_reign"


def test_stop_ends_the_chronicle_on_its_page():
    st = position()
    events = act(st, "p1", "stop")
    assert g.ending(st).id == "stopped" and g.ending(st).detail == {"seat": "p1"}
    assert first(events, "ending").data == {"ending": "stopped", "cause": "stopped", "seat": "p1"}
    assert g.to_act(st) == () and g.legal_actions(st, "p1") == []


# --------------------------------------------------------------------- mistakes
def test_a_move_out_of_turn():
    st = position()
    with pytest.raises(NotYourTurn, match="It is p1's move, not p2's"):
        act(st, "p2", "pass")


def test_an_illegal_action_says_what_is_legal_and_changes_nothing():
    st = position(hands={"p1": ["squire"]}, fatima={"p2": ["noor"]})
    before = (st.moves, list(st.log), {s: n.copy() for s, n in st.nations.items()})
    with pytest.raises(IllegalAction) as err:
        act(st, "p1", "attack p2 noor with 4")
    assert err.value.code == "illegal_action"
    assert "attack p2 noor with 1" in err.value.legal and "pass" in err.value.legal
    assert (st.moves, st.log) == before[:2]
    assert all(st.nations[s].hand == before[2][s].hand for s in st.seats)


def test_an_action_equal_to_one_offered_is_legal_though_not_the_very_value():
    # The rules find an offered action by identity first (every text parsed is the very
    # value offered); one made afresh, equal to it, is as legal, and stopping too.
    st = position(hands={"p1": ["squire"]}, fatima={"p2": ["noor"]})
    fresh = Action("attack", ("p2", "noor", "with", "1"))
    assert fresh is not parse("attack p2 noor with 1") and fresh in g.legal_actions(st, "p1")
    g.apply(st, "p1", fresh)
    assert st.combat is not None and g.to_act(st) == ("p2",)
    g.apply(st, "p2", Action("stop"))
    assert g.ending(st).id == "stopped"


@pytest.mark.parametrize("text", ["", "dance", "attack p2 noor 4", "attack p2 noor with x", "fight 2",
                                  "action", "action x", "discard two", "unveil", "give", "pass now"])
def test_bad_syntax(text):
    with pytest.raises(BadSyntax):
        parse(text)


@pytest.mark.parametrize("text", ["pass", "stop", "avoid", "action 3", "action 3 p2", "action 3 p2 noor",
                                  "decree", "decree p4", "decree p4 noor", "attack p2 noor with 4",
                                  "attack p8 grisel with king", "fight with 2", "fight with king",
                                  "unveil noor", "discard 2", "give 3", "give noor", "spy p3"])
def test_actions_round_trip_through_their_text(text):
    assert str(parse(text)) == text
    action = parse(text)       # its text, written as it is made, is the engine's text of its words
    assert action.text == str(BaseAction(action.verb, action.args)) == text
    assert parse(str(parse(text))) == parse(text)
    assert parse(text.upper()) == parse(text)


@pytest.mark.parametrize("words", [("pass",), ("attack", "p2", "noor", "with", "4"), ("give", "3"),
                                   ("decree", "p4", "noor"), ("made", "afresh", "for", "this", "test")])
def test_an_action_made_by_the_rules_is_the_value_its_class_makes(words):
    # `actions.act` stores an action's fields into its slots itself, not through the
    # dataclass's __init__: the same value in every way it is read, compared or kept.
    import copy
    import pickle

    from engine.fatima.actions import act
    made, plain = act(*words), Action(words[0], words[1:])
    assert made is act(*words) and made.__class__ is Action
    assert made == plain and hash(made) == hash(plain) and repr(made) == repr(plain)
    assert made.text == plain.text == str(made) == str(BaseAction(words[0], words[1:])) == " ".join(words)
    for twin in (pickle.loads(pickle.dumps(made)), copy.deepcopy(made), copy.copy(made)):
        assert twin == made and twin.text == made.text and hash(twin) == hash(made)
    with pytest.raises(AttributeError):
        made.verb = "stop"


def test_every_verb_of_the_grammar_is_tested():
    tested = {"pass", "stop", "avoid", "action", "decree", "attack", "fight", "unveil", "discard", "give", "spy"}
    assert tested == set(GRAMMAR)


# --------------------------------------------------------------------- determinism
def _play(seed: int, players: int, texts=None):
    from narrator import bots
    from fatima_positions import STORY
    st = new(players, seed)
    bot = {s: bots.make("random", STORY, s, seed) for s in st.seats}
    played = []
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        text = texts[len(played)][1] if texts else bot[seat].choose(view(st, seat))
        g.apply(st, seat, parse(text))
        played.append((seat, text))
    return st, played


def test_same_seed_and_actions_give_the_identical_log():
    a, played = _play(5, 6)
    b, _ = _play(5, 6, played)
    assert [(e.kind, e.data, e.seats) for e in a.log] == [(e.kind, e.data, e.seats) for e in b.log]
    c = new(6, 6)
    assert [e.data for e in c.log] != [e.data for e in new(6, 5).log]


def test_a_copied_state_plays_on_alone():
    st = new(4, 9)
    twin = st.copy()
    seat = g.to_act(st)[0]
    move = legal(st, seat)[0]
    act(st, seat, move)
    assert twin.moves == 0 and st.moves == 1
    assert g.to_act(twin)[0] == seat and legal(twin, seat)[0] == move
    act(twin, seat, move)
    assert [e.data for e in st.log] == [e.data for e in twin.log]
