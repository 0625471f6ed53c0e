"""The whole box and both expansions: the culprit, purple cards, and every new card."""
from __future__ import annotations

import json
import random

import pytest

from engine.fumie import game as g
from engine.fumie.view import view
from narrator.library import load

STORY = load("fumie")
C = STORY.content
SEATS = ("takeo", "fumie")


def new(episode: str, seed: int = 0, **options):
    return g.new_game(C, SEATS, seed, {"episode": episode, **options})


def act(st, seat, text):
    return g.apply(st, seat, g.parse_action(text))


def place(st, *, takeo_hand=None, fumie_hand=None, takeo_pile=(), fumie_pile=(), active=None):
    """Put chosen cards in hands and piles, taking them from wherever they were."""
    for seat, hand in (("takeo", takeo_hand), ("fumie", fumie_hand)):
        if hand is not None:
            for c in hand:
                _take(st, c)
    for c in [e if isinstance(e, str) else e[0] for e in (*takeo_pile, *fumie_pile)]:
        _take(st, c)
    t, f = st.sides["takeo"], st.sides["fumie"]
    if takeo_hand is not None:
        t.deck += t.hand
        t.hand = list(takeo_hand)
    if fumie_hand is not None:
        f.deck += f.hand
        f.hand = list(fumie_hand)
    t.discard = [(e, True) if isinstance(e, str) else e for e in takeo_pile]
    f.discard = [(e, True) if isinstance(e, str) else e for e in fumie_pile]
    st.known |= {c for c, up in t.discard + f.discard if up}
    if active:
        st.active = active
    return st


def _take(st, card):
    for side in st.sides.values():
        for place_ in (side.hand, side.deck):
            if card in place_:
                place_.remove(card)
        side.discard = [e for e in side.discard if e[0] != card]
    if card in st.aside:
        st.aside.remove(card)


def kinds(events):
    return [e.kind for e in events]


# --- the box ---------------------------------------------------------------------------

def test_the_box_holds_43_distinct_cards_and_each_episode_12_blue_and_12_red():
    assert len(C.cards) == 43
    assert C.episodes == ("basic", "murder", "tadokoro")
    for ep in C.episodes:
        assert len(C.deck_for("takeo", ep)) == 12 and all(C.cards[c].set == "red" for c in C.deck_for("takeo", ep))
        assert len(C.deck_for("fumie", ep)) == 12 and all(C.cards[c].set == "blue" for c in C.deck_for("fumie", ep))
    shared = [c for c in C.cards.values() if len(c.episodes) > 1]
    assert len(shared) >= 10
    assert {c.id for c in C.cards.values() if c.set == "purple"} == {"nogami", "photo"}


def test_both_sheets_have_three_sides():
    for seat in SEATS:
        assert {ep for (s, ep) in C.sheets if s == seat} == {"basic", "murder", "tadokoro"}


def test_every_episode_has_an_ending_book_of_at_least_eight_pages_of_120_words():
    for ep in C.episodes:
        pages = C.books[ep].ending
        assert len(pages) >= 8 and "stopped" in {p.id for p in pages}
        assert [p.id for p in pages if p.tone == "true"] == ["true"]
        for p in pages:
            assert len(p.text.split()) >= 120, (ep, p.id)


def test_purple_cards_wait_in_the_box():
    st = new("tadokoro", 3)
    assert st.aside == ["nogami", "photo"]
    everywhere = [c for s in st.sides.values() for c in s.hand + s.deck]
    assert "nogami" not in everywhere and "photo" not in everywhere


# --- the culprit -----------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(40))
def test_the_culprit_is_drawn_blind_from_the_blue_set_until_a_person_comes_up(seed):
    st = new("murder", seed)
    assert st.culprit in C.suspects("murder") == ["ryosuke", "kondo", "shidara", "caretaker"]
    f = st.sides["fumie"]
    assert len(f.hand) + len(f.deck) == 11 and st.culprit not in f.hand + f.deck
    # It is the first Person from the top of the shuffled set (replayed here by hand).
    rng = random.Random(seed)
    red, blue = C.deck_for("takeo", "murder"), C.deck_for("fumie", "murder")
    rng.shuffle(red)
    rng.shuffle(blue)
    first_person = next(c for c in reversed(blue) if C.cards[c].type == "person" and not C.cards[c].protagonist)
    assert st.culprit == first_person


def test_takeo_is_never_the_culprit():
    assert all(new("murder", s).culprit != "takeo" for s in range(300))


def test_a_kept_culprit_sets_up_the_same_game_as_the_drawn_one():
    drawn = new("murder", 9)
    kept = new("murder", 9, culprit=drawn.culprit)
    assert kept.sides["fumie"].deck == drawn.sides["fumie"].deck
    assert kept.sides["fumie"].hand == drawn.sides["fumie"].hand


def test_a_kept_culprit_other_than_the_draw_is_used():
    st = new("murder", 9, culprit="caretaker")
    assert st.culprit == "caretaker" and "caretaker" not in st.sides["fumie"].deck + st.sides["fumie"].hand


def test_only_fumie_is_told_the_culprit_and_sees_it():
    st = new("murder", 4)
    told = [e for e in st.log if e.kind == "culprit_set"]
    assert len(told) == 1 and told[0].seats == frozenset({"fumie"}) and told[0].data == {"card": st.culprit}
    assert view(st, "fumie").culprit.id == st.culprit
    assert view(st, "takeo").culprit is None


def _check(culprit, pile_cards, pile="fumie", face_up=True):
    """Use the Threatening Note (checks Fumie's own pile) with chosen cards in it."""
    st = new("murder", 1, culprit=culprit)
    place(st, takeo_hand=["note", "fumie", "risa"], fumie_pile=[(c, face_up) for c in pile_cards],
          active="fumie")
    events = act(st, "fumie", "up")
    return [e for e in events if e.kind == "culprit_check"][0], st


@pytest.mark.parametrize("culprit,namesake", [("ryosuke", "footsteps"), ("kondo", "shadow"),
                                               ("shidara", "perfume"), ("caretaker", "keys")])
def test_checking_answers_whether_a_card_of_the_culprits_name_lies_face_up(culprit, namesake):
    event, st = _check(culprit, [namesake, "cake"])
    assert event.data == {"pile": "fumie", "found": True} and event.seats is None
    others = [n for n in ("footsteps", "shadow", "perfume", "keys") if n != namesake]
    event, _ = _check(culprit, others)
    assert event.data["found"] is False
    assert not st.culprit_shown   # checking never reveals


def test_a_face_down_namesake_is_not_referred_to():
    event, _ = _check("kondo", ["shadow"], face_up=False)
    assert event.data["found"] is False


def test_the_check_answers_only_yes_or_no():
    event, _ = _check("kondo", ["shadow"])
    assert "kondo" not in json.dumps(event.data)


def test_mihara_reveals_the_culprit_when_the_check_says_yes():
    st = new("murder", 2, culprit="shidara")
    place(st, takeo_hand=["mihara", "fumie", "risa"], fumie_pile=["perfume"], active="fumie")
    events = act(st, "fumie", "up")
    after = kinds(events)[kinds(events).index("culprit_check"):]
    assert after[:3] == ["culprit_check", "sleeve", "culprit_revealed"]
    assert st.culprit_shown and view(st, "takeo").culprit.id == "shidara"
    assert "shidara" in st.known


def test_mihara_reveals_nothing_when_the_check_says_no():
    st = new("murder", 2, culprit="shidara")
    place(st, takeo_hand=["mihara", "fumie", "risa"], fumie_pile=["shadow"], active="fumie")
    act(st, "fumie", "up")
    assert not st.culprit_shown and view(st, "takeo").culprit is None


def _accuse(culprit, named):
    st = new("murder", 5, culprit=culprit)
    place(st, fumie_hand=["key", "takeo", "watch"], active="takeo")
    act(st, "takeo", "up")
    assert [a for a in view(st, "takeo").legal if a != "stop"] == [
        "accuse ryosuke", "accuse kondo", "accuse shidara", "accuse caretaker"]
    return st, act(st, "takeo", f"accuse {named}")


def test_naming_the_culprit_reveals_it():
    st, events = _accuse("kondo", "kondo")
    assert [e.data for e in events if e.kind == "accused"] == [{"seat": "takeo", "card": "kondo", "right": True}]
    assert st.culprit_shown and st.ended is None


def test_naming_the_wrong_person_ends_the_game():
    st, events = _accuse("kondo", "ryosuke")
    assert st.ended.id == "wrong_accusation" and not st.culprit_shown


@pytest.mark.parametrize("revealed,takeo_up,page", [(False, True, "attacked"), (True, False, "arrest"),
                                                     (True, True, "true")])
def test_someone_waiting_at_dusk(revealed, takeo_up, page):
    st = new("murder", 6, culprit="caretaker")
    place(st, takeo_hand=["walk_home", "fumie", "risa"], takeo_pile=["takeo"] if takeo_up else ["watch"],
          active="fumie")
    st.culprit_shown = revealed
    act(st, "fumie", "up")
    assert st.ended.id == page


def test_the_box_cutter_is_removed_once_the_culprit_is_known():
    st = new("murder", 7, culprit="caretaker")
    place(st, fumie_hand=["cutter", "takeo", "watch"], takeo_pile=["umbrella"], active="takeo")
    st.culprit_shown = True
    act(st, "takeo", "up")
    assert "cutter" in st.removed and st.sides["takeo"].discard == [("umbrella", True)]
    st = new("murder", 7, culprit="caretaker")
    place(st, fumie_hand=["cutter", "takeo", "watch"], takeo_pile=["umbrella"], active="takeo")
    act(st, "takeo", "up")
    assert st.sides["takeo"].discard == [("umbrella", False), ("cutter", True)]


@pytest.mark.parametrize("card,pile", [("caretaker", "fumie"), ("logbook", "fumie")])
def test_takeos_checks_look_at_fumies_pile(card, pile):
    st = new("murder", 8, culprit="ryosuke")
    place(st, fumie_hand=[card, "takeo", "watch"], fumie_pile=["footsteps"], active="takeo")
    events = act(st, "takeo", "up")
    assert [e.data for e in events if e.kind == "culprit_check"] == [{"pile": pile, "found": True}]


def test_the_sheet_can_ask_around():
    st = new("murder", 8, culprit="ryosuke")
    place(st, fumie_pile=["footsteps"], active="takeo")
    events = act(st, "takeo", "down investigate")
    assert [e.data for e in events if e.kind == "culprit_check"] == [{"pile": "fumie", "found": True}]


@pytest.mark.parametrize("revealed,page", [(True, "unmasked"), (False, "nightfall")])
def test_the_day_running_out_in_the_murder_episode(revealed, page):
    st = new("murder", 3)
    t = st.sides["takeo"]
    t.deck = []
    t.hand = ["fumie"]
    st.culprit_shown = revealed
    st.active = "fumie"
    act(st, "fumie", "down glance")
    assert st.ended.id == page and st.ended.cause == "exhausted"


# --- Mr. Tadokoro's Love --------------------------------------------------------------

def test_the_transfer_notice_brings_nogami_on_top_of_takeos_deck():
    st = new("tadokoro", 1)
    place(st, fumie_hand=["envelope", "takeo", "watch"], active="takeo")
    events = act(st, "takeo", "up")
    assert [e.data for e in events if e.kind == "bring_in"] == [{"card": "nogami", "deck": "takeo"}]
    assert "nogami" not in st.aside
    # The refill after the turn takes it from the top into Takeo's hand.
    assert "nogami" in st.sides["takeo"].hand + st.sides["takeo"].deck[-1:]


def test_a_purple_card_in_play_is_not_brought_in_twice():
    st = new("tadokoro", 1)
    place(st, fumie_hand=["envelope", "takeo", "watch"], takeo_hand=["nogami", "fumie", "risa"], active="takeo")
    events = act(st, "takeo", "up")
    assert "bring_in" not in kinds(events)
    assert sum(c == "nogami" for s in st.sides.values() for c in s.hand + s.deck) == 1


def test_nogami_transfers_him_without_the_petition():
    st = new("tadokoro", 2)
    place(st, takeo_hand=["nogami", "fumie", "risa"], active="fumie")
    act(st, "fumie", "up")
    assert st.ended.id == "transferred"


def test_the_petition_stops_nogami_and_brings_the_photograph():
    st = new("tadokoro", 2)
    place(st, takeo_hand=["nogami", "fumie", "risa"], fumie_pile=["signatures"], active="fumie")
    events = act(st, "fumie", "up")
    assert st.ended is None and "nogami" in st.removed
    assert [e.data for e in events if e.kind == "bring_in"] == [{"card": "photo", "deck": "fumie"}]


@pytest.mark.parametrize("takeo_pile,page", [(["tadokoro", "textbook"], "true"), (["tadokoro"], "unchanged"),
                                             (["textbook"], "unchanged")])
def test_the_photograph(takeo_pile, page):
    st = new("tadokoro", 3)
    place(st, fumie_hand=["photo", "takeo", "watch"], takeo_pile=takeo_pile, active="takeo")
    act(st, "takeo", "up")
    assert st.ended.id == page


@pytest.mark.parametrize("first,second", [("whispers", "bento"), ("bento", "whispers")])
def test_a_rumour_about_lunch_for_two_is_a_scandal_in_either_order(first, second):
    st = new("tadokoro", 4)
    place(st, takeo_hand=[second, "fumie", "risa"], fumie_pile=[first], active="fumie")
    act(st, "fumie", "up")
    if st.pending is not None:   # Lunch for Two asks for an order first
        act(st, "fumie", st.pending.options[0].__str__())
    assert st.ended.id == "scandal"


@pytest.mark.parametrize("removed,page", [(True, "reprieve"), (False, "term_ends")])
def test_the_day_running_out_in_the_tadokoro_episode(removed, page):
    st = new("tadokoro", 3)
    st.sides["takeo"].deck, st.sides["takeo"].hand = [], ["fumie"]
    if removed:
        st.aside.remove("nogami")
        st.removed.append("nogami")
    st.active = "fumie"
    act(st, "fumie", "down glance")
    assert st.ended.id == page


def test_an_end_condition_printed_for_one_episode_works_only_there():
    # Kanako serves in Mr. Tadokoro's Love too, but her END is "In For Fumie" only.
    st = new("tadokoro", 5)
    place(st, takeo_hand=["kanako", "fumie", "risa"], active="fumie")
    st.sides["takeo"].discard.append(("shidara", True))   # as if it were there
    act(st, "fumie", "up")
    assert st.ended is None
    st = g.new_game(C, SEATS, 5, {"episode": "basic"})
    place(st, takeo_hand=["kanako", "fumie", "risa"], takeo_pile=["shidara"], active="fumie")
    act(st, "fumie", "up")
    assert st.ended.id == "kanako"


# --- every new card's own effect -----------------------------------------------------

RED_NEW = {  # card -> the event kinds its face-up use tells, in order (after use/sleeve)
    "footsteps": ["to_back"],
    "perfume": ["show_hand"],
    "note": ["culprit_check"],
}


@pytest.mark.parametrize("card,told", sorted(RED_NEW.items()))
def test_new_red_cards(card, told):
    st = new("murder", 2, culprit="kondo")
    place(st, takeo_hand=[card, "fumie", "risa"], active="fumie")
    events = act(st, "fumie", "up")
    body = [k for k in kinds(events) if k not in ("use", "sleeve", "discard", "draw", "draw_seen", "turn")]
    assert body == told


def test_shadow_arranges_the_top_two_of_fumies_deck():
    st = new("murder", 2, culprit="kondo")
    place(st, takeo_hand=["shadow", "fumie", "risa"], active="fumie")
    top = st.sides["fumie"].deck[-2:]
    act(st, "fumie", "up")
    assert st.pending.kind == "order_deck" and st.pending.data["cards"] == top[::-1]
    act(st, "fumie", "order 2 1")
    assert st.sides["fumie"].deck[-2:] == top[::-1]   # the second card is now on top


def test_keys_turn_a_face_down_card_of_fumies_pile_face_up():
    st = new("murder", 2, culprit="kondo")
    place(st, takeo_hand=["keys", "fumie", "risa"], fumie_pile=[("cake", False)], active="fumie")
    act(st, "fumie", "up")
    assert ("cake", True) in st.sides["fumie"].discard and "cake" in st.known


def test_staffroom_arranges_the_top_three_of_fumies_deck():
    st = new("tadokoro", 2)
    place(st, fumie_hand=["staffroom", "takeo", "watch"], active="takeo")
    top = st.sides["fumie"].deck[-3:][::-1]
    act(st, "takeo", "up")
    assert st.pending.kind == "order_deck" and st.pending.data == {"deck": "fumie", "cards": top}


@pytest.mark.parametrize("answer,moved", [("yes", True), ("no", False)])
def test_the_lesson_shows_the_hand_then_may_delay_its_first_card(answer, moved):
    st = new("tadokoro", 2)
    place(st, fumie_hand=["textbook", "takeo", "watch"], active="takeo")
    events = act(st, "takeo", "up")
    assert [e.data for e in events if e.kind == "show_hand"] == [
        {"seat": "fumie", "to": "takeo", "cards": ["takeo", "watch"]}]
    act(st, "takeo", answer)
    assert st.sides["fumie"].hand[:2] == (["watch", "takeo"] if moved else ["takeo", "watch"])


def test_the_petition_draws_one_past_three():
    st = new("tadokoro", 2)
    place(st, takeo_hand=["signatures", "fumie", "risa"], active="fumie")
    act(st, "fumie", "up")
    assert len(st.sides["fumie"].hand) == 3 + 1   # refilled to three earlier, plus one drawn


def test_lunch_for_two_puts_her_hand_in_order():
    st = new("tadokoro", 2)
    place(st, takeo_hand=["bento", "fumie", "risa"], fumie_hand=["takeo", "watch", "ball"], active="fumie")
    act(st, "fumie", "up")
    act(st, "fumie", "order 3 2 1")
    assert st.sides["fumie"].hand[:3] == ["ball", "watch", "takeo"]
