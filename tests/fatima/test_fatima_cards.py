"""Every card of the box does what its text says: the nine kings (their decrees and combat
abilities), the 23 persons, the 12 Fatima, the 10 events and the 14 actions. A last test
checks that no card was left without a test of its own."""
from __future__ import annotations

import pytest

from engine.fatima import game as g
from engine.fatima import points
from engine.fatima.actions import Action
from fatima_positions import CONTENT, act, every, first, kinds, legal, position, view

COVERED: set[str] = set()


def covers(*ids: str):
    def mark(fn):
        COVERED.update(ids)
        return fn
    return mark


def duel(attacker_card, defender_card, dice=(), attacker_king=None, defender_king=None, **kw):
    """p1 attacks p2 for noor, laying `attacker_card` (or `king`) against `defender_card`."""
    hands = {"p1": [c for c in [attacker_card] if c != "king"], "p2": [c for c in [defender_card] if c != "king"]}
    for seat, extra in kw.pop("extra", {}).items():
        hands[seat] = hands.get(seat, []) + extra
    kings = {k: v for k, v in (("p1", attacker_king), ("p2", defender_king)) if v}
    fatima = kw.pop("fatima", {"p2": ["noor"]})
    st = position(hands=hands, fatima=fatima, kings=kings, dice=dice, **kw)
    a = "king" if attacker_card == "king" else str(st.nations["p1"].hand.index(attacker_card) + 1)
    act(st, "p1", f"attack p2 noor with {a}")
    d = "king" if defender_card == "king" else str(st.nations["p2"].hand.index(defender_card) + 1)
    events = act(st, "p2", f"fight with {d}")
    return st, events


def winner(events):
    return first(events, "combat_won").data["seat"]


def dice_of(events, seat):
    return next(e.data for e in every(events, "dice") if e.data["seat"] == seat)


# ===================================================================== kings
@covers("iron_regent")
def test_iron_regent_musters_three_cards_and_is_revealed():
    st = position(kings={"p1": "iron_regent"}, deck=["squire"] * 2 + ["aldric", "courier", "kael"])
    events = act(st, "p1", "decree")
    assert first(events, "king_revealed").data == {"seat": "p1", "card": "iron_regent", "why": "decree"}
    assert first(events, "decree").data["decree"] == "Muster the Levies"
    assert sorted(st.nations["p1"].hand) == ["aldric", "courier", "kael"]
    assert st.nations["p1"].decree_used and st.nations["p1"].king_shown
    assert Action("decree") not in g.turn_options(st, "p1"), "a decree is used once a game"


@covers("sea_queen")
def test_sea_queen_takes_two_random_cards_from_a_nation():
    st = position(kings={"p1": "sea_queen"}, hands={"p2": ["aldric", "kael", "pim"]}, picks=(1, 1))
    events = act(st, "p1", "decree p2")
    assert sorted(st.nations["p1"].hand) == sorted(["kael", "pim"])
    assert sorted(st.nations["p2"].hand) == ["aldric", "squire"], "Aldric, and the card p2's turn drew"
    assert first(events, "took").data == {"seat": "p1", "source": "p2", "count": 2, "why": "sea_queen"}
    seen = first(events, "took_seen")
    assert seen.seats == frozenset({"p1", "p2"}) and sorted(seen.data["cards"]) == ["kael", "pim"]


@covers("old_lion")
def test_old_lion_closes_the_passes_and_wins_ties():
    st = position(kings={"p1": "old_lion"}, hands={"p2": ["squire"]}, fatima={"p1": ["noor"], "p3": ["ilse"]})
    act(st, "p1", "decree")
    assert st.wards == {"p1"}
    attacks = [a for a in legal(st, "p2") if a.startswith("attack")]
    assert attacks and not any(a.startswith("attack p1") for a in attacks)
    # his ward ends when his next turn begins
    act(st, "p2", "pass")
    act(st, "p3", "pass")
    assert st.pending.seat == "p1" and st.wards == set()
    # Brannoc 4/3 throws 3,3,6,6 = 6 against a squire's 6: he wins the tie even attacking
    st, events = duel("king", "squire", dice=(3, 3, 6, 6, 4, 2), attacker_king="old_lion")
    assert winner(events) == "p1" and first(events, "combat_won").data["why"] == "tie"


@covers("silent_margrave")
def test_silent_margrave_reads_a_hand_and_a_king_in_secret():
    st = position(kings={"p1": "silent_margrave", "p2": "bastion_king"}, hands={"p2": ["aldric", "pim"]})
    events = act(st, "p1", "decree p2")
    peek = first(events, "peek")
    assert peek.seats == frozenset({"p1"}) and peek.data == {"seat": "p1", "target": "p2", "cards": ["aldric", "pim"]}
    seen = first(events, "king_seen")
    assert seen.seats == frozenset({"p1"}) and seen.data["card"] == "bastion_king"
    assert view(st, "p1").nation("p2").king.id == "bastion_king"
    assert view(st, "p3").nation("p2").king is None
    assert not st.nations["p2"].king_shown


@covers("boy_king")
def test_boy_king_holds_a_royal_ball_for_any_fatima():
    st = position(kings={"p1": "boy_king"}, fatima={"p2": ["celandine"]}, dice=(6, 2, 3))
    events = act(st, "p1", "decree p2 celandine")
    assert first(events, "unveiling").data == {"seat": "p1", "owner": "p2", "card": "celandine"}
    assert st.nations["p1"].fatima == ["celandine"]


@covers("gilded_duke")
def test_gilded_duke_exchanges_a_fatima_for_one_of_his_own():
    st = position(kings={"p1": "gilded_duke"}, fatima={"p1": ["grisel", "noor"], "p2": ["celandine"]})
    act(st, "p1", "decree p2 celandine")
    assert st.pending.kind == "swap" and legal(st, "p1") == ["give grisel", "give noor", "stop"]
    events = act(st, "p1", "give grisel")
    assert st.nations["p1"].fatima == ["noor", "celandine"] and st.nations["p2"].fatima == ["grisel"]
    assert [e.data["why"] for e in every(events, "fatima_moved")] == ["exchange", "exchange"]
    # without a Fatima of his own, the Duke cannot make the exchange
    st = position(kings={"p1": "gilded_duke"}, fatima={"p2": ["celandine"]})
    assert not any(a.startswith("decree") for a in legal(st, "p1"))


@covers("pilgrim_queen")
def test_pilgrim_queen_tends_the_two_persons_latest_fallen():
    st = position(kings={"p1": "pilgrim_queen"}, discard=["kael", "courier", "aldric", "holy_truce", "pim"])
    events = act(st, "p1", "decree")
    assert first(events, "recalled").data == {"seat": "p1", "cards": ["pim", "aldric"]}
    assert sorted(st.nations["p1"].hand) == ["aldric", "pim"]
    assert st.discard == ["kael", "courier", "holy_truce"]


@covers("bastion_king")
def test_bastion_king_audits_every_other_nation_over_its_military_power():
    st = position(kings={"p1": "bastion_king", "p2": "pilgrim_queen", "p3": "boy_king"},
                  hands={"p1": ["squire"] * 9, "p2": ["aldric", "kael", "pim", "jory", "squire", "courier"],
                         "p3": ["squire"] * 9})
    act(st, "p1", "decree")
    # Sorrel's military power is 4: p2 discards two, choosing; Aurel's is 9: p3 keeps all
    assert st.pending.seat == "p2" and st.pending.kind == "discard"
    assert legal(st, "p2")[:6] == [f"discard {i}" for i in range(1, 7)]
    act(st, "p2", "discard 4")          # the hand reads aldric, squire, kael, pim, jory, courier
    assert st.pending.seat == "p2"
    events = act(st, "p2", "discard 1")
    assert st.discard == ["pim", "aldric"]
    assert first(events, "discarded").data == {"seat": "p2", "cards": ["aldric"], "why": "bastion_king"}
    assert len(st.nations["p1"].hand) == 9 and len(st.nations["p3"].hand) == 9
    assert len(st.nations["p2"].hand) == 5, "four kept, and the card its turn drew"


@covers("exile_prince")
def test_exile_prince_calls_the_banners_and_defends_with_an_extra_die():
    st = position(kings={"p1": "exile_prince"}, hands={"p2": ["aldric", "pim"], "p3": ["kael"]})
    act(st, "p1", "decree")
    assert st.pending.seat == "p2" and st.pending.kind == "tribute"
    events = act(st, "p2", "give 2")
    seen = first(events, "hand_over_seen")
    assert seen.seats == frozenset({"p2", "p1"}) and seen.data["card"] == "pim"
    assert first(events, "hand_over").data == {"seat": "p2", "to": "p1", "why": "exile_prince"}
    act(st, "p3", "give 1")
    assert sorted(st.nations["p1"].hand) == ["kael", "pim"]
    st, events = duel("squire", "king", dice=(1, 1, 6, 6, 6), defender_king="exile_prince")
    assert len(dice_of(events, "p2")["rolls"]) == 3


# ===================================================================== persons
@covers("aldric", "tancred", "valerian", "squire", "war_horn", "hired_blades")
@pytest.mark.parametrize("card,n,target", [("aldric", 3, 4), ("tancred", 4, 4), ("valerian", 4, 5),
                                           ("squire", 2, 4), ("war_horn", 2, 6), ("hired_blades", 3, 4)])
def test_plain_fighters_roll_their_printed_power(card, n, target):
    st, events = duel(card, "pim" if card != "pim" else "jory", dice=())
    assert winner(events) == "p1"    # against a commoner: no dice at all
    st, events = duel(card, "kael", dice=tuple([1] * n))
    d = dice_of(events, "p1")
    assert (len(d["rolls"]), d["target"], d["damage"]) == (n, target, n)


@covers("isolde")
def test_isolde_rolls_one_more_die_defending():
    st, events = duel("squire", "isolde", dice=(1, 1, 5, 5, 5))
    assert len(dice_of(events, "p2")["rolls"]) == 3 and dice_of(events, "p2")["damage"] == 15
    st, events = duel("isolde", "squire", dice=(1, 1, 1, 1))
    assert len(dice_of(events, "p1")["rolls"]) == 2


@covers("benedek")
def test_benedek_draws_a_card_when_he_wins():
    st, events = duel("benedek", "jory", deck=["courier"] * 3)
    assert {"seat": "p1", "card": "benedek", "op": "draw"} in [e.data for e in every(events, "ability")]
    assert sorted(st.nations["p1"].hand) == ["benedek", "courier"]


@covers("maren")
def test_maren_rolls_her_missed_dice_once_more():
    st, events = duel("maren", "squire", dice=(6, 6, 1, 2, 6, 1, 1))
    d = dice_of(events, "p1")
    assert d["rolls"] == [6, 6, 1] and d["rerolls"] == [2, 6, 1] and d["damage"] == 3


@covers("oswin", "jory")
@pytest.mark.parametrize("card", ["oswin", "jory"])
def test_oswin_and_jory_run_home_when_they_lose(card):
    st, events = duel(card, "kael", dice=(6, 6))
    assert winner(events) == "p2"
    assert st.nations["p1"].hand == [card] and card not in st.discard
    assert first(events, "returned").data == {"seat": "p1", "card": card, "why": "retreat"}


@covers("corisande")
def test_corisande_wins_ties_even_attacking():
    st, events = duel("corisande", "squire", dice=(1, 1, 6, 2, 6))
    assert first(events, "combat_won").data["why"] == "tie" and winner(events) == "p1"


@covers("gawen")
def test_gawen_rolls_three_more_dice_against_a_king():
    st, events = duel("king", "gawen", dice=(6, 6, 6, 1, 1, 1, 1), attacker_king="iron_regent")
    assert len(dice_of(events, "p2")["rolls"]) == 4 and winner(events) == "p2"
    st, events = duel("squire", "gawen", dice=(1, 1, 6))
    assert len(dice_of(events, "p2")["rolls"]) == 1


@covers("hespera")
def test_hespera_halves_a_divers_power():
    st, events = duel("kael", "hespera", dice=(2, 2))
    assert dice_of(events, "p1")["damage"] == 3 and dice_of(events, "p2")["damage"] == 4 and winner(events) == "p2"


@covers("emrys")
def test_emrys_takes_a_card_when_he_wins_attacking():
    st, events = duel("emrys", "squire", dice=(1, 1, 1, 6, 6), extra={"p2": ["kael"]})
    assert winner(events) == "p1"
    assert first(events, "ability").data["op"] == "steal"
    assert "kael" in st.nations["p1"].hand


@covers("roderic")
def test_roderic_lowers_the_other_sides_target():
    st, events = duel("aldric", "roderic", dice=(4, 4, 4, 1, 1))
    assert dice_of(events, "p1")["target"] == 3 and dice_of(events, "p1")["damage"] == 0


@covers("kael", "sunniva", "ysolde", "orm")
@pytest.mark.parametrize("card,power", [("kael", 7), ("sunniva", 6), ("ysolde", 5), ("orm", 9)])
def test_divers_deal_their_power(card, power):
    st, events = duel(card, "squire", dice=(1, 1), deck=["courier"] * 3)
    assert dice_of(events, "p1") == {"seat": "p1", "side": "attack", "card": card, "mode": "diver", "rolls": [],
                                     "rerolls": [], "target": 0, "damage": power}
    assert winner(events) == "p1"


@covers("sunniva")
def test_sunniva_draws_a_card_when_she_wins():
    st, events = duel("sunniva", "squire", dice=(1, 1), deck=["courier"] * 3)
    assert "courier" in st.nations["p1"].hand and first(events, "ability").data["op"] == "draw"


@covers("ravel", "siege_engine")
@pytest.mark.parametrize("card", ["ravel", "siege_engine"])
def test_ravel_and_the_siege_tower_only_attack(card):
    st = position(hands={"p1": ["squire"], "p2": [card]}, fatima={"p2": ["noor"]})
    act(st, "p1", "attack p2 noor with 1")
    assert legal(st, "p2") == ["avoid", "fight with king", "stop"]
    st, events = duel(card, "squire", dice=(3, 3))
    assert dice_of(events, "p1")["damage"] == (8 if card == "ravel" else 6)


@covers("ysolde")
def test_ysolde_wins_ties_attacking():
    st, events = duel("ysolde", "squire", dice=(3, 2))
    assert winner(events) == "p1" and first(events, "combat_won").data["why"] == "tie"


@covers("orm")
def test_old_orm_is_discarded_even_when_he_wins():
    st, events = duel("orm", "squire", dice=(1, 1))
    assert winner(events) == "p1" and "orm" in st.discard and "orm" not in st.nations["p1"].hand
    assert first(events, "ability").data["op"] == "spent"


@covers("tilde")
def test_tilde_keeps_the_fatima_when_she_loses_defending():
    st, events = duel("squire", "tilde")
    assert winner(events) == "p1" and st.nations["p2"].fatima == ["noor"]
    assert first(events, "fatima_stays").data == {"seat": "p2", "card": "noor", "why": "keep"}
    assert "tilde" in st.discard


@covers("pim")
def test_pim_draws_two_cards_when_he_loses():
    st, events = duel("squire", "pim", deck=["squire", "courier", "courier"])
    assert sorted(st.nations["p2"].hand) == ["courier", "courier", "squire"], "two for Pim, one for p2's turn"


@covers("vash")
def test_vash_takes_a_card_first_when_he_loses_attacking():
    st, events = duel("vash", "squire", extra={"p2": ["kael"]})
    assert winner(events) == "p2"
    assert "kael" in st.nations["p1"].hand or "squire" in st.nations["p1"].hand
    assert kinds(events).index("took") < kinds(events).index("discarded")


@covers("olwen")
def test_olwen_has_the_fatima_unveiled_instead_of_handed_over():
    st, events = duel("squire", "olwen", dice=(1, 6, 3))
    assert winner(events) == "p1" and first(events, "ability").data["op"] == "unveil_instead"
    assert first(events, "unveiling").data == {"seat": "p2", "owner": "p2", "card": "noor"}
    roll = first(events, "roll_off").data
    assert roll["rolls"] == {"p2": 1, "p3": 6, "p1": 3} and st.owner("noor") == "p3"


# ===================================================================== Fatima
FATIMA_CASES = {
    "aurelie": [(["aurelie"], None, 5), (["aurelie", "sabine"], None, 2)],
    "sabine": [(["sabine"], None, 4), (["sabine", "aurelie"], None, 1)],
    "noor": [(["noor"], None, 6), (["noor", "mirabel"], None, 3)],
    "vesna": [(["vesna"], None, 0), (["vesna", "noor"], None, 5)],
    "ilse": [(["ilse"], None, 2), (["ilse", "wren", "maud"], None, 6)],
    "wren": [(["wren", "ilse"], None, 4)],
    "maud": [(["maud", "wren", "ilse"], None, 6)],
    "perpetua": [(["perpetua", "noor"], None, 3), (["perpetua", "noor", "vesna"], None, -3)],
    "celandine": [(["celandine"], "old_lion", 6), (["celandine"], "sea_queen", 8), (["celandine"], None, 6)],
    "odile": [(["odile"], None, 2), (["odile", "celandine"], None, 5)],
    "grisel": [(["grisel"], "boy_king", -3), (["grisel"], "old_lion", 3), (["grisel"], "iron_regent", 3)],
    "mirabel": [(["mirabel"], None, 1), (["mirabel", "noor", "vesna", "ilse"], None, 4)],
}
COVERED.update(FATIMA_CASES)


@pytest.mark.parametrize("fatima,court,king,value", [(f, *case) for f, cases in FATIMA_CASES.items() for case in cases])
def test_every_fatimas_points(fatima, court, king, value):
    assert points.value(CONTENT, fatima, court, king) == value


# ===================================================================== events
def drawn(event, players=3, **kw):
    """p1 draws `event` at the start of its turn."""
    deck = kw.pop("deck", ["squire"] * 6) + [event]
    return position(players=players, deck=deck, draw=True, **kw)


@covers("levy_audit")
def test_levy_audit_makes_hands_over_military_power_discard_down_choosing():
    st = drawn("levy_audit", kings={"p1": "pilgrim_queen", "p2": "boy_king", "p3": "old_lion"},
               hands={"p1": ["aldric", "kael", "pim", "jory", "squire"], "p2": ["squire"] * 9,
                      "p3": ["squire"] * 7})
    assert st.pending.seat == "p1" and st.pending.kind == "discard"
    act(st, "p1", "discard 3")
    assert len(st.nations["p1"].hand) == 4
    assert st.pending.seat == "p3"      # p2 (military 9) holds 9: not over
    act(st, "p3", "discard 1")
    act(st, "p3", "discard 1")
    assert len(st.nations["p3"].hand) == 5 and st.pending.seat == "p2" and st.pending.kind == "turn"


@covers("harvest_fair")
def test_harvest_fair_every_nation_draws_one_starting_with_the_drawer():
    st = drawn("harvest_fair", deck=["squire", "squire", "kael", "aldric", "courier"])
    draws = [e.data["seat"] for e in st.log if e.kind == "draw" and e.data["why"] == "effect"]
    assert draws == ["p1", "p2", "p3"]
    assert st.nations["p1"].hand == ["courier"] and sorted(st.nations["p2"].hand) == ["aldric", "squire"]


@covers("deserters")
def test_deserters_pick_in_secret_and_pass_left_together():
    st = drawn("deserters", hands={"p1": ["kael"], "p2": ["aldric"], "p3": ["pim"]})
    act(st, "p1", "give 1")
    assert st.nations["p1"].hand == [] and st.passing == {"p1": "kael"}
    assert view(st, "p2").hand[0].id == "aldric", "nothing has crossed yet"
    act(st, "p2", "give 1")
    events = act(st, "p3", "give 1")
    assert "kael" in st.nations["p2"].hand and st.nations["p3"].hand == ["aldric"]
    assert st.nations["p1"].hand[0] == "pim"
    for e in every(events, "hand_over_seen"):
        assert e.seats == frozenset({e.data["seat"], e.data["to"]})
    assert all(e.seats is None and "card" not in e.data for e in every(st.log, "picked"))


@covers("holy_truce")
def test_holy_truce_forbids_attacks_until_the_drawers_next_turn():
    st = drawn("holy_truce", hands={"p2": ["squire"] * 1, "p3": ["squire"], "p1": ["squire"]},
               fatima={"p1": ["noor"], "p3": ["ilse"]})
    assert st.truce_until == "p1"
    assert not any(a.startswith("attack") for a in legal(st, "p2"))
    act(st, "p2", "pass")
    act(st, "p3", "pass")
    assert st.truce_until is None and any(a.startswith("attack") for a in legal(st, "p1"))


@covers("season_ball")
def test_season_ball_every_nation_may_unveil_one_of_its_fatima():
    st = drawn("season_ball", fatima={"p1": ["grisel"], "p3": ["noor"]}, dice=(1, 6, 2))
    assert st.pending.seat == "p1" and legal(st, "p1") == ["pass", "unveil grisel", "stop"]
    act(st, "p1", "unveil grisel")
    assert st.nations["p2"].fatima == ["grisel"]
    assert st.pending.seat == "p2" and st.pending.kind == "may_unveil"
    act(st, "p2", "pass")
    events = act(st, "p3", "pass")
    assert first(events, "declined").data == {"seat": "p3", "what": "unveil"}
    assert st.pending.kind == "turn" and st.pending.seat == "p2"


@covers("rebellion")
def test_rebellion_unmasks_overstretched_crowns_and_costs_them_a_card():
    st = drawn("rebellion", kings={"p1": "pilgrim_queen", "p2": "boy_king", "p3": "old_lion"},
               hands={"p1": ["aldric"] * 5, "p2": ["aldric"] * 5, "p3": ["squire", "pim", "kael", "jory", "emrys", "tancred"]})
    assert st.nations["p1"].king_shown and st.nations["p3"].king_shown and not st.nations["p2"].king_shown
    revealed = every(st.log, "king_revealed")
    assert {e.data["why"] for e in revealed} == {"rebellion"}
    assert len(st.nations["p1"].hand) == 4 and len(st.nations["p3"].hand) == 5
    assert len(st.nations["p2"].hand) == 6, "not over its limit: five kept, and its turn's draw"
    assert len(st.discard) == 3   # the event and the two random discards


@covers("mercenary_fair")
def test_mercenary_fair_the_drawer_draws_two():
    st = drawn("mercenary_fair", deck=["squire", "kael", "aldric"])
    assert sorted(st.nations["p1"].hand) == ["aldric", "kael"]


def test_an_event_drawn_by_an_effect_strikes_at_once():
    # The rulebook: an Event takes effect the moment it is drawn from the deck; only the
    # deal sets it aside. Fast Couriers draws the Mercenary Fair (the drawer draws two).
    st = position(hands={"p1": ["courier"]}, deck=["squire", "aldric", "kael", "mercenary_fair"])
    events = act(st, "p1", "action 1")
    drawn = first(events, "event_drawn")
    assert drawn.data == {"seat": "p1", "card": "mercenary_fair", "why": "effect"}
    assert sorted(st.nations["p1"].hand) == ["aldric", "kael", "squire"]
    assert "mercenary_fair" in st.discard and "mercenary_fair" not in st.deck
    assert not [e for e in events if e.kind == "event_returned"]


@covers("barracks_fever")
def test_barracks_fever_every_nation_loses_a_random_person():
    st = drawn("barracks_fever", hands={"p1": ["courier", "kael"], "p2": ["courier"], "p3": ["aldric", "pim"]})
    assert st.nations["p1"].hand == ["courier"] and sorted(st.nations["p2"].hand) == ["courier", "squire"]
    assert len(st.nations["p3"].hand) == 1
    assert "kael" in st.discard


@covers("spies_at_court")
def test_spies_at_court_the_drawer_sees_a_king_in_secret():
    st = drawn("spies_at_court", kings={"p2": "sea_queen", "p3": "old_lion"}, shown=("p3",))
    # only p2's king is still face down: no choice to make
    seen = first(st.log, "king_seen")
    assert seen.seats == frozenset({"p1"}) and seen.data["target"] == "p2" and seen.data["card"] == "sea_queen"
    st = drawn("spies_at_court", players=4, kings={"p3": "old_lion"})
    assert st.pending.kind == "spy" and legal(st, "p1") == ["spy p2", "spy p3", "spy p4", "stop"]
    act(st, "p1", "spy p3")
    assert view(st, "p1").nation("p3").king.id == "old_lion" and view(st, "p2").nation("p3").king is None


@covers("wedding_feast")
def test_wedding_feast_nations_without_fatima_draw_two():
    st = drawn("wedding_feast", fatima={"p2": ["noor"]}, deck=["squire", "aldric", "kael", "pim", "jory"])
    assert len(st.nations["p1"].hand) == 2 and len(st.nations["p3"].hand) == 2
    assert len(st.nations["p2"].hand) == 1, "only its turn's draw"


# ===================================================================== actions
@covers("envoy")
def test_envoy_takes_a_random_card():
    st = position(hands={"p1": ["envoy"], "p2": ["kael"]})
    act(st, "p1", "action 1 p2")
    assert st.nations["p1"].hand == ["kael"] and st.discard == ["envoy"]


@covers("spyglass")
def test_spyglass_reads_a_hand():
    st = position(hands={"p1": ["spyglass"], "p2": ["kael", "pim"]})
    events = act(st, "p1", "action 1 p2")
    peek = first(events, "peek")
    assert peek.seats == frozenset({"p1"}) and peek.data["cards"] == ["kael", "pim"]


@covers("heralds_cry")
def test_heralds_proclamation_unmasks_a_hidden_king():
    st = position(hands={"p1": ["heralds_cry"]}, kings={"p2": "boy_king"}, shown=("p3",))
    assert [a for a in legal(st, "p1") if a.startswith("action")] == ["action 1 p2"]
    events = act(st, "p1", "action 1 p2")
    assert first(events, "king_revealed").data == {"seat": "p2", "card": "boy_king", "why": "heralds_cry"}


@covers("courier")
def test_fast_couriers_draw_two():
    st = position(hands={"p1": ["courier"]}, deck=["squire", "kael", "aldric"])
    act(st, "p1", "action 1")
    assert sorted(st.nations["p1"].hand) == ["aldric", "kael"]


@covers("recall")
def test_recall_takes_the_latest_fallen_person():
    st = position(hands={"p1": ["recall"]}, discard=["kael", "aldric", "courier"])
    act(st, "p1", "action 1")
    assert st.nations["p1"].hand == ["aldric"] and st.discard == ["kael", "courier", "recall"]


@covers("dowry_cart")
def test_dowry_cart_sends_a_fatima_away():
    st = position(hands={"p1": ["dowry_cart"]}, fatima={"p1": ["grisel"]})
    assert [a for a in legal(st, "p1") if a.startswith("action")] == ["action 1 p2 grisel", "action 1 p3 grisel"]
    events = act(st, "p1", "action 1 p3 grisel")
    assert st.nations["p3"].fatima == ["grisel"] and first(events, "fatima_moved").data["why"] == "dowry"


@covers("forced_march")
def test_forced_march_lets_you_attack_now():
    st = position(hands={"p1": ["forced_march", "kael"]}, fatima={"p2": ["noor"]})
    act(st, "p1", "action 2")
    assert st.pending.kind == "march" and legal(st, "p1") == ["pass", "attack p2 noor with 1",
                                                               "attack p2 noor with king", "stop"]
    act(st, "p1", "attack p2 noor with 1")
    act(st, "p2", "avoid")
    assert st.nations["p1"].fatima == ["noor"]
    st = position(hands={"p1": ["forced_march"]})
    events = act(st, "p1", "action 1")
    assert first(events, "declined").data == {"seat": "p1", "what": "march"}


@covers("festival")
def test_festival_of_lanterns_unveils_any_fatima():
    st = position(hands={"p1": ["festival"]}, fatima={"p2": ["noor"]}, dice=(5, 4, 1))
    events = act(st, "p1", "action 1 p2 noor")
    assert first(events, "unveiling").data == {"seat": "p1", "owner": "p2", "card": "noor"}
    assert st.nations["p1"].fatima == ["noor"]


@covers("smoke_veil")
def test_veil_of_smoke_calls_the_combat_off():
    st, events = duel("kael", "smoke_veil")
    assert first(events, "called_off").data == {"seat": "p2", "card": "smoke_veil"}
    assert "dice" not in kinds(events) and "combat_won" not in kinds(events)
    assert st.nations["p2"].fatima == ["noor"] and st.nations["p1"].hand == ["kael"]
    assert st.discard == ["smoke_veil"]


@covers("mirror_guard")
def test_mirror_guard_answers_in_kind_and_the_tie_is_the_defenders():
    st, events = duel("kael", "mirror_guard")
    assert dice_of(events, "p2")["damage"] == 7 and winner(events) == "p2"
    st, events = duel("mirror_guard", "mirror_guard")
    assert winner(events) == "p2" and dice_of(events, "p1")["damage"] == 0


@covers("chain_net")
def test_chain_net_drags_the_winning_person_down():
    st, events = duel("kael", "chain_net", dice=(2,))
    assert winner(events) == "p1" and sorted(st.discard) == ["chain_net", "kael"]
    assert st.nations["p1"].fatima == ["noor"]


def test_every_card_has_a_test():
    assert sorted(set(CONTENT.cards) - COVERED) == []
