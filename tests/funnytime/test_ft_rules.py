"""The rules of FunnyTime, one by one, on positions built by hand and played with real
actions: the opening hand, Draw Time, the shortage and 星裁, Make Time, Show Time, the
duels, the piles, the planisphere, the Stock Pool's upkeep, the defeats, the deadline."""
from __future__ import annotations

import random

import pytest

from engine.errors import BadSyntax, GameOver, IllegalAction, NotYourTurn
from engine.funnytime import game as g
from engine.funnytime.actions import parse
from engine.funnytime.content import MANUSCRIPT
from engine.funnytime.stars import pay_options
from ft_positions import (AKI, CONTENT, EVERY, REN, SEATS, STORY, act, arrange, decide, issue, kinds, make_time,
                          new, refresh, show_time)

TEN_PANELS = {AKI: [("alarm", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
              REN: [("pudding", "inverted"), ("exam", "inverted"), ("mascot", "upright"), ("deadpan", "upright")]}


def lit(st, seat):
    return len(st.lit(seat))


# --------------------------------------------------------------------- the opening
@pytest.mark.parametrize("seed", range(12))
def test_the_opening_hand_holds_four_koma_cards_and_draw_time_adds_one(seed):
    st = new(seed)
    for seat in SEATS:
        kept = next(e.data["cards"] for e in st.log if e.kind == "opening_hand" and e.data["seat"] == seat)
        assert len(kept) == 7 and sum(c in CONTENT.koma for c in kept) >= MANUSCRIPT
        assert len(st.sides[seat].hand) == 8          # 7 and Draw Time's one
        assert st.sides[seat].hand[:7] == kept


def test_an_opening_hand_with_three_koma_shows_its_make_cards_and_draws_again():
    # A deck whose top seven hold only three Koma cards.
    st = new(0)
    seat_deck = ["alarm", "bento", "festival", "coffee", "storyboard", "whiteout", "reprint"]
    side = st.sides[AKI]
    every = side.cards()
    for c in seat_deck:
        every.remove(c)
    st2 = g.State(CONTENT, SEATS, 0, random.Random(5), {AKI: g.Side(every + list(reversed(seat_deck))),
                                                        REN: g.Side(list(st.sides[REN].cards()))}, {AKI: "", REN: ""})
    log = []
    g._opening_hand(st2, AKI, log)
    mulligan = next(e for e in log if e.kind == "mulligan")
    assert mulligan.seats is None                                  # shown to the rival
    assert sorted(mulligan.data["cards"]) == sorted(["coffee", "storyboard", "whiteout", "reprint"])
    hand = st2.sides[AKI].hand
    assert len(hand) == 7 and sum(c in CONTENT.koma for c in hand) >= 4
    assert log[-1].kind == "opening_hand" and log[-1].seats == frozenset({AKI})


def test_draw_time_from_an_empty_deck_gives_nothing_and_costs_nothing():
    st = new(1)
    make_time(st, TEN_PANELS)
    side = st.sides[AKI]
    # Her deck is spent, but her hand still holds panels enough for the next issue (with
    # fewer she would drop the manuscript).
    side.hand.extend(c for c in side.deck if CONTENT.is_koma(c))
    side.lost.extend(c for c in side.deck if not CONTENT.is_koma(c))
    side.deck = []
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    decide(st, {"upkeep": "release"})
    draws = [e for e in st.log if e.kind == "draw" and e.data["seat"] == AKI and e.data["why"] == "draw"]
    assert st.number == 2 and draws[-1].data["count"] == 0 and st.ended is None


# --------------------------------------------------------------------- shortage and 星裁
def _short(st, seat, hand, top=()):
    arrange(st, seat, hand=hand, top=top, stock=[])
    st.phase, st.index = "shortage", 0
    if seat == REN:
        st.index = 1
    for s in SEATS:
        st.sides[s].plan = None
    refresh(st)


def test_a_shortage_with_enough_make_cards_returns_the_chosen_ones_and_redraws():
    st = new(0)
    _short(st, AKI, ["alarm", "bento", "coffee", "storyboard", "whiteout"], top=["festival"])
    p = st.pending
    assert (p.seat, p.kind, p.data["lack"]) == (AKI, "return", 2)
    assert [str(a) for a in p.options] == ["return coffee", "return storyboard", "return whiteout"]
    act(st, AKI, "return whiteout")
    assert [str(a) for a in st.pending.options] == ["return coffee", "return storyboard"]
    events = act(st, AKI, "return coffee")
    redraw = next(e for e in events if e.kind == "redraw")
    assert redraw.seats is None and redraw.data["cards"] == ["whiteout", "coffee"] and redraw.data["lack"] == 2
    side = st.sides[AKI]
    assert "storyboard" in side.hand and "whiteout" not in side.hand and len(side.hand) == 5


def test_a_shortage_without_enough_make_cards_is_star_judgment_and_the_rival_may_draw():
    st = new(0)
    # Aki lacks three, holds one Make card; the deck is stacked: Make, Koma, Make, Koma, Koma.
    _short(st, AKI, ["alarm", "coffee"], top=["storyboard", "bento", "whiteout", "festival", "rain"])
    side = st.sides[AKI]
    # 星裁 shuffles the deck after the Make cards go back: find what it did from the log.
    judged = next(e for e in st.log if e.kind == "star_judgment")
    assert judged.data["lack"] == 3 and judged.data["returned"] == 1
    assert st.fieldable(AKI) == 4
    assert all(c in side.lost for c in judged.data["cards"])
    assert all(c in CONTENT.make for c in judged.data["cards"])
    assert not any(c in CONTENT.make for c in side.hand)          # every Make card went back
    p = st.pending
    assert (p.seat, p.kind, p.data["count"]) == (REN, "bonus", 3)
    hand = len(st.sides[REN].hand)
    events = act(st, REN, "draw")
    assert next(e for e in events if e.kind == "bonus").data == {"seat": REN, "count": 3, "taken": True, "rival": AKI}
    assert len(st.sides[REN].hand) == hand + 3


def test_the_rival_may_pass_on_the_bonus_draw():
    st = new(0)
    _short(st, AKI, ["alarm"], top=["bento", "festival", "rain"])
    hand = len(st.sides[REN].hand)
    events = act(st, REN, "pass")
    assert next(e for e in events if e.kind == "bonus").data["taken"] is False
    assert len(st.sides[REN].hand) == hand


def test_redraws_are_limited_and_then_it_is_star_judgment():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "bento", "festival", "coffee"], stock=[])
    # a deck of Make cards only: every redraw brings another Make card
    side = st.sides[AKI]
    koma_left = [c for c in side.deck if c in CONTENT.koma]
    for c in koma_left:
        side.deck.remove(c)
        side.lost.append(c)
    st.phase, st.index = "shortage", 0
    refresh(st)
    judged = [e for e in st.log if e.kind == "star_judgment"]
    redraws = [e for e in st.log if e.kind == "redraw" and e.data["seat"] == AKI]
    assert len(redraws) == CONTENT.table.redraws and judged
    # nothing more to find: Aki lays what she has
    assert st.fieldable(AKI) == 3


def test_fewer_than_four_panels_are_laid_when_no_more_can_be_fielded_and_the_duels_stop():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "bento"], stock=[])
    side = st.sides[AKI]
    for c in [c for c in side.deck if c in CONTENT.koma]:
        side.deck.remove(c)
        side.lost.append(c)
    side.judged = True
    refresh(st)
    assert g.to_lay(st, AKI) == 2
    act(st, AKI, "lay ki alarm inverted")
    assert "done" not in [str(a) for a in st.pending.options]
    act(st, AKI, "lay sho bento upright")
    assert "done" in [str(a) for a in st.pending.options]
    assert not any(str(a).startswith("lay") for a in st.pending.options)
    act(st, AKI, "done")
    arrange(st, REN, hand=["pudding", "exam", "mascot", "deadpan"])
    refresh(st)
    for pos, c in zip(("ki", "sho", "ten", "ketsu"), ["pudding", "exam", "mascot", "deadpan"]):
        act(st, REN, f"lay {pos} {c} inverted")
    act(st, REN, "done")
    show_time(st, {AKI: ["up", "left"], REN: ["up", "up", "up", "up"]})   # 50, 50 vs 35, 50, 40, 40
    duels = [e for e in st.log if e.kind == "duel"]
    # 起: alarm 50 beats pudding 35; alarm 50 ties exam 50: both sides send their next panel;
    # bento 50 beats mascot 40, then deadpan 40 (結: the last duel). Aki has no third panel.
    assert [d.data["winner"] for d in duels] == [AKI, None, AKI, AKI]
    assert duels[-1].data["final"]


# --------------------------------------------------------------------- Make Time
def test_make_time_lays_position_by_position_with_an_orientation_and_a_source():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "robot", "coffee", "all_nighter"], stock=["rain"])
    refresh(st)
    opts = [str(a) for a in st.pending.options]
    assert opts[:6] == ["lay ki alarm upright", "lay ki alarm inverted", "lay ki robot upright",
                        "lay ki robot inverted", "lay ki rain upright stock", "lay ki rain inverted stock"]
    assert "make coffee" in opts and "make all_nighter" in opts and "done" not in opts
    events = act(st, AKI, "lay ki rain upright stock")
    laid = next(e for e in events if e.kind == "laid")
    assert laid.seats == frozenset({AKI}) and laid.data["source"] == "stock" and not laid.data["misplaced"]
    events = act(st, AKI, "lay sho alarm inverted")
    assert next(e for e in events if e.kind == "laid").data["misplaced"]    # 承 is not among alarm's icons
    opts = [str(a) for a in st.pending.options]
    assert all(o.startswith(("lay ten", "make")) for o in opts)
    with pytest.raises(IllegalAction):
        act(st, AKI, "lay ketsu robot upright")                               # positions go in order
    with pytest.raises(IllegalAction):
        act(st, AKI, "lay ten alarm upright")                                 # the alarm is laid already


def test_make_cards_are_chosen_only_up_to_the_stars_lit():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "bento", "festival", "punchline", "deadline", "all_nighter", "coffee"],
            dark={s.id: 5 for s in CONTENT.stars[:17]})          # four stars lit
    refresh(st)
    opts = [str(a) for a in st.pending.options]
    assert {"make deadline", "make all_nighter", "make coffee"} <= set(opts)
    act(st, AKI, "make all_nighter")                               # 3 of the 4
    opts = [str(a) for a in st.pending.options]
    assert "make coffee" in opts and "make deadline" not in opts


def test_nothing_of_a_secret_plan_shows_in_the_rivals_view_or_events():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "bento", "festival", "punchline", "coffee"])
    refresh(st)
    before = STORY.view(st, REN)
    events = []
    for text in ("lay ki alarm inverted", "lay sho bento upright", "make coffee", "lay ten festival inverted",
                 "lay ketsu punchline inverted", "done"):
        events += act(st, AKI, text)
        v = STORY.view(st, REN)
        assert v.plan is None or (v.plan.laid, v.plan.makes) == ((), ())      # only Ren's own plan
        assert v.other.hand is None
        assert v.other.hand_count == before.other.hand_count      # the cards stay in hand until revealed
        assert v.other.manuscript == () and v.other.played == ()
        assert v.other.lit == 21
    public = [e for e in events if e.visible_to(REN)]
    assert kinds(public) == ["ready"]
    assert STORY.view(st, REN).other.ready and not STORY.view(st, REN).me.ready


def test_the_make_reveal_shows_face_down_panels_and_the_make_cards_which_are_then_paid():
    st = new(0)
    make_time(st, TEN_PANELS, {AKI: ["coffee", "storyboard"]})
    revealed = [e for e in st.log if e.kind == "revealed"]
    assert [e.data["panels"] for e in revealed] == [4, 4]
    played = [e.data["card"] for e in st.log if e.kind == "make_played"]
    assert played == ["coffee", "storyboard"]
    v = STORY.view(st, REN)
    assert all(p.card is None and p.orientation is None for p in v.other.manuscript)
    assert v.other.played == ("coffee", "storyboard")
    # paying: Aki chooses (stars of different lengths are lit)
    assert st.pending.kind == "pay" and st.pending.seat == AKI and st.pending.data["bill"] == 2
    act(st, AKI, "spend vega")
    act(st, AKI, "pay")
    paid = [e for e in st.log if e.kind == "paid"][-1]
    assert paid.data["stars"] == ["Vega", "the Pleiades"] and paid.data["reason"] == "make"
    # the coffee relit two (the soonest due), the storyboard drew two
    assert st.pending.kind == "open"
    assert lit(st, AKI) == 21
    assert len(st.sides[AKI].lost) == 2 and st.sides[AKI].played == []


# --------------------------------------------------------------------- Show Time
def test_rotations_are_chosen_in_secret_and_shown_together():
    st = new(0)
    make_time(st, TEN_PANELS)
    for rot in ("up", "left", "up", "up"):
        events = act(st, AKI, f"open {st.pending.options[0].args[0]} {rot}")
        assert all(not e.visible_to(REN) for e in events if e.kind == "rotation_chosen")
        v = STORY.view(st, REN)
        assert all(p.card is None and p.rotation is None for p in v.other.manuscript)
    assert st.pending.seat == REN
    for rot in ("down", "up", "left", "left"):
        events = act(st, REN, f"open {st.pending.options[0].args[0]} {rot}")
    strips = [e for e in events if e.kind == "strip"]
    assert [s.data["seat"] for s in strips] == [AKI, REN] and all(s.seats is None for s in strips)
    assert strips[0].data["rotations"] == ["up", "left", "up", "up"]


def test_turning_a_panel_against_its_orientation_costs_35_fp_both_ways():
    st = new(0)
    make_time(st, {AKI: [("alarm", "upright"), ("bento", "inverted"), ("festival", "inverted"), ("punchline", "upright")],
                   REN: TEN_PANELS[REN]})
    show_time(st, {AKI: ["up", "left", "up", "left"], REN: ["down", "up", "left", "left"]})
    strip = next(e for e in st.log if e.kind == "strip" and e.data["seat"] == AKI)
    assert strip.data["missed"] == [True, True, False, False]
    assert strip.data["fps"] == [50 - 35, 50 - 35, 55, 45]


def test_a_panel_out_of_its_place_keeps_its_fp_but_loses_its_effects():
    st = new(0)
    # The Plot Twist (転 only) opened up: FP 25, when shown +25 to itself. At 起 it is misplaced.
    make_time(st, {AKI: [("plot_twist", "inverted"), ("bento", "upright"), ("plot_twist", "inverted"), ("punchline", "inverted")],
                   REN: TEN_PANELS[REN]})
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    effects = [e for e in st.log if e.kind == "effect" and e.data["seat"] == AKI]
    assert [e.data["op"] for e in effects][:2] == ["nothing", "fp"]
    assert effects[0].data["why"] == "misplaced"
    duel = next(e for e in st.log if e.kind == "duel")
    assert duel.data["fps"][0] == 25


def test_a_card_whose_effects_work_out_of_place_keeps_them():
    st = new(0)
    # The Author Appears (転 only, works even misplaced) opened left at 起: relight 1.
    make_time(st, {AKI: [("author", "upright"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
                   REN: TEN_PANELS[REN]})
    show_time(st, {AKI: ["left", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    eff = next(e for e in st.log if e.kind == "effect" and e.data["card"] == "author")
    assert eff.data["op"] == "relight" and eff.data["count"] == 1


def test_the_panels_cost_their_icons_when_shown():
    st = new(0)
    make_time(st, {AKI: [("robot", "inverted"), ("grandma", "upright"), ("rain", "inverted"), ("punchline", "inverted")],
                   REN: TEN_PANELS[REN]})
    assert lit(st, AKI) == 21                       # nothing paid at Make Time for panels
    show_time(st, {AKI: ["up", "left", "down", "up"], REN: ["down", "up", "left", "left"]})
    paid = next(e for e in st.log if e.kind == "paid" and e.data["reason"] == "show" and e.data["seat"] == AKI)
    assert paid.data["count"] == 4 + 3 + 2 + 1


def test_an_artist_who_cannot_pay_for_the_panels_goes_dark_and_loses():
    st = new(0)
    make_time(st, {AKI: [("robot", "inverted"), ("grandma", "upright"), ("rain", "inverted"), ("punchline", "inverted")],
                   REN: TEN_PANELS[REN]})
    st.sides[AKI].dark = {s.id: 9 for s in CONTENT.stars[:12]}     # nine lit, the panels cost ten
    show_time(st, {AKI: ["up", "left", "down", "up"], REN: ["down", "up", "left", "left"]})
    decide(st)
    assert st.ended.id == f"dark_{REN}" and st.ended.detail == {"winner": REN, "loser": AKI}
    assert lit(st, AKI) == 0
    assert st.log[-1].kind == "ending" and st.log[-1].data["cause"] == "dark"
    assert not any(e.kind == "duel" for e in st.log)


def test_both_going_dark_at_the_same_payment_is_no_verdict():
    st = new(0)
    make_time(st, TEN_PANELS)
    for seat in SEATS:
        st.sides[seat].dark = {s.id: 9 for s in CONTENT.stars[:18]}   # three lit, four to pay
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    assert st.ended.id == "stopped" and st.ended.detail == {"winner": None, "loser": None}


def test_paying_offers_one_star_of_each_length_and_pay_spends_the_soonest():
    st = new(0)
    opts = pay_options(st, AKI, 3)
    assert [str(a) for a in opts] == ["pay", "spend subaru", "spend vega", "spend spica", "spend alcor",
                                      "spend canopus", "spend betelgeuse", "spend fomalhaut"]
    assert pay_options(st, AKI, 21) is None                     # everything goes: no choice
    st.sides[AKI].dark = {s.id: 9 for s in CONTENT.stars[5:]}    # only the five one-character stars lit
    assert pay_options(st, AKI, 2) is None                      # all alike: no choice


# --------------------------------------------------------------------- the duels
def test_the_winner_stays_and_meets_the_next_panel_the_loser_goes_to_the_botsu_box():
    st = new(0)
    issue(st, {AKI: [("robot", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("transfer", "inverted"), ("exam", "upright"), ("mascot", "inverted"), ("deadpan", "upright")]},
          {AKI: ["up", "left", "up", "up"], REN: ["up", "right", "up", "right"]})
    # robot 65 beats transfer 30, exam 40, mascot 40, then deadpan 35 (結: the last duel)
    duels = [e.data for e in st.log if e.kind == "duel"]
    assert [(d["cards"], d["winner"]) for d in duels] == [
        (["robot", "transfer"], AKI), (["robot", "exam"], AKI), (["robot", "mascot"], AKI), (["robot", "deadpan"], AKI)]
    assert [d["final"] for d in duels] == [False, False, False, True]
    assert st.sides[REN].botsu == ["transfer", "exam", "mascot", "deadpan"]
    assert st.botsu_icons(REN) == 4
    assert "robot" in st.sides[AKI].stock                        # battled and unbeaten
    assert {"bento", "festival", "punchline"} <= set(st.sides[AKI].hand)   # never battled


def test_a_tie_sends_both_sides_on_and_both_panels_survive():
    st = new(0)
    issue(st, TEN_PANELS, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    duels = [e.data for e in st.log if e.kind == "duel"]
    assert [(d["positions"], d["winner"]) for d in duels] == [
        (["ki", "ki"], None), (["sho", "sho"], None), (["ten", "ten"], AKI), (["ten", "ketsu"], None)]
    assert sorted(st.sides[AKI].stock) == ["alarm", "bento", "festival"]
    assert sorted(st.sides[REN].stock) == ["deadpan", "exam", "pudding"]
    assert st.sides[REN].botsu == ["mascot"]


def test_a_panel_that_wins_its_ties_wins_a_tie():
    st = new(0)
    # Sudden Rain opened right: FP 30, and it wins its ties; The Salaryman's Sigh opened up: FP 30.
    issue(st, {AKI: [("rain", "upright"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("salaryman", "inverted"), ("exam", "upright"), ("mascot", "inverted"), ("deadpan", "upright")]},
          {AKI: ["right", "left", "up", "up"], REN: ["up", "right", "up", "right"]})
    first = next(e.data for e in st.log if e.kind == "duel")
    assert first["fps"] == [30, 30] and first["winner"] == AKI and first["tiebreak"]


def test_39_botsu_icons_lose_at_once():
    st = new(0)
    arrange(st, REN, botsu=["robot", "dream", "grandma", "detective", "convenience", "sports_day",
                            "cat_box", "rain", "misunderstanding", "train", "alarm", "transfer", "pudding"])
    assert st.botsu_icons(REN) == 4 + 4 + 3 + 3 + 3 + 3 + 2 + 2 + 2 + 2 + 1 + 1 + 1   # 31
    refresh(st)
    issue(st, {AKI: [("robot", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("pratfall", "upright"), ("ghost", "upright"), ("umbrella", "upright"), ("cliff", "upright")]},
          {AKI: ["up", "left", "up", "up"], REN: ["left", "left", "right", "right"]})
    # robot 65 beats pratfall (2: 33), ghost (2: 35), umbrella (2: 37), cliff (2: 39): the fourth ends it.
    assert st.ended.id == f"botsu_{AKI}" and st.ended.cause == "botsu"
    assert st.botsu_icons(REN) == 39
    assert [e.kind for e in st.log[-2:]] == ["rejected", "ending"]


# --------------------------------------------------------------------- Stock Pool and upkeep
def test_the_upkeep_keeps_or_releases_each_stock_card_and_pays_for_those_kept():
    st = new(0)
    make_time(st, TEN_PANELS)
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    assert st.pending.kind == "upkeep" and st.pending.seat == AKI
    assert [str(a) for a in st.pending.options] == ["keep alarm", "release alarm"]
    act(st, AKI, "keep alarm")
    events = act(st, AKI, "release bento")
    assert next(e for e in events if e.kind == "released").data == {"seat": AKI, "card": "bento"}
    act(st, AKI, "keep festival")
    decide(st)
    assert st.sides[AKI].stock == ["alarm", "festival"] and "bento" in st.sides[AKI].lost
    upkeep = [e for e in st.log if e.kind == "paid" and e.data["reason"] == "upkeep" and e.data["seat"] == AKI]
    assert upkeep[-1].data["count"] == 2


def test_keeping_more_than_the_lit_stars_can_pay_is_warned_and_darkens_the_sky():
    # The rulebook: keep cards in the Stock Pool past what your stars can pay and you
    # put out every light, and lose. The engine lets you; the choice warns you first.
    from engine.funnytime import effects
    from narrator.screens import for_story

    decision = for_story(STORY).decision

    st = new(0)
    make_time(st, TEN_PANELS)
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    assert st.pending.kind == "upkeep" and st.pending.seat == AKI
    names = {AKI: "Aki", REN: "Ren"}
    assert "Warning" not in decision(STORY.view(st, AKI), names)
    for star in st.lit(AKI)[CONTENT.cost(st.pending.data["card"]):]:
        effects.put_out(st, AKI, star)
    st.forget()                                  # edited by hand: the kept view is stale
    warned = decision(STORY.view(st, AKI), names)
    assert "your sky would go dark and you would lose" in warned
    act(st, AKI, f"keep {st.pending.data['card']}")
    while st.ended is None and st.pending is not None and st.pending.seat == AKI and st.pending.kind == "upkeep":
        act(st, AKI, f"release {st.pending.data['card']}")
    decide(st)
    assert st.ended is not None and st.ended.cause == "dark"


def test_stock_cards_count_toward_the_four_and_leave_the_pool_when_laid():
    st = new(0)
    issue(st, TEN_PANELS, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    decide(st)
    assert st.phase == "make" and sorted(st.sides[AKI].stock) == ["alarm", "bento", "festival"]
    assert st.fieldable(AKI) == sum(c in CONTENT.koma for c in st.sides[AKI].hand) + 3
    act(st, AKI, "lay ki alarm inverted stock")
    assert STORY.view(st, AKI).plan.stock == ("bento", "festival")
    assert st.sides[AKI].stock == ["alarm", "bento", "festival"]      # until the reveal
    for pos, c in (("sho", "bento"), ("ten", "festival")):
        act(st, AKI, f"lay {pos} {c} upright stock")
    act(st, AKI, str(next(a for a in st.pending.options if a.verb == "lay")))
    act(st, AKI, "done")
    for pos, c in zip(("ki", "sho", "ten", "ketsu"), ["pudding", "exam", "deadpan"]):
        act(st, REN, f"lay {pos} {c} inverted stock")
    act(st, REN, str(next(a for a in st.pending.options if a.verb == "lay")))
    act(st, REN, "done")
    assert st.sides[AKI].stock == [] and st.sides[REN].stock == []
    revealed = next(e for e in reversed(st.log) if e.kind == "revealed" and e.data["seat"] == AKI)
    assert revealed.data["cards"] == ["alarm", "bento", "festival"]     # seen leaving the pool


def test_free_upkeep_keeps_the_pool_for_nothing():
    st = new(0)
    make_time(st, TEN_PANELS, {AKI: ["reprint"]})
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]})
    kept = next(e for e in st.log if e.kind == "kept" and e.data["seat"] == AKI)
    assert kept.data == {"seat": AKI, "cards": ["alarm", "bento", "festival"], "cost": 0, "free": True}
    assert not any(e.kind == "paid" and e.data["reason"] == "upkeep" and e.data["seat"] == AKI for e in st.log)


# --------------------------------------------------------------------- the planisphere
def test_a_spent_star_relights_after_as_many_issues_as_its_name_has_characters():
    st = new(0)
    issue(st, TEN_PANELS, {AKI: ["up", "left", "up", "up"], REN: ["down", "up", "left", "left"]}, upkeep="release")
    decide(st)
    # the panels cost four: the Pleiades, the Heart, the Horn and the Dipper (one character each),
    # spent in 本 1, are lit again at the start of 本 2
    assert st.number == 2 and lit(st, AKI) == 21
    st.sides[AKI].dark = {"fomalhaut": 2 + 8, "vega": 2 + 2}
    for n, expected in ((3, 19), (4, 20), (10, 21)):
        while st.number < n:
            st.phase = "dawn"
            refresh(st)
        assert lit(st, AKI) == expected, n


def test_a_star_put_out_by_an_effect_can_leave_the_sky_dark_at_once():
    st = new(0)
    st.sides[REN].dark = {s.id: 9 for s in CONTENT.stars[2:]}      # two lit
    make_time(st, TEN_PANELS, {AKI: ["deadline"]})
    decide(st)
    assert st.ended.id == f"dark_{AKI}"
    doused = next(e for e in st.log if e.kind == "effect" and e.data["op"] == "douse")
    assert doused.data["stars"] == ["the Pleiades", "the Heart"]


# --------------------------------------------------------------------- surrender, deadline, errors
def test_stop_surrenders_and_the_rival_wins():
    st = new(0)
    events = act(st, AKI, "surrender")
    assert kinds(events) == ["surrender", "ending"]
    assert st.ended.id == f"surrender_{REN}" and st.ended.detail == {"winner": REN, "loser": AKI}
    with pytest.raises(GameOver):
        act(st, REN, "stop")
    assert g.to_act(st) == () and g.legal_actions(st, AKI) == []


@pytest.mark.parametrize("short,ending", [((AKI,), f"dropped_{REN}"), ((REN,), f"dropped_{AKI}"),
                                          ((AKI, REN), "stopped")])
def test_an_artist_out_of_pages_drops_the_manuscript_and_loses(short, ending):
    # This edition's rule for the draft's gap: after every redraw and 星裁, an artist who
    # still cannot field four Koma cards drops the manuscript (原稿を落とす).
    st = new(0)
    for seat in short:
        side = st.sides[seat]
        every = list(side.cards())
        koma = [c for c in every if CONTENT.is_koma(c)][:3]
        for c in koma:
            every.remove(c)
        arrange(st, seat, hand=koma, stock=[], lost=every)
        assert st.sides[seat].deck == []
    st.number, st.phase, st.index = 1, "shortage", 0
    refresh(st)
    decide(st, {"bonus": "pass"})
    assert st.ended is not None and st.ended.id == ending and st.ended.cause == "dropped"
    dropped = [e.data["seat"] for e in st.log if e.kind == "dropped"]
    assert dropped == list(short)


@pytest.mark.parametrize("botsu,ending", [((["robot"], ["alarm"]), "deadline_ren"),
                                          ((["alarm", "rain"], ["alarm"]), "stopped"),
                                          (([], ["robot"]), f"deadline_{AKI}")])
def test_at_the_deadline_the_editors_keep_a_clear_leader_or_give_no_verdict(botsu, ending):
    st = new(0)
    arrange(st, AKI, botsu=botsu[0])
    arrange(st, REN, botsu=botsu[1])
    st.number = CONTENT.table.deadline
    st.phase, st.index = "deadline", 0
    st.pending = None
    refresh(st)
    assert st.ended.id == ending
    verdict = next(e for e in st.log if e.kind == "verdict")
    assert verdict.data["margin"] == 3


def test_mistakes_are_domain_errors_and_change_nothing():
    st = new(0)
    before = st.copy()
    with pytest.raises(NotYourTurn):
        act(st, REN, "done")
    with pytest.raises(IllegalAction) as err:
        act(st, AKI, "done")
    assert "lay ki" in " ".join(err.value.legal)
    with pytest.raises(BadSyntax):
        parse("lay here alarm upright")
    assert [e.kind for e in st.log] == [e.kind for e in before.log] and st.moves == before.moves


def test_the_same_seed_and_actions_give_the_same_log():
    def play(seed):
        st = new(seed)
        rng = random.Random(seed)
        while st.ended is None and st.moves < 400:
            seat = g.to_act(st)[0]
            options = [a for a in g.legal_actions(st, seat) if str(a) != "stop"]
            g.apply(st, seat, rng.choice(options))
        return [(e.kind, e.data, e.seats) for e in st.log]
    assert play(3) == play(3)
    assert play(3) != play(4)


def test_a_deck_option_plays_that_deck():
    st = g.new_game(CONTENT, SEATS, 0, {"decks": {AKI: "slice_of_life", REN: EVERY}})
    assert st.decks == {AKI: "Slow-Burn Slice of Life", REN: "Every Card"}
    assert sorted(st.sides[AKI].cards()) == sorted(CONTENT.decks["slice_of_life"].cards())
    plain = g.new_game(CONTENT, SEATS, 0, {})
    assert plain.decks == {AKI: "Slapstick Sprint", REN: "Slow-Burn Slice of Life"}


def test_the_duels_end_when_a_side_has_no_next_panel_to_send():
    st = new(0)
    arrange(st, AKI, hand=["alarm", "bento"], stock=[])
    side = st.sides[AKI]
    for c in [c for c in side.deck if c in CONTENT.koma]:
        side.deck.remove(c)
        side.lost.append(c)
    side.judged = True
    refresh(st)
    act(st, AKI, "lay ki alarm inverted")
    act(st, AKI, "lay sho bento upright")
    act(st, AKI, "done")
    arrange(st, REN, hand=["robot", "exam", "mascot", "deadpan"])
    refresh(st)
    for pos, c in zip(("ki", "sho", "ten", "ketsu"), ["robot", "exam", "mascot", "deadpan"]):
        act(st, REN, f"lay {pos} {c} inverted")
    act(st, REN, "done")
    show_time(st, {AKI: ["up", "left"], REN: ["up", "up", "up", "up"]})   # 50, 50 against robot's 65
    duels = [e.data for e in st.log if e.kind == "duel"]
    assert [d["winner"] for d in duels] == [REN, REN] and not duels[-1]["final"]
    returned = next(e for e in st.log if e.kind == "returned" and e.data["seat"] == REN)
    assert returned.data["cards"] == ["exam", "mascot", "deadpan"]
