"""The rulebook's rules, one by one: setup, the NPC, the Opening Phase's private looks, a
turn's five actions, the Last-Turn and Ending Phases, killing and elimination, every
answer of the Questions and Answers, and every victory condition."""
from __future__ import annotations

import pytest

from apple_positions import (CONTENT, every, feast, first, g, kinds, legal, new, play, position,
                             view)
from engine.errors import GameOver, IllegalAction, NotYourTurn

SW5 = ["snow_white", "green", "queen", "black", "rose"]          # p1..p5
NOROSE5 = ["snow_white", "prince", "queen", "black", "green"]


# --- setup --------------------------------------------------------------------------------
def test_setup_deals_each_player_their_own_look():
    st = new(6, seed=3)
    deals = every(st.log, "deal_seen")
    assert [e.data["seat"] for e in deals] == list(st.players)
    for e in deals:
        s = e.data["seat"]
        assert e.seats == frozenset({s})
        assert e.data == {"seat": s, "character": st.roles[s], "apple": st.tiles[s][0] in st.poisoned,
                          "tile": st.tiles[s][0], "card": st.hands[s][0]}
    setup = st.log[0]
    assert setup.kind == "setup" and setup.seats is None
    assert setup.data["players"] == 6 and setup.data["poisoned"] == 3 and setup.data["cast"] == list(st.cast)


def test_p1_starts():
    for players in range(4, 9):
        st = new(players, seed=players)
        assert g.to_act(st) == ("p1",)
        assert st.log[-1].kind == "turn" and st.log[-1].data == {"seat": "p1", "number": 1, "phase": "story"}


def test_the_card_set_aside_is_never_seen():
    st = new(5, seed=1)
    aside = st.aside[0]
    for s in st.seats:
        v = view(st, s)
        assert v.aside == 1
        assert all(e[1].get("card") != aside or e[0] == "deal_seen" and e[1]["seat"] == s
                   or e[0] == "draw_seen" for e in v.log)


def test_an_action_out_of_turn_or_after_the_end():
    st = new(5)
    with pytest.raises(NotYourTurn, match="It is p1's move, not p2's"):
        play(st, "p2", "progress")
    with pytest.raises(IllegalAction) as err:
        play(st, "p1", "exchange apple p8")
    assert "progress" in err.value.legal
    play(st, "p1", "stop")
    with pytest.raises(GameOver):
        play(st, "p2", "progress")


# --- the NPC -----------------------------------------------------------------------------
def test_the_npc_is_never_the_queen_and_is_dealt_like_a_player():
    seen = set()
    for seed in range(200):
        st = new(4, seed)
        assert st.roles["npc"] != CONTENT.queen
        assert CONTENT.queen in [st.roles[s] for s in st.players]
        assert len(st.tiles["npc"]) == 1 and len(st.hands["npc"]) == 1
        assert not any(e.kind == "deal_seen" and e.data["seat"] == "npc" for e in st.log)
        seen.add(st.roles["npc"])
    assert len(seen) >= 4          # any character but the Queen


def test_the_npc_takes_no_turns():
    st = new(4, seed=2)
    turns = []
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        assert seat != "npc"
        if st.log[-1].kind == "turn":
            turns.append(st.log[-1].data["seat"])
        options = legal(st, seat)
        play(st, seat, next(a for a in options if a.startswith(("progress", "give"))) if any(
            a.startswith(("progress", "give")) for a in options) else options[0])
    assert "npc" not in {e.data["seat"] for e in every(st.log, "turn")}
    assert legal(st, "npc") == []


def test_questions_cannot_be_asked_of_the_npc_but_it_can_be_designated():
    st = position(4, roles=["green", "queen", "black", "rose", "snow_white"],
                  hands={"p1": ["apples"]}, pile=["peek", "side"])
    play(st, "p1", "progress")
    options = legal(st, "p1")
    assert "progress use 1 p2" in options and not any(a.startswith("progress use 1 npc") for a in options)
    assert "progress use 2 p2" in options and "progress use 2 npc" not in options   # "Whose Side?"
    assert "exchange apple npc" in legal(position(4), "p1")
    st = position(4, hands={"p1": ["mirror"]}, pile=["peek"])
    play(st, "p1", "progress")
    assert "progress use 1 npc" in legal(st, "p1") and "progress use 2 npc" in legal(st, "p1")


def test_the_npcs_seat_sees_only_what_the_table_sees():
    st = new(4, seed=5)
    v = view(st, "npc")
    assert v.character is None and v.hand == () and v.known_apples == {} and v.answers == ()
    assert all(p.character is None for p in v.table)
    assert all(e[0] not in ("deal_seen", "green_sees", "black_sees") for e in v.log)


# --- the Opening Phase ----------------------------------------------------------------------
def _find(players, test, mix=1):
    for seed in range(500):
        st = new(players, seed, mix)
        if test(st):
            return st
    raise AssertionError("no such deal")


def test_green_alone_learns_snow_whites_seat():
    st = _find(8, lambda s: "green" in s.cast)
    green, sw = st.seat_of("green"), st.seat_of("snow_white")
    looks = every(st.log, "green_sees")
    assert len(looks) == 1 and looks[0].seats == frozenset({green})
    assert looks[0].data == {"seat": green, "snow_white": sw}
    assert first(st.log, "opening").seats is None and first(st.log, "opening").data == {"who": "green"}
    assert view(st, green).place(sw).character == "snow_white"
    for s in st.seats:
        if s not in (green, sw):
            assert view(st, s).place(sw).character is None
            assert not any(k == "green_sees" for k, _ in view(st, s).log)


def test_black_alone_learns_where_the_poison_lies():
    st = _find(8, lambda s: "black" in s.cast)
    black = st.seat_of("black")
    look = first(st.log, "black_sees")
    assert look.seats == frozenset({black})
    assert look.data["poisoned"] == [s for s in st.seats if st.tiles[s][0] in st.poisoned]
    assert len(look.data["poisoned"]) == 4
    assert view(st, black).known_apples == {t: t in st.poisoned for ts in st.tiles.values() for t in ts}
    for s in st.players:
        if s != black:
            assert len(view(st, s).known_apples) == 1      # only their own


def test_an_npc_green_or_black_opens_no_eyes():
    st = _find(4, lambda s: s.roles["npc"] in ("green", "black"))
    who = st.roles["npc"]
    assert {"who": who} in [e.data for e in every(st.log, "opening")]
    assert not every(st.log, "green_sees" if who == "green" else "black_sees")


def test_green_sees_an_npc_snow_white():
    st = _find(4, lambda s: s.roles["npc"] == "snow_white" and "green" in s.cast)
    assert first(st.log, "green_sees").data["snow_white"] == "npc"


def test_black_sees_poison_on_the_npcs_plate():
    st = _find(4, lambda s: "black" in s.cast and s.roles["npc"] != "black" and s.tiles["npc"][0] in s.poisoned)
    assert "npc" in first(st.log, "black_sees").data["poisoned"]


def test_no_opening_phase_without_green_or_black():
    st = _find(5, lambda s: "green" not in s.cast and "black" not in s.cast)
    assert not every(st.log, "opening")


# --- a turn: the five actions ------------------------------------------------------------------
def test_story_progress_draws_to_two_then_uses_or_discards():
    st = position(5, hands={"p1": ["peek"]}, pile=["side", "apples"])
    events = play(st, "p1", "progress")
    assert kinds(events) == ["draw", "draw_seen"]
    assert every(events, "draw")[0].seats is None and every(events, "draw_seen")[0].seats == frozenset({"p1"})
    assert st.hands["p1"] == ["peek", "apples"] and g.to_act(st) == ("p1",)
    options = legal(st, "p1")
    assert "progress discard 1" in options and "progress discard 2" in options
    assert "progress use 2 p3" in options and "progress use 1 p5" in options
    events = play(st, "p1", "progress discard 1")
    assert first(events, "card_discarded").data == {"seat": "p1", "card": "peek"}
    assert st.discard == ["peek"] and st.hands["p1"] == ["apples"]
    assert g.to_act(st) == ("p2",) and events[-1].data == {"seat": "p2", "number": 2, "phase": "story"}


def test_story_progress_draws_one_card_even_from_an_empty_hand():
    # As printed: "Draw 1 card from the top of the draw pile, so that your hand has 2".
    st = position(5, hands={"p1": []}, pile=["side", "apples", "peek"])
    play(st, "p1", "progress")
    assert st.hands["p1"] == ["peek"] and st.pile == ["side", "apples"]


def test_with_no_draw_pile_a_hand_exchange_gives_your_hand():
    # The Q&A: "a hand exchange simply means giving your hand to the other player".
    st = position(5, hands={"p1": ["peek"], "p3": ["side"]}, pile=[], phase="last", last=["p1", "p2"])
    events = play(st, "p1", "exchange hand p3")
    assert st.hands["p1"] == [] and st.hands["p3"] == ["side", "peek"]
    assert first(events, "hand_given").data == {"seat": "p1", "target": "p3", "count": 1}
    got = every(events, "hand_received")
    assert [(e.data["seat"], e.data["card"], e.seats) for e in got] == [("p3", "peek", frozenset({"p3"}))]


def test_hand_exchange():
    st = position(5, hands={"p1": ["peek"], "p3": ["side"]})
    events = play(st, "p1", "exchange hand p3")
    assert st.hands["p1"] == ["side"] and st.hands["p3"] == ["peek"]
    assert first(events, "hand_exchange").data == {"seat": "p1", "target": "p3"}
    got = every(events, "hand_received")
    assert {(e.data["seat"], e.data["card"]) for e in got} == {("p1", "side"), ("p3", "peek")}
    assert all(e.seats == frozenset({e.data["seat"]}) for e in got)


def test_apple_exchange():
    st = position(5, poisoned={"a3"})
    events = play(st, "p1", "exchange apple p3")
    assert st.tiles["p1"] == ["a3"] and st.tiles["p3"] == ["a1"]
    assert first(events, "apple_exchange").data == {"seat": "p1", "target": "p3"}
    # Nobody learns anything by it; p1 still knows the tile it held, now p3's.
    assert view(st, "p1").known_apples == {"a1": False}
    assert view(st, "p3").known_apples == {"a3": True}


def test_check_your_own_apple():
    st = position(5, poisoned={"a2"})
    st.tiles["p1"], st.tiles["p2"] = ["a2"], ["a1"]
    assert view(st, "p1").known_apples == {"a1": False}
    events = play(st, "p1", "check apple")
    mine, others = every(events, "apple_checked")
    assert mine.seats == frozenset({"p1"}) and mine.data["poisoned"] is True and mine.data["mine"] is True
    assert others.seats == frozenset(s for s in st.seats if s != "p1") and "poisoned" not in others.data
    assert view(st, "p1").known_apples == {"a1": False, "a2": True}


def test_character_abilities_are_actions_only_for_those_who_have_them():
    st = position(5, roles=SW5)
    assert not any(a.startswith("ability") for a in legal(st, "p1"))      # Snow White has none
    st = position(5, roles=["rose", "green", "queen", "black", "snow_white"])
    assert "ability p2" in legal(st, "p1")


# --- the Last-Turn Phase ---------------------------------------------------------------------
def test_no_draw_pile_starts_the_last_turns_with_the_next_player():
    st = position(5, hands={"p1": ["peek"]}, pile=["side"])
    play(st, "p1", "progress")
    events = play(st, "p1", "progress discard 1")
    assert first(events, "last_turns").data == {"first": "p2", "reason": "pile_empty"}
    assert events[-1].data == {"seat": "p2", "number": 2, "phase": "last"}
    assert st.last_queue == ["p3", "p4", "p5", "p1"]
    order = []
    while st.phase == "last":
        seat = g.to_act(st)[0]
        order.append(seat)
        play(st, seat, f"exchange hand {'p1' if seat != 'p1' else 'p2'}")
    assert order == ["p2", "p3", "p4", "p5", "p1"]
    assert g.ending(st) is not None or st.pending is not None


def test_the_last_turns_skip_the_eliminated():
    st = position(5, roles=SW5, hands={"p1": ["comb"]}, pile=[], phase="last", last=["p2", "p3", "p4", "p5"])
    play(st, "p1", "progress use 1 p3")            # the Queen, eliminated
    assert "p3" not in st.living and g.to_act(st) == ("p2",) and st.last_queue == ["p4", "p5"]
    play(st, "p2", "exchange hand p4")
    assert g.to_act(st) == ("p4",)


def test_the_long_night():
    st = position(4)
    st.turn = g.LONG_NIGHT_ROUNDS * 4 - 1           # the last turn of the twelfth round
    assert "last_turns" not in kinds(play(st, "p1", "check apple"))
    st.active = "p4"
    events = play(st, "p4", "check apple")
    assert first(events, "last_turns").data == {"first": "p1", "reason": "long_night"}
    assert st.pile and "progress" not in legal(st, "p1")


def test_an_eight_player_bot_game_goes_on_long_enough():
    from narrator import bots
    from apple_positions import STORY
    st = new(8, seed=11)
    players = {s: bots.make("partner", STORY, s, 11) for s in st.seats}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        play(st, seat, players[seat].choose(view(st, seat)))
    assert st.turn >= 24


# --- the Ending Phase -----------------------------------------------------------------------
def test_the_queen_shows_her_apple_first_and_hands_on_the_poison():
    st = position(5, roles=SW5, poisoned={"a3"})
    events = feast(st, "p2")
    assert g.to_act(st) == ("p3",) and st.pending.kind == "queen"
    options = legal(st, "p3")
    assert options == ["give p1", "give p2", "give p4", "give p5", "keep", "stop"]
    assert view(st, "p3").known_apples["a3"] is True and view(st, "p3").decision.apples == ("a3",)
    assert "characters_revealed" not in kinds(events)
    events = play(st, "p3", "give p1")
    assert view(st, "p2").known_apples["a3"] is True                # shown to everyone
    assert view(st, "p2").place("p3").character == "queen"
    assert first(events, "queen_apple").data == {"seat": "p3", "poisoned": True, "apples": 1, "target": "p1"}
    assert kinds(events)[:2] == ["queen_apple", "characters_revealed"]
    assert g.ending(st).id == "queens_apple"


def test_a_sweet_queens_apple_is_only_shown():
    st = position(5, roles=SW5, poisoned={"a4"})
    events = feast(st, "p1")
    assert first(events, "queen_apple").data == {"seat": "p3", "poisoned": False, "apples": 1}
    assert g.ending(st) is not None


def test_the_queen_may_keep_her_poisoned_apple():
    st = position(5, roles=SW5, poisoned={"a3"})
    feast(st, "p1")
    events = play(st, "p3", "keep")
    assert first(events, "queen_apple").data["kept"] is True
    assert {"seat": "p3", "cause": "poison"} in [e.data for e in every(events, "died")]
    assert g.ending(st).id == "rose_alone"


def test_an_eliminated_queen_does_nothing_at_the_end():
    st = position(5, roles=SW5, poisoned={"a3"}, hands={"p1": ["knife"]}, phase="last")
    events = play(st, "p1", "progress use 1 p3")
    assert "queen_apple" not in kinds(events) and g.ending(st) is not None


def test_at_the_feast_characters_are_shown_and_everyone_eats():
    st = position(5, roles=NOROSE5, poisoned={"a4", "a5"}, hands={"p2": ["peek"]})
    events = feast(st, "p1")
    assert first(events, "characters_revealed").data["roles"] == dict(zip(st.seats, NOROSE5))
    eats = every(events, "eat")
    assert [e.data["seat"] for e in eats] == list(st.seats)
    assert eats[1].data == {"seat": "p2", "poisoned": False, "apples": 1, "poisoned_apples": 0, "cards": ["peek"]}
    assert [e.data for e in every(events, "died")] == [{"seat": "p4", "cause": "poison"},
                                                       {"seat": "p5", "cause": "poison"}]
    assert g.ending(st).id == "snow_white_lives"


# --- killing -------------------------------------------------------------------------------------
def test_a_killed_player_is_announced_only_as_not_snow_white_and_eliminated():
    st = position(5, roles=SW5, hands={"p1": ["comb"], "p4": ["ring"]}, phase="last", last=["p2"])
    events = play(st, "p1", "progress use 1 p4")
    assert first(events, "card_used").data == {"seat": "p1", "card": "comb", "target": "p4"}
    killed = first(events, "killed")
    assert killed.seats is None and killed.data == {"seat": "p4", "not_snow_white": True, "by": "p1", "card": "comb"}
    assert "black" not in str([e.data for e in events])
    assert first(events, "eliminated").data == {"seat": "p4"}
    assert "p4" not in st.living and st.hands["p4"] == [] and st.tiles["p4"] == []
    assert "ring" in st.removed and "a4" in st.removed_tiles
    for s in ("p2", "p3", "p5"):
        assert view(st, s).place("p4").character is None and not view(st, s).place("p4").living


def test_snow_white_killed_by_a_card_wins_for_the_queen_at_once():
    st = position(5, roles=SW5, hands={"p3": ["comb"]}, phase="last", active="p3", last=["p4", "p5"])
    events = play(st, "p3", "progress use 1 p1")
    assert first(events, "snow_white_killed").data == {"seat": "p1", "by": "p3", "card": "comb", "npc": False}
    assert kinds(events)[-2:] == ["characters_revealed", "ending"]
    assert first(events, "characters_revealed").data["roles"] == dict(zip(st.seats, SW5))
    end = g.ending(st)
    assert end.id == "queen_weapon" and end.detail["winners"] == ["p3", "p4"]
    assert "eat" not in kinds(events)


def test_an_npc_snow_white_killed_lets_the_game_go_on():
    st = position(4, roles=["green", "queen", "black", "rose", "snow_white"], hands={"p2": ["knife"]},
                  phase="last", active="p2", last=["p3", "p4", "p1"])
    events = play(st, "p2", "progress use 1 npc")
    assert first(events, "snow_white_killed").data == {"seat": "npc", "by": "p2", "card": "knife", "npc": True}
    assert "eliminated" in kinds(events) and g.ending(st) is None and g.to_act(st) == ("p3",)
    for seat in ("p3", "p4", "p1"):
        play(st, seat, "check apple")
        if st.pending is not None:
            play(st, st.pending.seat, str(st.pending.options[0]))
    end = g.ending(st)
    assert end.id == "npc_snow_white" and set(end.detail["winners"]) == {"p2", "p3"}


def test_you_cannot_kill_yourself():
    st = position(5, hands={"p1": ["comb"]}, phase="last")
    assert "progress use 1 p1" not in legal(st, "p1")


# --- the rulebook's Questions and Answers, one test each --------------------------------------
def test_qa_cards_are_discarded_face_up():
    st = position(5, hands={"p1": ["side"]}, pile=["peek"])
    play(st, "p1", "progress")
    events = play(st, "p1", "progress discard 2")
    assert first(events, "card_discarded").seats is None
    assert all(view(st, s).discard == ("peek",) for s in st.seats)


def test_qa_without_a_draw_pile_progress_only_uses_your_hand_and_an_exchange_gives_your_hand():
    st = position(5, hands={"p1": ["peek"], "p2": []}, pile=[], phase="last", last=["p2"])
    options = legal(st, "p1")
    assert "progress" not in options and "progress discard 1" in options and "progress use 1 p2" in options
    play(st, "p1", "exchange hand p2")
    assert st.hands["p1"] == [] and st.hands["p2"] == ["peek"]
    assert "progress discard 1" in legal(st, "p2")


def test_qa_discards_are_never_shuffled_into_a_new_pile():
    st = position(5, hands={"p1": ["peek"]}, pile=["side"])
    st.discard = ["apples", "mushrooms"]
    play(st, "p1", "progress")
    events = play(st, "p1", "progress discard 1")
    assert "last_turns" in kinds(events) and st.pile == [] and st.discard == ["apples", "mushrooms", "peek"]
    assert "progress" not in legal(st, "p2")


def test_qa_snow_white_killed_and_the_queen_dead_too_is_the_queens_win():
    st = position(5, roles=NOROSE5, poisoned={"a1", "a3"})
    feast(st, "p2")
    play(st, "p3", "keep")                       # she eats her own poisoned apple
    dead = {e.data["seat"] for e in every(st.log, "died")}
    assert {"p1", "p3"} <= dead
    assert g.ending(st).id == "queen_feast" and g.ending(st).detail["winners"] == ["p3", "p4"]


def test_qa_the_npc_holding_the_cursed_ring_is_killed():
    st = position(4, roles=["green", "queen", "black", "rose", "prince"], hands={"npc": ["ring"]}, poisoned={"a3"})
    feast(st, "p1")
    assert {"seat": "npc", "cause": "ring", "card": "ring"} in [e.data for e in every(st.log, "died")]


def test_qa_you_may_discard_rather_than_use_after_drawing():
    st = position(5, hands={"p1": ["mirror"]}, pile=["peek"])
    assert "progress" in legal(st, "p1") and not any(a.startswith("progress use") for a in legal(st, "p1"))
    play(st, "p1", "progress")
    assert {"progress discard 1", "progress discard 2"} <= set(legal(st, "p1"))


def test_qa_the_prince_who_eats_two_poisoned_apples_comes_back():
    st = position(5, roles=NOROSE5, poisoned={"a2", "a4"})
    st.tiles["p2"], st.tiles["p4"] = ["a2", "a4"], []            # the Prince holds two poisoned apples
    events = feast(st, "p1")
    assert [e.data for e in every(events, "died") if e.data["seat"] == "p2"] == [{"seat": "p2", "cause": "poison"}]
    assert first(events, "revived").data == {"seat": "p2"}
    assert g.ending(st).id == "prince_revived"


def test_qa_other_deaths_of_the_prince_cannot_be_undone():
    st = position(5, roles=NOROSE5, poisoned={"a2", "a4"}, hands={"p2": ["ring"]})
    st.tiles["p2"], st.tiles["p4"] = ["a2", "a4"], []
    feast(st, "p1")
    causes = [e.data["cause"] for e in every(st.log, "died") if e.data["seat"] == "p2"]
    assert causes == ["poison", "ring"] and g.ending(st).id == "snow_white_lives"
    # A weapon is no poison: a killed Prince stays dead.
    st = position(5, roles=NOROSE5, hands={"p1": ["comb"]}, phase="last", last=["p3"])
    play(st, "p1", "progress use 1 p2")
    assert "p2" not in st.living


def test_qa_no_exchange_with_an_eliminated_player():
    st = position(5, roles=SW5, hands={"p1": ["comb"]}, phase="last", last=["p2", "p3"])
    play(st, "p1", "progress use 1 p4")
    options = legal(st, "p2")
    assert not any(a.endswith(" p4") for a in options)
    with pytest.raises(IllegalAction):
        play(st, "p2", "exchange apple p4")


def test_qa_throw_it_away_on_a_player_with_no_cards():
    st = position(5, hands={"p1": ["throw_away"], "p3": []}, pile=["ring"])
    play(st, "p1", "progress")
    events = play(st, "p1", "progress use 1 p3")
    assert st.hands["p3"] == ["ring"] and st.hands["p1"] == []
    assert not every(events, "card_discarded")
    assert first(events, "hand_received").data == {"seat": "p3", "card": "ring", "source": "p1"}


# --- every victory condition -------------------------------------------------------------------
def _end(st, seat="p1", give=None):
    feast(st, seat)
    if st.pending is not None:
        play(st, st.pending.seat, give or str(st.pending.options[-1]))
    return g.ending(st)


def test_snow_white_lives_wins_for_her_faction():
    end = _end(position(5, roles=NOROSE5, poisoned={"a3", "a4"}))
    assert end.id == "snow_white_lives" and end.detail["winners"] == ["p1", "p2", "p5"]


def test_rose_alive_makes_snow_whites_faction_lose_and_wins_alone():
    end = _end(position(5, roles=SW5, poisoned={"a2", "a4"}))
    assert end.id == "rose_alone" and end.detail["winners"] == ["p5"]


def test_rose_dead_lets_snow_whites_faction_win():
    end = _end(position(5, roles=SW5, poisoned={"a5", "a4"}))
    assert end.id == "snow_white_lives" and end.detail["winners"] == ["p1", "p2"]


def test_rose_spoils_the_princes_revival():
    st = position(5, roles=["snow_white", "prince", "queen", "black", "rose"], poisoned={"a2", "a4"})
    st.tiles["p2"], st.tiles["p4"] = ["a2", "a4"], []
    end = _end(st)
    assert end.id == "rose_spoils" and end.detail["winners"] == ["p5"]


def test_snow_white_eats_poison_at_the_feast():
    end = _end(position(5, roles=SW5, poisoned={"a1", "a4"}))
    assert end.id == "queen_feast" and end.detail["winners"] == ["p3", "p4"]


def test_the_queens_apple_handed_to_snow_white():
    end = _end(position(5, roles=SW5, poisoned={"a3", "a4"}), give="give p1")
    assert end.id == "queens_apple" and end.detail["seat"] == "p1"


def test_the_cursed_ring_kills_snow_white():
    end = _end(position(5, roles=SW5, poisoned={"a3", "a4"}, hands={"p1": ["ring"]}), seat="p2", give="give p5")
    assert end.id == "cursed_ring" and end.detail["winners"] == ["p3", "p4"]


def test_the_cursed_ring_kills_rose_and_snow_white_wins():
    end = _end(position(5, roles=SW5, poisoned={"a4"}, hands={"p5": ["ring"]}))
    assert end.id == "snow_white_lives"


def test_stopping():
    st = new(6)
    events = play(st, "p1", "stop")
    assert events[-1].kind == "ending" and events[-1].data == {"ending": "stopped", "cause": "stopped",
                                                               "winners": [], "seat": "p1"}
