"""Every card of For Fumie's basic episode, used face up: its exact effect, its decisions
and their events; and the sleeve rules (an effect side is hidden until the card is used
face up, turned face up or removed, and then stays known).

Blue cards sit in Fumie's hand and are used by Takeo; red cards sit in Takeo's hand and
are used by Fumie.
"""
from __future__ import annotations

import pytest

from engine.contract import Ending
from engine.fumie import game as g
from engine.fumie.view import view
from fumie_positions import (
    ALL_CARDS, BLUE, CONTENT, RED, SEATS, act, arrange, assert_conserved, card_ids_in,
    event_cards, kinds, legal, new, of_kind, one, where,
)


def holder_of(card: str) -> str:
    return "fumie" if card in BLUE else "takeo"


def user_of(card: str) -> str:
    return "takeo" if card in BLUE else "fumie"


def front(card: str, **kw):
    """A position where `card` is the front of its holder's hand and its user is to act."""
    user = user_of(card)
    hand_key = "fumie_hand" if user == "takeo" else "takeo_hand"
    colour = BLUE if card in BLUE else RED
    others = [c for c in colour if c != card and c not in _placed(kw)]
    kw.setdefault(hand_key, [card] + others[:2])
    return arrange(active=user, **kw)


def _placed(kw) -> set:
    out = set()
    for key, value in kw.items():
        if key in ("active", "known", "fill"):
            continue
        for e in value or ():
            out.add(e if isinstance(e, str) else e[0])
    return out


def finish(st, seat):
    """Answer every decision of the turn with the first option offered."""
    events = []
    while st.pending is not None and st.ended is None:
        events += act(st, seat, legal(st, seat)[0])
    return events


def pairs(events):
    return [(e.kind, e.data) for e in events]


# ================================================================== every card

@pytest.mark.parametrize("card", ALL_CARDS)
def test_every_card_used_face_up_is_named_learned_and_discarded_face_up(card):
    st = front(card)
    user, holder = user_of(card), holder_of(card)
    assert card not in st.known
    events = act(st, user, "up")
    assert pairs(events)[:2] == [
        ("use", {"user": user, "holder": holder, "face": "up", "card": card}),
        ("sleeve", {"card": card}),
    ]
    assert all(e.seats is None for e in events[:2])
    assert card in st.known
    events += finish(st, user)
    assert [e for e in of_kind(events, "sleeve") if e.data["card"] == card] == [events[1]]
    assert st.sides[user].discard[-1] == (card, True)
    assert where(st, card) == f"{user}.pile"
    assert_conserved(st)


@pytest.mark.parametrize("card", ALL_CARDS)
def test_a_known_card_used_face_up_is_not_resleeved(card):
    st = front(card, known=[card])
    events = act(st, user_of(card), "up")
    assert "sleeve" not in kinds(events)


@pytest.mark.parametrize("card", ALL_CARDS)
def test_every_card_used_face_down_is_never_identified(card):
    st = front(card)
    user, holder = user_of(card), holder_of(card)
    before = len(st.log)
    events = act(st, user, "down not-yet" if user == "takeo" else "down glance")
    assert pairs(events)[0] == ("use", {"user": user, "holder": holder, "face": "down", "card": None})
    assert one(events, "discard").data == {"seat": user, "face": "down", "card": None}
    assert all(card not in event_cards(e) for e in st.log[before:])
    assert card not in st.known
    assert st.sides[user].discard == [(card, False)]
    assert st.ended is None
    for seat in SEATS:
        v = view(st, seat)
        pile = v.me.discard if seat == user else v.other.discard
        assert [(p.face_up, p.card) for p in pile] == [(False, None)]
        assert card not in card_ids_in(v.to_dict())


# ================================================================== blue cards (Takeo uses)

@pytest.mark.parametrize("effect,expected", [
    ("ask", [("common", {"user": "takeo", "effect": "ask"}),
             ("show_hand", {"seat": "fumie", "to": "takeo", "cards": ["ball", "bicycle"]})]),
    ("not-yet", [("common", {"user": "takeo", "effect": "not-yet"}), ("to_back", {"seat": "fumie"})]),
    ("think", [("common", {"user": "takeo", "effect": "think"})]),
])
def test_takeo_protagonist_uses_a_common_effect_of_takeos_sheet(effect, expected):
    st = front("takeo", fumie_hand=["takeo", "ball", "bicycle"], takeo_hand=["phone", "bell", "library"])
    act(st, "takeo", "up")
    assert legal(st, "takeo") == ["effect ask", "effect not-yet", "effect think", "stop"]
    events = act(st, "takeo", f"effect {effect}")
    assert pairs(events)[:len(expected)] == expected
    if effect == "think":
        assert st.pending is not None and len(legal(st, "takeo")) == 7
        events = act(st, "takeo", "order 2 3 1")
        assert pairs(events)[0] == ("rearrange", {"seat": "takeo"})
        assert st.sides["takeo"].hand == ["bell", "library", "phone"]
    if effect == "not-yet":
        assert st.sides["fumie"].hand[:2] == ["bicycle", "ball"]
    assert st.sides["takeo"].discard == [("takeo", True)] and st.active == "fumie"


def test_watch_turns_a_chosen_face_down_card_up_then_arranges_two():
    st = front("watch", takeo_pile=[("ball", False), ("kondo", False), "bicycle"],
               takeo_top=["cake", "letter", "kanako"])
    events = act(st, "takeo", "up")
    assert legal(st, "takeo") == ["flip takeo 1", "flip takeo 2", "stop"]
    assert view(st, "takeo").decision.options == ("flip takeo 1", "flip takeo 2")
    events = act(st, "takeo", "flip takeo 2")
    assert pairs(events)[:4] == [
        ("sleeve", {"card": "kondo"}),
        ("flip_up", {"pile": "takeo", "card": "kondo"}),
        ("arrange_deck", {"seat": "takeo", "deck": "takeo", "count": 2}),
        ("deck_seen", {"seat": "takeo", "deck": "takeo", "cards": ["cake", "letter"]}),
    ]
    assert one(events, "deck_seen").seats == frozenset({"takeo"})
    assert st.sides["takeo"].discard == [("ball", False), ("kondo", True), ("bicycle", True)]
    assert legal(st, "takeo") == ["order 1 2", "order 2 1", "stop"]
    assert [f.id for f in view(st, "takeo").decision.cards] == ["cake", "letter"]
    events = act(st, "takeo", "order 2 1")
    assert st.sides["takeo"].deck[-3:] == ["kanako", "cake", "letter"]  # letter now on top
    assert st.sides["takeo"].discard[-1] == ("watch", True)
    assert st.active == "fumie"


def test_watch_flips_the_only_face_down_card_without_asking():
    st = front("watch", takeo_pile=["bicycle", ("ball", False)], takeo_top=["cake", "letter"])
    events = act(st, "takeo", "up")
    assert ("flip_up", {"pile": "takeo", "card": "ball"}) in pairs(events)
    assert legal(st, "takeo") == ["order 1 2", "order 2 1", "stop"]


def test_watch_with_no_face_down_card_only_arranges():
    st = front("watch", takeo_pile=["bicycle"], fumie_pile=[("cake", False)], takeo_top=["letter", "kanako"])
    events = act(st, "takeo", "up")
    assert "flip_up" not in kinds(events)
    assert st.sides["fumie"].discard == [("cake", False)]   # never the opponent's pile
    assert kinds(events)[-2:] == ["arrange_deck", "deck_seen"]


def test_watch_with_one_card_in_the_deck_just_looks():
    st = front("watch", takeo_hand=["phone", "bell", "library"], takeo_top=["letter"],
               fumie_pile=["cake", "kanako", "risa", "notebook", "hairpin", "fumie", "stairs",
                           ("way_home", False)])
    assert st.sides["takeo"].deck == ["letter"]
    events = act(st, "takeo", "up")
    assert pairs(events)[2:4] == [
        ("arrange_deck", {"seat": "takeo", "deck": "takeo", "count": 1}),
        ("deck_seen", {"seat": "takeo", "deck": "takeo", "cards": ["letter"]}),
    ]
    assert st.pending is None and st.active == "fumie"


def test_ryosuke_opponent_shows_hand():
    st = front("ryosuke", fumie_hand=["ryosuke", "ball", "bicycle"], fumie_top=["clouds"])
    events = act(st, "takeo", "up")
    show = one(events, "show_hand")
    assert show.data == {"seat": "fumie", "to": "takeo", "cards": ["ball", "bicycle"]}
    assert show.seats == frozenset({"takeo", "fumie"})
    assert st.sides["fumie"].shown == {"ball", "bicycle"}
    assert "star" not in kinds(events)   # its ★ works only from the pile, on a Protagonist effect
    hand = view(st, "takeo").other.hand
    assert [f.id if f else None for f in hand] == ["ball", "bicycle", None]


def test_masahiro_user_shows_own_hand():
    st = front("masahiro", takeo_hand=["phone", "bell", "library"])
    events = act(st, "takeo", "up")
    show = one(events, "show_hand")
    assert show.data == {"seat": "takeo", "to": "fumie", "cards": ["phone", "bell", "library"]}
    assert show.seats == frozenset(SEATS)
    assert st.sides["takeo"].shown == {"phone", "bell", "library"}
    assert [f.id for f in view(st, "fumie").other.hand] == ["phone", "bell", "library"]
    assert st.ended is None


@pytest.mark.parametrize("card", ["kondo", "notebook"])
def test_kondo_and_notebook_arrange_three_of_the_users_own_deck(card):
    user = user_of(card)
    top = ["cake", "letter", "kanako"] if user == "takeo" else ["clouds", "ball", "watch"]
    st = front(card, **{f"{user}_top": top + (["risa"] if user == "takeo" else ["bicycle"])})
    events = act(st, user, "up")
    assert pairs(events)[-2:] == [
        ("arrange_deck", {"seat": user, "deck": user, "count": 3}),
        ("deck_seen", {"seat": user, "deck": user, "cards": top}),
    ]
    assert events[-1].seats == frozenset({user})
    assert legal(st, user) == ["order 1 2 3", "order 1 3 2", "order 2 1 3", "order 2 3 1",
                               "order 3 1 2", "order 3 2 1", "stop"]
    act(st, user, "order 3 1 2")
    deck = st.sides[user].deck
    assert deck[-1:-5:-1] == [top[2], top[0], top[1], deck[-4]]   # top first
    assert deck[-4] == ("risa" if user == "takeo" else "bicycle")


def test_shidara_shows_hand_then_may_swap_first_two():
    st = front("shidara", fumie_hand=["shidara", "ball", "bicycle"], fumie_top=["clouds"])
    events = act(st, "takeo", "up")
    assert one(events, "show_hand").data == {"seat": "fumie", "to": "takeo", "cards": ["ball", "bicycle"]}
    assert legal(st, "takeo") == ["yes", "no", "stop"]
    assert view(st, "takeo").decision.prompt == "Swap the first two cards of the opponent's hand?"
    assert view(st, "fumie").decision is None and legal(st, "fumie") == []
    events = act(st, "takeo", "yes")
    assert pairs(events)[0] == ("swap_front", {"seat": "fumie"})
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]
    assert st.sides["fumie"].shown == {"ball", "bicycle"}


def test_shidara_may_decline_the_swap():
    st = front("shidara", fumie_hand=["shidara", "ball", "bicycle"], fumie_top=["clouds"])
    act(st, "takeo", "up")
    events = act(st, "takeo", "no")
    assert pairs(events)[0] == ("decline", {"seat": "takeo"})
    assert st.sides["fumie"].hand == ["ball", "bicycle", "clouds"]


def test_shidara_end_needs_kanako_face_up():
    st = front("shidara", fumie_pile=["kanako"])
    act(st, "takeo", "up")
    events = act(st, "takeo", "no")
    assert st.ended == Ending("kanako", "card", {"card": "shidara", "seat": "takeo"})
    assert events[-1].kind == "ending"


def test_tadokoro_turns_a_chosen_face_down_card_in_either_pile_face_up():
    st = front("tadokoro", takeo_pile=[("ball", False), "kondo"], fumie_pile=["risa", ("cake", False)])
    act(st, "takeo", "up")
    assert legal(st, "takeo") == ["flip takeo 1", "flip fumie 2", "stop"]
    events = act(st, "takeo", "flip fumie 2")
    assert pairs(events)[:2] == [("sleeve", {"card": "cake"}), ("flip_up", {"pile": "fumie", "card": "cake"})]
    assert st.sides["fumie"].discard == [("risa", True), ("cake", True)]
    assert st.sides["takeo"].discard == [("ball", False), ("kondo", True), ("tadokoro", True)]


def test_tadokoro_with_nothing_face_down_does_nothing():
    st = front("tadokoro", takeo_pile=["kondo"], fumie_pile=["risa"])
    events = act(st, "takeo", "up")
    assert "flip_up" not in kinds(events) and st.pending is None


def test_ball_moves_the_users_then_the_opponents_first_card_to_the_back():
    st = front("ball", fumie_hand=["ball", "umbrella", "bicycle"], fumie_top=["clouds"],
               takeo_hand=["phone", "bell", "library"])
    events = act(st, "takeo", "up")
    assert pairs(events)[2:4] == [("to_back", {"seat": "takeo"}), ("to_back", {"seat": "fumie"})]
    assert st.sides["takeo"].hand == ["bell", "library", "phone"]
    assert st.sides["fumie"].hand == ["bicycle", "umbrella", "clouds"]


def test_calendar_draws_one_to_the_back_of_the_users_hand():
    st = front("calendar", takeo_hand=["phone", "bell", "library"], takeo_top=["cake", "letter"],
               fumie_top=["clouds"])
    events = act(st, "takeo", "up")
    assert pairs(events)[2:4] == [("draw_extra", {"seat": "takeo", "count": 1}),
                                  ("draw_seen", {"seat": "takeo", "cards": ["cake"]})]
    assert events[3].seats == frozenset({"takeo"})
    assert st.sides["takeo"].hand == ["phone", "bell", "library", "cake"]
    # the refill leaves a four-card hand alone and fills Fumie's
    assert [(e.data["seat"], e.data["count"]) for e in of_kind(events, "draw")] == [("fumie", 1)]
    assert view(st, "fumie").other.hand == (None, None, None, None)
    # Fumie uses the front card next; Takeo keeps three
    act(st, "fumie", "down glance")
    assert st.sides["takeo"].hand == ["bell", "library", "cake"]


def test_calendar_with_an_empty_deck_draws_nothing():
    st = front("calendar", takeo_hand=["phone", "bell", "library"],
               fumie_pile=["cake", "kanako", "risa", "notebook", "hairpin", ("fumie", False), "stairs",
                           ("way_home", False), ("letter", False)])
    assert st.sides["takeo"].deck == []
    events = act(st, "takeo", "up")
    assert "draw_extra" not in kinds(events)
    assert st.sides["takeo"].hand == ["phone", "bell", "library"]


def test_umbrella_moves_the_opponents_first_card_to_the_back():
    st = front("umbrella", fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["clouds"])
    events = act(st, "takeo", "up")
    assert pairs(events)[2] == ("to_back", {"seat": "fumie"})
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]


def test_phone_moves_the_opponents_first_card_to_the_back():
    st = front("phone", takeo_hand=["phone", "bell", "library"], takeo_top=["cake"])
    events = act(st, "fumie", "up")
    assert pairs(events)[2] == ("to_back", {"seat": "takeo"})
    assert st.sides["takeo"].hand == ["library", "bell", "cake"]


@pytest.mark.parametrize("card", ["bicycle", "bell"])
def test_bicycle_and_bell_give_the_user_the_next_turn_too(card):
    user = user_of(card)
    other = "fumie" if user == "takeo" else "takeo"
    st = front(card)
    events = act(st, user, "up")
    assert pairs(events)[2] == ("extra_turn", {"seat": user})
    assert pairs(events)[-1] == ("turn", {"seat": user, "number": 2})
    assert st.active == user and g.to_act(st) == (user,)
    events = act(st, user, "down " + ("ask" if user == "takeo" else "glance"))
    assert pairs(events)[-1] == ("turn", {"seat": other, "number": 3})


def test_rain_turns_a_chosen_face_up_card_in_the_users_pile_face_down():
    st = front("clouds", takeo_pile=["ball", ("kondo", False), "bicycle"], fumie_pile=["cake"])
    act(st, "takeo", "up")
    assert legal(st, "takeo") == ["flip takeo 1", "flip takeo 3", "stop"]
    events = act(st, "takeo", "flip takeo 3")
    assert pairs(events)[0] == ("flip_down", {"pile": "takeo", "card": "bicycle"})
    assert st.sides["takeo"].discard == [("ball", True), ("kondo", False), ("bicycle", False), ("clouds", True)]
    assert st.sides["fumie"].discard == [("cake", True)]
    v = view(st, "fumie")
    assert [(p.face_up, p.card.id if p.card else None) for p in v.other.discard] == [
        (True, "ball"), (False, None), (False, None), (True, "clouds")]


def test_rain_cannot_turn_itself_down_and_with_no_face_up_card_does_nothing():
    st = front("clouds", takeo_pile=[("ball", False)])
    events = act(st, "takeo", "up")
    assert "flip_down" not in kinds(events) and st.pending is None
    assert st.sides["takeo"].discard == [("ball", False), ("clouds", True)]


def test_rain_with_one_face_up_card_turns_it_without_asking():
    st = front("clouds", takeo_pile=["ball"])
    events = act(st, "takeo", "up")
    assert ("flip_down", {"pile": "takeo", "card": "ball"}) in pairs(events)
    assert st.sides["takeo"].discard == [("ball", False), ("clouds", True)]


def test_rain_instead_with_umbrella():
    st = front("clouds", takeo_pile=["ball", "umbrella"])
    events = act(st, "takeo", "up")
    assert pairs(events)[2] == ("instead", {"card": "clouds"})
    assert st.sides["takeo"].discard == [("ball", True), ("umbrella", True), ("clouds", True)]


# ================================================================== red cards (Fumie uses)

@pytest.mark.parametrize("effect", ["glance", "wish", "courage"])
def test_fumie_protagonist_uses_a_common_effect_of_fumies_sheet(effect):
    st = front("fumie", takeo_hand=["fumie", "bell", "library"], fumie_hand=["ball", "umbrella", "bicycle"],
               fumie_top=["clouds", "calendar"])
    act(st, "fumie", "up")
    assert legal(st, "fumie") == ["effect glance", "effect wish", "effect courage", "stop"]
    events = act(st, "fumie", f"effect {effect}")
    assert pairs(events)[0] == ("common", {"user": "fumie", "effect": effect})
    if effect == "glance":
        assert pairs(events)[1] == ("show_hand", {"seat": "takeo", "to": "fumie", "cards": ["bell", "library"]})
    elif effect == "wish":
        assert pairs(events)[1:3] == [("arrange_deck", {"seat": "fumie", "deck": "fumie", "count": 2}),
                                      ("deck_seen", {"seat": "fumie", "deck": "fumie", "cards": ["clouds", "calendar"]})]
        act(st, "fumie", "order 2 1")
        assert st.sides["fumie"].deck[-2:] == ["clouds", "calendar"]
    else:
        act(st, "fumie", "order 3 2 1")
        assert st.sides["fumie"].hand == ["bicycle", "umbrella", "ball"]
    assert st.sides["fumie"].discard == [("fumie", True)] and st.active == "takeo"


def test_kanako_opponent_shows_hand():
    st = front("kanako", takeo_hand=["kanako", "bell", "library"], takeo_top=["cake"])
    events = act(st, "fumie", "up")
    show = one(events, "show_hand")
    assert show.data == {"seat": "takeo", "to": "fumie", "cards": ["bell", "library"]}
    assert show.seats == frozenset(SEATS)
    assert [f.id if f else None for f in view(st, "fumie").other.hand] == ["bell", "library", None]
    assert st.ended is None


def test_kanako_end_needs_shidara_face_up():
    st = front("kanako", takeo_pile=["shidara"])
    act(st, "fumie", "up")
    assert st.ended == Ending("kanako", "card", {"card": "kanako", "seat": "fumie"})


def test_risa_arranges_three_of_the_opponents_deck():
    st = front("risa", takeo_hand=["risa", "bell", "library"], takeo_top=["cake", "letter", "kanako", "phone"])
    events = act(st, "fumie", "up")
    assert pairs(events)[2:4] == [
        ("arrange_deck", {"seat": "fumie", "deck": "takeo", "count": 3}),
        ("deck_seen", {"seat": "fumie", "deck": "takeo", "cards": ["cake", "letter", "kanako"]}),
    ]
    assert events[3].seats == frozenset({"fumie"})  # Takeo does not learn his own deck
    assert view(st, "takeo").decision is None
    assert [f.id for f in view(st, "fumie").decision.cards] == ["cake", "letter", "kanako"]
    events = act(st, "fumie", "order 2 3 1")
    # Takeo refills from the arranged top: "letter" first
    assert st.sides["takeo"].hand == ["bell", "library", "letter"]
    assert st.sides["takeo"].deck[-3:] == ["phone", "cake", "kanako"]


def test_risa_sees_only_what_is_left():
    st = front("risa", takeo_hand=["risa", "bell", "library"], takeo_top=["cake", "letter"],
               fumie_pile=["kanako", "phone", "notebook", "hairpin", "stairs", ("way_home", False), ("fumie", False)])
    assert st.sides["takeo"].deck[-2:] == ["letter", "cake"] and len(st.sides["takeo"].deck) == 2
    events = act(st, "fumie", "up")
    assert one(events, "arrange_deck").data["count"] == 2
    assert legal(st, "fumie") == ["order 1 2", "order 2 1", "stop"]


@pytest.mark.parametrize("removed,page", [((), "dusk_words"), (("way_home",), "true")])
def test_letter_says_what_she_came_to_say_and_ends_the_game(removed, page):
    st = front("letter", removed=removed)
    events = act(st, "fumie", "up")
    assert pairs(events) == [
        ("use", {"user": "fumie", "holder": "takeo", "face": "up", "card": "letter"}),
        ("sleeve", {"card": "letter"}),
        ("discard", {"seat": "fumie", "face": "up", "card": "letter"}),
        ("ending", {"ending": page, "cause": "card", "card": "letter", "seat": "fumie"}),
    ]


def test_crossing_ends_the_game_on_the_crossing_page():
    st = front("way_home")
    events = act(st, "fumie", "up")
    assert pairs(events)[-1] == ("ending", {"ending": "crossing", "cause": "card", "card": "way_home", "seat": "fumie"})
    assert st.sides["fumie"].discard == [("way_home", True)]


def test_crossing_is_removed_instead_when_takeo_is_face_up():
    st = front("way_home", takeo_pile=["takeo"], takeo_top=["cake"])
    events = act(st, "fumie", "up")
    assert pairs(events)[2:4] == [("instead", {"card": "way_home"}), ("remove", {"card": "way_home"})]
    assert st.removed == ["way_home"] and st.sides["fumie"].discard == []
    assert st.sides["takeo"].hand[-1] == "cake"   # Takeo still refills
    assert st.active == "takeo" and st.ended is None


def test_cake_both_players_show_their_hands():
    st = front("cake", takeo_hand=["cake", "bell", "library"], fumie_hand=["ball", "umbrella", "bicycle"])
    events = act(st, "fumie", "up")
    shows = of_kind(events, "show_hand")
    assert [(e.data, e.seats) for e in shows] == [
        ({"seat": "fumie", "to": "takeo", "cards": ["ball", "umbrella", "bicycle"]}, frozenset(SEATS)),
        ({"seat": "takeo", "to": "fumie", "cards": ["bell", "library"]}, frozenset(SEATS)),
    ]
    assert st.sides["fumie"].shown == {"ball", "umbrella", "bicycle"}
    assert st.sides["takeo"].shown == {"bell", "library"}


def test_hairpin_turns_a_face_down_card_of_the_users_own_pile_face_up():
    st = front("hairpin", takeo_pile=[("ball", False)],
               fumie_pile=[("cake", False), "risa", ("phone", False)])
    act(st, "fumie", "up")
    assert legal(st, "fumie") == ["flip fumie 1", "flip fumie 3", "stop"]   # never Takeo's pile
    events = act(st, "fumie", "flip fumie 3")
    assert pairs(events)[:2] == [("sleeve", {"card": "phone"}), ("flip_up", {"pile": "fumie", "card": "phone"})]
    assert st.sides["fumie"].discard == [("cake", False), ("risa", True), ("phone", True), ("hairpin", True)]
    assert st.sides["takeo"].discard == [("ball", False)]


def test_hairpin_with_only_opponent_face_down_cards_does_nothing():
    st = front("hairpin", takeo_pile=[("ball", False)])
    events = act(st, "fumie", "up")
    assert "flip_up" not in kinds(events) and st.pending is None


def test_library_puts_the_users_hand_in_any_order():
    st = front("library", takeo_hand=["library", "bell", "cake"], fumie_hand=["ball", "umbrella", "bicycle"])
    act(st, "fumie", "up")
    v = view(st, "fumie")
    assert [f.id for f in v.decision.cards] == ["ball", "umbrella", "bicycle"]
    assert legal(st, "fumie")[:-1] == ["order 1 2 3", "order 1 3 2", "order 2 1 3", "order 2 3 1",
                                       "order 3 1 2", "order 3 2 1"]
    events = act(st, "fumie", "order 2 3 1")
    assert pairs(events)[0] == ("rearrange", {"seat": "fumie"})
    assert events[0].seats is None and "cards" not in events[0].data   # the new order is a secret
    assert st.sides["fumie"].hand == ["umbrella", "bicycle", "ball"]


def test_stairs_turns_a_face_up_card_of_the_users_pile_face_down():
    st = front("stairs", fumie_pile=["cake", "risa"], takeo_pile=["ball"])
    act(st, "fumie", "up")
    assert legal(st, "fumie") == ["flip fumie 1", "flip fumie 2", "stop"]
    events = act(st, "fumie", "flip fumie 1")
    assert pairs(events)[0] == ("flip_down", {"pile": "fumie", "card": "cake"})
    assert st.sides["fumie"].discard == [("cake", False), ("risa", True), ("stairs", True)]
    assert st.sides["takeo"].discard == [("ball", True)]


def test_stairs_removes_itself_instead_when_kondo_is_face_up():
    st = front("stairs", fumie_pile=["cake"], takeo_pile=["kondo"])
    events = act(st, "fumie", "up")
    assert pairs(events)[2:4] == [("instead", {"card": "stairs"}), ("remove", {"card": "stairs"})]
    assert st.removed == ["stairs"] and where(st, "stairs") == "removed"
    assert st.sides["fumie"].discard == [("cake", True)]


def test_stairs_with_a_face_down_kondo_is_not_replaced():
    st = front("stairs", fumie_pile=["cake"], takeo_pile=[("kondo", False)])
    events = act(st, "fumie", "up")
    assert "instead" not in kinds(events)
    assert st.sides["fumie"].discard == [("cake", False), ("stairs", True)]


# ================================================================== sleeves

@pytest.mark.parametrize("card", ALL_CARDS)
def test_effect_side_is_hidden_in_every_view_until_used_face_up(card):
    c = CONTENT.cards[card]
    st = front(card)
    holder = holder_of(card)
    act_seat = user_of(card)
    st.sides[holder].shown.add(card)     # shown to the user: still the ◆ side
    for seat in SEATS:
        v = view(st, seat)
        hand = v.me.hand if seat == holder else v.other.hand
        face = hand[0]
        assert face.id == card and face.known is False
        assert (face.name, face.text, face.type, face.stars, face.end_text, face.flavour) == (
            c.sleeve_name, "", "", (), "", "")
    act(st, act_seat, "up")
    for seat in SEATS:
        face = view(st, seat).in_use.card if st.in_use else None
        if face is None:   # the card already went down (no decision) — find it in the pile
            v = view(st, seat)
            pile = v.me.discard if seat == act_seat else v.other.discard
            faces = [p.card for p in pile if p.card and p.card.id == card]
            face = faces[0] if faces else next(f for f in v.removed if f.id == card)
        assert face.known is True
        assert (face.name, face.text, face.type, face.end_text, face.flavour) == (
            c.name, c.text, c.type, c.end_text, c.flavour)
        assert face.stars == tuple(s.text for s in c.star)


def test_an_unknown_face_shows_only_the_diamond_name_and_the_colour():
    """Ruling 2: a ◆ side shows the ◆ name and the set colour, nothing else."""
    for card in ALL_CARDS:
        c = CONTENT.cards[card]
        face = view(front(card), holder_of(card)).me.hand[0]
        assert (face.id, face.set, face.sleeve_name, face.name, face.known) == (card, c.set, c.sleeve_name, c.sleeve_name, False)
        assert (face.type, face.text, face.stars, face.end_text, face.flavour) == ("", "", (), "", "")


_SMALL_WORDS = {"a", "an", "the", "on", "she", "of", "after"}


def _words(name: str) -> set[str]:
    return {w.strip("'\".,").removesuffix("'s").lower() for w in name.split()} - _SMALL_WORDS


def test_an_unknown_faces_id_gives_away_nothing_of_the_effect_side():
    leaks = {}
    for card in ALL_CARDS:
        c = CONTENT.cards[card]
        face = view(front(card), holder_of(card)).me.hand[0]
        hidden = _words(c.name) - _words(c.sleeve_name)      # what only the effect side says
        said = set(face.id.split("_")) & hidden
        if said:
            leaks[card] = (c.sleeve_name, c.name)
    assert leaks == {}


def test_a_card_turned_face_up_or_removed_stays_known_in_the_next_game():
    st = front("tadokoro", fumie_pile=[("cake", False)])
    act(st, "takeo", "up")
    assert st.known == {"tadokoro", "cake"}
    st2 = front("way_home", takeo_pile=["umbrella"], known=st.known)
    act(st2, "fumie", "up")
    assert st2.known == {"tadokoro", "cake", "umbrella", "way_home"}
    nxt = new(9, known=st2.known)
    assert nxt.known == st2.known
    for seat in SEATS:
        for face in view(nxt, seat).me.hand:
            assert face.known == (face.id in st2.known)
    # using a known card face up again tells no new sleeve
    nxt = front("cake", known=nxt.known)
    assert "sleeve" not in kinds(act(nxt, "fumie", "up"))


def test_known_option_is_not_mutated():
    given = ["umbrella", "ball", "takeo", "watch", "ryosuke", "masahiro", "kondo", "shidara",
             "tadokoro", "calendar", "bicycle", "clouds"]   # every blue card
    st = g.new_game(CONTENT, SEATS, 0, {"known": given})
    act(st, "takeo", "down ask")
    act(st, "fumie", "up")
    assert len(given) == 12 and len(st.known) == 13
