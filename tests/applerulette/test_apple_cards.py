"""Every story card and every character's ability, each doing what its text says."""
from __future__ import annotations

import pytest

from apple_positions import CONTENT, every, feast, first, g, kinds, legal, play, position, view

ROLES = ["snow_white", "green", "queen", "black", "rose"]        # p1..p5
#         apple       mushroom  none     mushroom  apple


def drawn(card: str, roles=None, players=5, hand=("peek",), phase="story", **kw):
    """p1 holds `hand` and draws `card`: the decision to use or discard is up."""
    st = position(players, roles=roles or (ROLES if players == 5 else None), hands={"p1": list(hand)},
                  pile=[card], phase=phase, **kw)
    if phase == "story":
        play(st, "p1", "progress")
    else:
        st.hands["p1"].append(card)
    return st


def test_every_card_has_a_test_here():
    tested = {"apples", "mushrooms", "mirror", "comb", "knife", "throw_away", "ring", "peek", "plates",
              "hands", "side"}
    assert tested == set(CONTENT.cards)


@pytest.mark.parametrize("card,question,answers", [
    ("apples", "apples", {"p1": True, "p2": False, "p3": False, "p4": False, "p5": True}),
    ("mushrooms", "mushrooms", {"p1": False, "p2": True, "p3": False, "p4": True, "p5": False}),
    ("side", "faction", {"p1": True, "p2": True, "p3": False, "p4": False, "p5": False}),
])
def test_questions_are_answered_truthfully_and_only_to_the_asker(card, question, answers):
    for target, answer in answers.items():
        if target == "p1":
            continue
        st = drawn(card)
        events = play(st, "p1", f"progress use 2 {target}")
        q, a = first(events, "question"), first(events, "answer")
        assert q.seats is None and q.data == {"seat": "p1", "target": target, "question": question, "source": card}
        assert a.seats == frozenset({"p1"})
        assert a.data == {"seat": "p1", "target": target, "question": question, "answer": answer}
        assert view(st, "p1").answers == ((target, question, answer),)
        assert view(st, target).answers == ()


def test_the_mirror_says_whether_they_are_snow_white():
    for target, answer in (("p2", False), ("p4", False)):
        st = drawn("mirror", roles=["green", "queen", "black", "rose", "snow_white"])
        events = play(st, "p1", f"progress use 2 {target}")
        assert first(events, "answer").data["answer"] is answer
    st = drawn("mirror", roles=["green", "queen", "black", "rose", "snow_white"])
    play(st, "p1", "progress use 2 p5")
    assert first(st.log, "answer").data["answer"] is True
    assert view(st, "p1").place("p5").character == "snow_white"          # now p1 knows
    assert view(st, "p2").place("p5").character is None


@pytest.mark.parametrize("weapon", ["comb", "knife"])
def test_weapons_are_usable_only_on_the_last_turn(weapon):
    st = drawn(weapon)
    assert not any(a.startswith("progress use 2") for a in legal(st, "p1"))
    assert "progress discard 2" in legal(st, "p1")
    st = drawn(weapon, phase="last", last=["p2"])
    assert {f"progress use 2 {s}" for s in ("p2", "p3", "p4", "p5")} <= set(legal(st, "p1"))
    events = play(st, "p1", "progress use 2 p4")
    assert first(events, "card_used").data == {"seat": "p1", "card": weapon, "target": "p4"}
    assert first(events, "killed").data["seat"] == "p4" and "p4" not in st.living


def test_i_will_throw_it_away_for_you():
    st = position(5, roles=ROLES, hands={"p1": ["ring"], "p3": ["comb"]}, pile=["throw_away"])
    play(st, "p1", "progress")
    events = play(st, "p1", "progress use 2 p3")
    assert first(events, "card_used").data == {"seat": "p1", "card": "throw_away", "target": "p3"}
    assert first(events, "card_discarded").data == {"seat": "p3", "card": "comb", "by": "p1"}
    assert first(events, "hand_exchange").data == {"seat": "p1", "target": "p3", "one_way": True}
    received = first(events, "hand_received")
    assert received.seats == frozenset({"p3"}) and received.data == {"seat": "p3", "card": "ring", "source": "p1"}
    assert st.hands == {**st.hands, "p1": [], "p3": ["ring"]}
    assert st.discard == ["throw_away", "comb"]


def test_the_cursed_ring_cannot_be_used_but_may_be_discarded():
    # The Q&A: any card you do not want to use may be discarded.
    st = drawn("peek", hand=("ring",))
    options = legal(st, "p1")
    assert not any(a.startswith("progress use 1") for a in options)
    assert "progress discard 1" in options and "progress discard 2" in options
    st = position(5, hands={"p1": ["ring"]}, pile=[], phase="last")
    assert [a for a in legal(st, "p1") if a.startswith("progress")] == ["progress discard 1"]


def test_the_cursed_ring_kills_its_holder_at_the_end():
    st = position(5, roles=ROLES, poisoned={"a4"}, hands={"p2": ["ring"]})
    events = feast(st, "p1")
    assert {"seat": "p2", "cause": "ring", "card": "ring"} in [e.data for e in every(events, "died")]
    assert first([e for e in events if e.kind == "eat" and e.data["seat"] == "p2"], "eat").data["cards"] == ["ring"]


def test_a_peek_at_the_plate():
    st = drawn("peek", hand=("side",), poisoned={"a3"})
    assert "progress use 2 p3" in legal(st, "p1")
    events = play(st, "p1", "progress use 2 p3")
    seen = first(events, "apple_checked")
    assert seen.seats == frozenset({"p1"})
    assert seen.data == {"seat": "p1", "target": "p3", "mine": True, "poisoned": True, "apples": 1,
                         "poisoned_apples": 1, "tiles": ["a3"]}
    assert view(st, "p1").known_apples == {"a1": False, "a3": True}


def test_a_peek_needs_someone_holding_an_apple():
    st = drawn("peek", hand=("side",))
    st.tiles["p1"] += st.tiles["p3"]
    st.tiles["p3"] = []
    st.pending.options = tuple(g.progress_choices(st, "p1"))
    assert "progress use 2 p3" not in legal(st, "p1") and "progress use 2 p2" in legal(st, "p1")


def test_switch_the_plates():
    st = drawn("plates")
    options = legal(st, "p1")
    assert "progress use 2 p1 p3" in options and "progress use 2 p2 p5" in options
    assert "progress use 2 p3 p2" not in options                      # each pair once, in seat order
    events = play(st, "p1", "progress use 2 p2 p5")
    assert first(events, "card_used").data == {"seat": "p1", "card": "plates", "targets": ["p2", "p5"]}
    assert first(events, "apple_exchange").data == {"seat": "p2", "target": "p5", "by": "p1"}
    assert st.tiles["p2"] == ["a5"] and st.tiles["p5"] == ["a2"]


def test_hand_in_hand():
    st = position(5, hands={"p1": ["side"], "p2": ["comb"], "p4": ["ring"]}, pile=["hands"])
    play(st, "p1", "progress")
    events = play(st, "p1", "progress use 2 p2 p4")
    assert first(events, "hand_exchange").data == {"seat": "p2", "target": "p4", "by": "p1"}
    assert st.hands["p2"] == ["ring"] and st.hands["p4"] == ["comb"]
    got = {e.data["seat"]: (e.data["card"], e.seats) for e in every(events, "hand_received")}
    assert got == {"p2": ("ring", frozenset({"p2"})), "p4": ("comb", frozenset({"p4"}))}


# --- character abilities ------------------------------------------------------------------------
def test_every_character_has_a_test_here():
    tested = {"snow_white", "prince", "green", "huntsman", "grey", "queen", "black", "peddler",
              "mirror_servant", "rose"}
    assert tested == set(CONTENT.characters)


def test_snow_white_and_green_and_black_and_the_queen_have_no_turn_ability():
    for role in ("snow_white", "green", "black", "queen", "huntsman"):
        st = position(5, roles=[role] + [r for r in ROLES if r != role][:4])
        assert not any(a.startswith("ability") for a in legal(st, "p1"))
    # Green and Black: their looks are the Opening Phase's (test_apple_rules); the Queen's
    # is the Ending Phase's (below and test_apple_rules).


def test_an_ability_shows_the_character_to_the_table_and_is_used_once():
    st = position(5, roles=["grey", "snow_white", "queen", "black", "rose"], poisoned={"a2"})
    events = play(st, "p1", "ability p2")
    shown = first(events, "ability")
    assert shown.seats is None and shown.data == {"seat": "p1", "character": "grey", "target": "p2"}
    for s in st.seats:
        assert view(st, s).place("p1").character == "grey"
    st.active = "p1"                                  # p1's turn again: the ability is spent
    assert not any(a.startswith("ability") for a in legal(st, "p1"))
    assert view(st, "p1").ability_used


def test_grey_looks_at_an_apple():
    st = position(5, roles=["grey", "snow_white", "queen", "black", "rose"], poisoned={"a2"})
    events = play(st, "p1", "ability p2")
    assert first(events, "apple_checked").data["poisoned"] is True
    assert view(st, "p1").known_apples["a2"] is True


def test_the_prince_takes_an_apple_and_eats_both():
    st = position(5, roles=["prince", "snow_white", "queen", "black", "green"], poisoned={"a1", "a2"})
    assert "ability p2" in legal(st, "p1")
    events = play(st, "p1", "ability p2")
    assert first(events, "apple_exchange").data == {"seat": "p1", "target": "p2", "one_way": True}
    assert st.tiles["p1"] == ["a1", "a2"] and st.tiles["p2"] == []
    assert "exchange apple p1" in legal(st, "p2")                     # she may still take them back
    end_events = feast(st, "p3")
    eat = [e for e in every(end_events, "eat") if e.data["seat"] == "p1"][0]
    assert eat.data["apples"] == 2 and eat.data["poisoned_apples"] == 2
    assert first(end_events, "revived").data == {"seat": "p1"}
    snow = [e for e in every(end_events, "eat") if e.data["seat"] == "p2"][0]
    assert snow.data["apples"] == 0 and g.ending(st).id == "prince_revived"


def test_the_prince_dies_of_one_poisoned_apple():
    st = position(5, roles=["prince", "snow_white", "queen", "black", "green"], poisoned={"a1", "a4"})
    play(st, "p1", "ability p2")
    feast(st, "p3")
    assert "revived" not in kinds(st.log) and g.ending(st).id == "snow_white_lives"


def test_the_huntsman_uses_weapons_before_the_last_turn_and_shows_himself():
    st = drawn("knife", roles=["huntsman", "snow_white", "queen", "black", "rose"])
    assert "progress use 2 p5" in legal(st, "p1")
    events = play(st, "p1", "progress use 2 p5")
    assert kinds(events)[:3] == ["ability", "card_used", "killed"]
    assert first(events, "ability").data == {"seat": "p1", "character": "huntsman", "card": "knife"}
    assert "p5" not in st.living and g.ending(st) is None
    # On the last turn his weapon needs no ability, and shows nothing.
    st = drawn("comb", roles=["huntsman", "snow_white", "queen", "black", "rose"], phase="last")
    events = play(st, "p1", "progress use 2 p3")
    assert "ability" not in kinds(events)


def test_the_peddler_looks_then_may_exchange():
    for answer, mine in (("yes", ["a2"]), ("no", ["a1"])):
        st = position(5, roles=["peddler", "snow_white", "queen", "black", "rose"], poisoned={"a1"})
        events = play(st, "p1", "ability p2")
        assert first(events, "apple_checked").data == {"seat": "p1", "target": "p2", "mine": True,
                                                       "poisoned": False, "apples": 1, "poisoned_apples": 0, "tiles": ["a2"]}
        assert g.to_act(st) == ("p1",) and st.pending.kind == "may"
        assert legal(st, "p1") == ["yes", "no", "stop"]
        assert view(st, "p1").decision.prompt.startswith("Exchange apple tiles with them?")
        events = play(st, "p1", answer)
        assert st.tiles["p1"] == mine and g.to_act(st) == ("p2",)
        assert ("apple_exchange" in kinds(events)) == (answer == "yes")


def test_the_mirrors_servant_asks_the_mirror():
    st = position(4, roles=["mirror_servant", "queen", "black", "rose", "snow_white"])
    assert "ability npc" in legal(st, "p1")             # the Mirror is asked, not the NPC
    events = play(st, "p1", "ability npc")
    assert first(events, "question").data == {"seat": "p1", "target": "npc", "question": "snow_white",
                                              "source": "mirror_servant"}
    assert first(events, "answer").data["answer"] is True and first(events, "answer").seats == frozenset({"p1"})


def test_rose_looks_at_a_character():
    st = position(5, roles=["rose", "snow_white", "queen", "black", "green"])
    events = play(st, "p1", "ability p3")
    a = first(events, "answer")
    assert a.seats == frozenset({"p1"}) and a.data == {"seat": "p1", "target": "p3", "question": "character",
                                                       "answer": "queen"}
    assert view(st, "p1").place("p3").character == "queen" and view(st, "p2").place("p3").character is None


def test_the_queen_may_hand_her_apple_to_the_npc():
    st = position(4, roles=["queen", "snow_white", "black", "rose", "green"], poisoned={"a1"})
    feast(st, "p2")
    assert "give npc" in legal(st, "p1")
    play(st, "p1", "give npc")
    assert {"seat": "npc", "cause": "poison"} in [e.data for e in every(st.log, "died")]
