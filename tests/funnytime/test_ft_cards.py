"""Every card does what its text says.

- Every effect step of every Koma rotation, run by the interpreter in a prepared
  position (piles to move, stars to light or put out, a rival hand to hit), changes the
  table exactly as its operation says, or not at all when its condition does not hold.
- Every Make card, played in a real 本, works at its time and says so.
- Each kind of trigger (when shown, each win, a loss, survival) fires at its moment.
"""
from __future__ import annotations

from collections import Counter

import pytest

from engine.funnytime import effects
from engine.funnytime.content import CLEAN, POSITIONS, TRIGGERS
from ft_positions import AKI, CONTENT, KOMA, MAKE, REN, STORY, arrange, decide, issue, make_time, new, show_time

FILLERS = ["salaryman", "exam", "mascot", "punchline", "bento", "festival"]
REN_PANELS = [("alarm", "inverted"), ("transfer", "upright"), ("plot_twist", "inverted"), ("deadpan", "upright")]
REN_ROTS = ["up", "left", "down", "left"]

STEPS = [(card, rot, trigger, i) for card in KOMA for rot in ("up", "down", "left", "right")
         for trigger in TRIGGERS for i, _ in enumerate(CONTENT.koma[card].rotation(rot).steps(trigger))]


def orientation(rot: str) -> str:
    return "upright" if rot in CLEAN["upright"] else "inverted"


def prepared(card: str, rot: str):
    """A 本 at Show Time with `card` laid in its own place by Aki, and piles to work on."""
    st = new(0)
    pos = CONTENT.koma[card].icons[0]
    fill = iter(f for f in FILLERS if f != card)
    panels = [(card, orientation(rot)) if p == pos else (next(fill), "upright") for p in POSITIONS]
    make_time(st, {AKI: panels, REN: REN_PANELS})
    # piles: two Koma cards in Aki's Botsu Box and Lost Hole, two in Ren's Lost Hole
    # (cards of which the EVERY deck holds two, so the card under test is never short)
    arrange(st, AKI, botsu=["author", "deadpan"], lost=["plot_twist", "pudding"], hand=["coffee", "transfer"])
    arrange(st, REN, lost=["bento", "exam"], hand=["coffee", "storyboard", "salaryman"])
    st.sides[AKI].dark = {"vega": 4, "spica": 5, "fomalhaut": 9}
    slot = next(s for s in st.sides[AKI].manuscript if s.card == card)
    slot.rotation, slot.base = rot, CONTENT.koma[card].rotation(rot).fp
    return st, slot


def check_step(st, seat: str, step, card: str, slot) -> None:
    """Run one step and check the table changed as the operation says."""
    rival = st.opponent(seat)
    me, them = st.sides[seat], st.sides[rival]
    holds = step.if_ is None or effects._holds(st, seat, step.if_)
    before = {"hand": list(me.hand), "botsu": list(me.botsu), "lost": list(me.lost), "dark": dict(me.dark),
              "r_hand": list(them.hand), "r_botsu": list(them.botsu), "r_lost": list(them.lost),
              "r_dark": dict(them.dark)}
    whose, targets = effects.panels(st, seat, step.target, slot) if step.target else (None, [])
    bonus = [t.bonus for t in targets]
    log: list = []
    effects.run(st, seat, [step], card, log, slot)
    n = step.count or 0
    if not holds:
        assert [e.data["op"] for e in log] == ["nothing"]
        assert list(me.hand) == before["hand"] and me.dark == before["dark"]
        return
    op = step.op
    if op == "fp":
        assert [t.bonus for t in targets] == [b + step.amount for b in bonus]
    elif op == "draw":
        assert me.hand[:len(before["hand"])] == before["hand"] and len(me.hand) == len(before["hand"]) + n
    elif op == "relight":
        assert len(me.dark) == max(0, len(before["dark"]) - n)
        due = sorted(before["dark"], key=lambda s: before["dark"][s])[:n]
        assert not set(due) & set(me.dark)
    elif op == "douse":
        assert len(them.dark) == len(before["r_dark"]) + n
    elif op == "rescue":
        moved = [c for c in reversed(before["botsu"])][:n]
        assert me.lost == before["lost"] + moved and len(me.botsu) == len(before["botsu"]) - len(moved)
    elif op == "bury":
        moved = [c for c in reversed(before["r_lost"]) if c in CONTENT.koma][:n]
        assert them.botsu == before["r_botsu"] + moved
    elif op == "recall":
        moved = [c for c in reversed(before["lost"]) if c in CONTENT.koma][:n]
        assert me.hand == before["hand"] + moved and me.open_hand[-len(moved):] == moved
    elif op == "discard":
        assert len(them.hand) == len(before["r_hand"]) - n and len(them.lost) == len(before["r_lost"]) + n
        assert Counter(before["r_hand"]) - Counter(them.hand) == Counter(them.lost[-n:])
    elif op in ("spare", "tiebreak"):
        assert targets and all(getattr(t, op) for t in targets)
    elif op == "free_upkeep":
        assert me.free_upkeep
    else:
        raise AssertionError(f"no check for {op}")
    assert log[-1].kind == "effect" and log[-1].data["op"] == op and log[-1].data["card"] == card


@pytest.mark.parametrize("card,rot,trigger,index", STEPS, ids=[f"{c}-{r}-{t}-{i}" for c, r, t, i in STEPS])
def test_every_koma_effect_step_does_what_it_says(card, rot, trigger, index):
    st, slot = prepared(card, rot)
    steps = CONTENT.koma[card].rotation(rot).steps(trigger)
    for step in steps[:index]:
        effects.run(st, AKI, [step], card, [], slot)
    check_step(st, AKI, steps[index], card, slot)


def test_every_koma_card_has_effects_and_a_plain_rotation():
    for card in KOMA:
        k = CONTENT.koma[card]
        plain = [r for r in ("up", "down", "left", "right") if not any(k.rotation(r).steps(t) for t in TRIGGERS)]
        assert plain and len(plain) < 4, card


# Sorted, so every process (pytest-xdist's workers included) collects the same order.
MAKE_CASES = [(m, cond) for m in MAKE for cond in sorted(
              ({s.if_ for s in CONTENT.make[m].effect if s.if_} or {None}) | ({"none"} if any(
                  s.if_ for s in CONTENT.make[m].effect) else set()), key=str)]


@pytest.mark.parametrize("card,condition", MAKE_CASES, ids=[f"{m}-{c}" for m, c in MAKE_CASES])
def test_every_make_card_works_at_its_time(card, condition):
    st = new(0)
    m = CONTENT.make[card]
    # the duels below cost Ren one icon (The Plot Twist at 転); Aki's Robot in the Botsu Box
    # puts her behind, which is what "ahead" must not find
    if condition == "behind" or (condition == "none" and any(s.if_ == "ahead" for s in m.effect)):
        arrange(st, AKI, botsu=["robot"])
    arrange(st, AKI, lost=["dream"])
    arrange(st, REN, lost=["grandma"])
    st.sides[AKI].dark = {"vega": 3, "spica": 4}
    panels = {AKI: [("alarm", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
              REN: REN_PANELS}
    make_time(st, panels, {AKI: [card]})
    show_time(st, {AKI: ["up", "left", "up", "up"], REN: REN_ROTS})
    decide(st)
    fired = [i for i, e in enumerate(st.log) if e.kind == "make_effect" and e.data["card"] == card]
    assert len(fired) == 1, card
    at = fired[0]
    # it fired in its phase: after the reveal, and (Show Time) after the strips, (end) after the duels
    kinds_before = {e.kind for e in st.log[:at]}
    assert "revealed" in kinds_before
    assert ("strip" in kinds_before) == (m.when in ("show", "end"))
    assert ("duel" in kinds_before) == (m.when == "end")
    ops = [e.data["op"] for e in st.log[at + 1:] if e.kind == "effect" and e.data["card"] == card]
    wanted = [s.op if (s.if_ is None or s.if_ == condition) else "nothing" for s in m.effect]
    assert ops == wanted
    assert card in st.sides[AKI].lost and card not in st.sides[AKI].played


# --------------------------------------------------------------------- triggers at their moment
def test_when_shown_effects_work_before_the_duels():
    st = new(0)
    issue(st, {AKI: [("transfer", "upright"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: REN_PANELS}, {AKI: ["right", "left", "up", "up"], REN: REN_ROTS})
    boost = next(i for i, e in enumerate(st.log) if e.kind == "effect" and e.data["card"] == "transfer")
    first_duel = next(i for i, e in enumerate(st.log) if e.kind == "duel")
    assert boost < first_duel and st.log[boost].data["positions"] == ["sho"]
    bento = next(e for e in st.log if e.kind == "duel" and "bento" in e.data["cards"])
    assert bento.data["fps"][0] == 50 + 15


def test_each_win_feeds_the_next_duel():
    st = new(0)
    # The Alarm That Didn't Ring opened right: FP 25, +10 to itself each time it wins.
    issue(st, {AKI: [("alarm", "upright"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("transfer", "inverted"), ("exam", "inverted"), ("mascot", "inverted"), ("deadpan", "upright")]},
          {AKI: ["right", "left", "up", "up"], REN: ["right", "left", "left", "left"]})
    # Ren's first three panels turned against their orientation: FP −35 each; deadpan 55 clean
    fps = [e.data["fps"] for e in st.log if e.kind == "duel"]
    # (Ren's transfer, opened right, still gives +15 to the next panel: misses cost FP, not effects)
    assert fps == [[25, -15], [35, 10], [45, 15], [55, 55]]


def test_a_loss_effect_works_after_the_panel_has_left():
    st = new(0)
    # Banana-Peel Pratfall opened left: FP 30; if it loses, draw 2 cards.
    issue(st, {AKI: [("pratfall", "upright"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("robot", "inverted"), ("exam", "inverted"), ("mascot", "inverted"), ("deadpan", "upright")]},
          {AKI: ["left", "left", "up", "up"], REN: ["up", "up", "up", "left"]})
    at = next(i for i, e in enumerate(st.log) if e.kind == "rejected" and e.data["card"] == "pratfall")
    effect = st.log[at + 1:at + 4]
    assert [e.kind for e in effect] == ["draw", "draw_seen", "effect"] and effect[2].data["count"] == 2


LEVEL = [("alarm", "inverted"), ("bento", "upright"), ("festival", "inverted")]
LEVEL_ROTS = ["up", "left", "up"]


def test_a_survival_effect_works_after_the_last_duel_for_a_panel_that_tied():
    st = new(0)
    arrange(st, AKI, botsu=["robot"])
    # Panels level all the way (50, 50, 55); at 結 Deadpan Stare opened right (35: if it was
    # not beaten, rescue 1) meets The Last Train opened right (35).
    issue(st, {AKI: [*LEVEL, ("deadpan", "upright")], REN: [*LEVEL, ("train", "upright")]},
          {AKI: [*LEVEL_ROTS, "right"], REN: [*LEVEL_ROTS, "right"]})
    duels = [e.data for e in st.log if e.kind == "duel"]
    assert [d["winner"] for d in duels] == [None, None, None, None] and duels[-1]["fps"] == [35, 35]
    rescued = next(i for i, e in enumerate(st.log) if e.kind == "effect" and e.data["card"] == "deadpan")
    assert rescued > max(i for i, e in enumerate(st.log) if e.kind == "duel")
    assert st.log[rescued].data["op"] == "rescue" and st.log[rescued].data["cards"] == ["robot"]
    assert "robot" in st.sides[AKI].lost and "deadpan" in st.sides[AKI].stock


def test_a_survival_effect_brings_a_card_back_into_the_hand_in_the_open():
    st = new(0)
    arrange(st, AKI, lost=["robot"])
    # Sunset on the Riverbank opened up at 結: FP 35; if it was not beaten, recall 1.
    issue(st, {AKI: [*LEVEL, ("sunset", "inverted")], REN: [*LEVEL, ("train", "upright")]},
          {AKI: [*LEVEL_ROTS, "up"], REN: [*LEVEL_ROTS, "right"]})
    recalled = next(e for e in st.log if e.kind == "effect" and e.data["card"] == "sunset")
    assert recalled.data["op"] == "recall" and recalled.data["cards"] == ["robot"]
    assert "robot" in st.sides[AKI].hand and "robot" in st.sides[AKI].open_hand


def test_a_peek_shows_one_seat_the_rivals_panel():
    st = new(0)
    make_time(st, {AKI: [("alarm", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
                   REN: REN_PANELS}, {AKI: ["thumbnails"]})
    decide(st)
    peek = next(e for e in st.log if e.kind == "peek")
    assert peek.seats == frozenset({AKI}) and (peek.data["card"], peek.data["orientation"]) == ("alarm", "inverted")
    assert STORY.view(st, AKI).peeks == (("ki", "alarm", "inverted"),)
    assert STORY.view(st, REN).peeks == ()
    assert STORY.view(st, AKI).other.manuscript[0].card is None      # still face down on the table


def test_spare_sends_a_beaten_panel_to_the_lost_hole():
    st = new(0)
    issue(st, {AKI: [("cat_box", "inverted"), ("bento", "upright"), ("festival", "inverted"), ("punchline", "inverted")],
               REN: [("robot", "inverted"), ("exam", "inverted"), ("mascot", "inverted"), ("deadpan", "upright")]},
          {AKI: ["down", "left", "up", "up"], REN: ["up", "up", "up", "left"]})
    rejected = next(e for e in st.log if e.kind == "rejected" and e.data["card"] == "cat_box")
    assert rejected.data["spared"] and "cat_box" in st.sides[AKI].lost and "cat_box" not in st.sides[AKI].botsu
