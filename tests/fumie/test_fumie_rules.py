"""For Fumie's rules, one test per rule of the rulebook (shared/seeds/000_…txt):
Setup, Procedure, Card Effects and Notes, Ending the Game; plus the engine contract's
errors and action text.

Positions are built by hand with `arrange` (see fumie_positions). Reminder of who is
who: Takeo's player holds the red cards and uses the blue ones from Fumie's hand, so blue
cards end in Takeo's pile; Fumie's player holds blue and uses red.
"""
from __future__ import annotations

import random

import pytest

from engine.contract import Ending
from engine.errors import BadSyntax, GameOver, IllegalAction, NotYourTurn
from engine.fumie import game as g
from engine.fumie.actions import Action, parse
from engine.fumie.view import view
from fumie_positions import (
    BLUE, CONTENT, RED, SEATS, act, arrange, assert_conserved, event_cards, kinds, legal,
    new, of_kind, one, snapshot, where,
)


def front_of_fumie(hand, **kw):
    """Takeo to act, with Fumie's hand as given."""
    return arrange(fumie_hand=hand, **kw)


TAKEO_COMMON = ["ask", "not-yet", "think"]
FUMIE_COMMON = ["glance", "wish", "courage"]


# ------------------------------------------------------------------ Setup

@pytest.mark.parametrize("seed", [0, 1, 7, 12345])
def test_setup_each_seat_draws_the_opponent_protagonists_colour(seed):
    """'Takeo's player uses the red card set as the draw deck, and Fumie's player uses
    the blue card set' — 12 each, 3 in hand, 9 in the deck, empty piles."""
    st = new(seed)
    takeo, fumie = st.sides["takeo"], st.sides["fumie"]
    assert sorted(takeo.hand + takeo.deck) == sorted(RED)
    assert sorted(fumie.hand + fumie.deck) == sorted(BLUE)
    assert all(CONTENT.cards[c].set == "red" for c in RED) and len(RED) == 12
    assert all(CONTENT.cards[c].set == "blue" for c in BLUE) and len(BLUE) == 12
    assert (len(takeo.hand), len(takeo.deck), len(fumie.hand), len(fumie.deck)) == (3, 9, 3, 9)
    assert takeo.discard == [] and fumie.discard == [] and st.removed == []
    assert st.in_use is None and st.pending is None and st.ended is None
    assert_conserved(st)


@pytest.mark.parametrize("seed", [0, 3, 99])
def test_setup_hands_hold_three_cards_in_the_order_drawn(seed):
    """'Each player draws 3 cards … and holds them in the order drawn': the shuffled deck's
    top card is drawn first and sits at the front of the hand."""
    st = new(seed)
    rng = random.Random(seed)
    for seat in SEATS:
        shuffled = CONTENT.deck_for(seat, "basic")
        rng.shuffle(shuffled)
        # top of the deck is the end of the list: drawn first = shuffled[-1]
        assert st.sides[seat].hand == [shuffled[-1], shuffled[-2], shuffled[-3]]
        assert st.sides[seat].deck == shuffled[:-3]
    seen = of_kind(st.log, "draw_seen")
    assert [(e.data["seat"], e.data["cards"]) for e in seen] == [
        ("takeo", st.sides["takeo"].hand), ("fumie", st.sides["fumie"].hand)]
    # what was drawn is told only to the drawer
    assert [e.seats for e in seen] == [frozenset({"takeo"}), frozenset({"fumie"})]
    assert [(e.kind, e.data) for e in st.log if e.seats is None] == [
        ("setup", {"episode": "basic", "first": "takeo"}),
        ("draw", {"seat": "takeo", "count": 3}),
        ("draw", {"seat": "fumie", "count": 3}),
        ("turn", {"seat": "takeo", "number": 1}),
    ]


def test_setup_shuffles_by_seed():
    hands = {tuple(new(seed).sides["takeo"].hand) for seed in range(20)}
    assert len(hands) > 10
    assert new(5).sides["fumie"].deck == new(5).sides["fumie"].deck


def test_takeo_starts():
    """'Setup is complete. Takeo's player starts the game.'"""
    st = new(4)
    assert st.active == "takeo" and st.turn == 1
    assert g.to_act(st) == ("takeo",)
    assert legal(st, "takeo") == ["up", "down ask", "down not-yet", "down think", "stop"]
    assert legal(st, "fumie") == []


# ------------------------------------------------------------------ Procedure

def test_active_player_uses_the_front_card_of_the_opponents_hand():
    """'the active player uses one card from the opponent's hand, namely the card the
    opponent drew first.'"""
    st = arrange(fumie_hand=["umbrella", "ball", "bicycle"], takeo_hand=["phone", "bell", "library"])
    events = act(st, "takeo", "up")
    use = one(events, "use")
    assert use.data == {"user": "takeo", "holder": "fumie", "face": "up", "card": "umbrella"}
    assert st.sides["takeo"].discard == [("umbrella", True)]
    assert "umbrella" not in st.sides["fumie"].hand
    # Fumie's turn: she uses Takeo's front card
    events = act(st, "fumie", "down glance")
    assert one(events, "use").data == {"user": "fumie", "holder": "takeo", "face": "down", "card": None}
    assert st.sides["fumie"].discard == [("phone", False)]
    assert st.sides["takeo"].hand[:2] == ["bell", "library"]


def test_the_front_card_is_whatever_effects_put_at_the_front():
    """'The order in which cards are used may be changed by effects.'"""
    st = arrange(fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["clouds"],
                 takeo_hand=["phone", "bell", "library"])
    act(st, "takeo", "up")  # umbrella: Fumie's first card (ball) goes to the back
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]
    act(st, "fumie", "down glance")
    act(st, "takeo", "down ask")
    assert st.sides["takeo"].discard[-1] == ("bicycle", False)


def test_face_up_use_resolves_the_cards_own_effect():
    st = arrange(fumie_hand=["ryosuke", "ball", "bicycle"], takeo_hand=["phone", "bell", "library"])
    events = act(st, "takeo", "up")
    assert kinds(events)[:3] == ["use", "sleeve", "show_hand"]
    assert one(events, "show_hand").data == {"seat": "fumie", "to": "takeo", "cards": ["ball", "bicycle"]}
    assert "common" not in kinds(events)


def test_legal_uses_are_up_or_down_with_each_common_effect_of_the_users_sheet():
    st = arrange(active="fumie")
    assert legal(st, "fumie") == ["up"] + [f"down {c}" for c in FUMIE_COMMON] + ["stop"]
    st = arrange(active="takeo")
    assert legal(st, "takeo") == ["up"] + [f"down {c}" for c in TAKEO_COMMON] + ["stop"]


def test_face_down_use_resolves_the_chosen_common_effect_and_hides_the_card():
    """'Use the card face down without revealing its face. In this case, use the common
    effect written on your protagonist sheet.' — and no one may check its face."""
    st = arrange(fumie_hand=["shidara", "ball", "bicycle"], fumie_top=["clouds"],
                 takeo_hand=["phone", "bell", "library"])
    events = act(st, "takeo", "down not-yet")
    assert kinds(events) == ["use", "common", "to_back", "discard", "draw", "draw_seen", "turn"]
    assert one(events, "use").data["card"] is None
    assert one(events, "common").data == {"user": "takeo", "effect": "not-yet"}
    assert one(events, "discard").data == {"seat": "takeo", "face": "down", "card": None}
    assert all("shidara" not in event_cards(e) for e in events)
    assert "shidara" not in st.known and "sleeve" not in kinds(events)
    assert st.sides["takeo"].discard == [("shidara", False)]
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]
    for seat in SEATS:
        v = view(st, seat)
        pile = v.me.discard if seat == "takeo" else v.other.discard
        assert len(pile) == 1 and pile[0].face_up is False and pile[0].card is None
        assert "shidara" not in str(v.to_dict())


def test_face_down_card_in_use_is_not_identified_while_in_use():
    st = arrange(fumie_hand=["kondo", "ball", "bicycle"], takeo_hand=["phone", "bell", "library"])
    act(st, "takeo", "down think")  # rearranging a 3-card hand waits for an order
    assert st.pending.kind == "order_hand"
    assert (st.in_use.card, st.in_use.face_up, st.in_use.user) == ("kondo", False, "takeo")
    for seat in SEATS:
        v = view(st, seat)
        assert v.in_use is not None and v.in_use.face_up is False and v.in_use.card is None
        assert v.in_use_by == "takeo"


@pytest.mark.parametrize("seat,effect", [("takeo", e) for e in TAKEO_COMMON] + [("fumie", e) for e in FUMIE_COMMON])
def test_common_effects_of_each_sheet(seat, effect):
    """The sheet's common effects, used face down."""
    st = arrange(active=seat, fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["clouds", "calendar"],
                 takeo_hand=["phone", "bell", "library"], takeo_top=["cake", "hairpin"])
    user, other = st.sides[seat], st.sides[st.opponent(seat)]
    events = act(st, seat, f"down {effect}")
    if effect in ("ask", "glance"):       # the opponent shows you their hand
        shown = one(events, "show_hand")
        assert shown.data == {"seat": st.opponent(seat), "to": seat, "cards": other.hand[:2]}
        assert shown.seats == frozenset(SEATS)
        assert other.shown == set(shown.data["cards"])
    elif effect == "not-yet":              # the opponent's first card to the back
        assert one(events, "to_back").data == {"seat": "fumie"}
        assert other.hand == ["bicycle", "ball", "clouds"]
    elif effect == "wish":                 # look at your top two cards, put back in any order
        seen = one(events, "deck_seen")
        assert seen.data == {"seat": "fumie", "deck": "fumie", "cards": ["clouds", "calendar"]}
        assert seen.seats == frozenset({"fumie"})
        assert st.pending.kind == "order_deck" and legal(st, seat) == ["order 1 2", "order 2 1", "stop"]
        act(st, seat, "order 2 1")
        assert user.deck[-1] == "calendar" and user.deck[-2] == "clouds"
    else:                                  # think / courage: put your hand in any order
        before = list(user.hand)
        assert st.pending.kind == "order_hand" and len(legal(st, seat)) == 6 + 1
        act(st, seat, "order 3 1 2")
        assert user.hand[:3] == [before[2], before[0], before[1]]
    assert st.ended is None and st.active == st.opponent(seat)
    assert st.sides[seat].discard[-1][1] is False


def test_used_card_is_not_in_the_pile_while_in_use_and_goes_there_after_its_effect():
    """'Cards currently in use are not yet in the discard pile.' / 'It is added to the
    discard pile after its effect has been fully used.'"""
    st = arrange(fumie_hand=["shidara", "ball", "bicycle"], takeo_hand=["phone", "bell", "library"],
                 takeo_pile=["umbrella"])
    act(st, "takeo", "up")
    assert st.pending.kind == "may"
    assert where(st, "shidara") == "in_use"
    assert st.sides["takeo"].discard == [("umbrella", True)]
    assert not st.face_up_in("shidara", None)
    v = view(st, "fumie")
    assert v.in_use.card.id == "shidara" and v.in_use.face_up and v.in_use_by == "takeo"
    events = act(st, "takeo", "no")
    assert kinds(events)[:2] == ["decline", "discard"]
    assert one(events, "discard").data == {"seat": "takeo", "face": "up", "card": "shidara"}
    assert st.sides["takeo"].discard == [("umbrella", True), ("shidara", True)]
    assert st.in_use is None


def test_refill_to_three_at_the_back_for_both_players_active_first():
    """'Each player whose hand has fewer than 3 cards draws … until they have 3 cards in
    hand, and adds these cards to the back of their hand.'"""
    st = arrange(takeo_hand=["phone", "bell"], takeo_top=["cake", "letter"],
                 fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["clouds", "kondo"])
    events = act(st, "takeo", "down not-yet")
    assert st.sides["takeo"].hand == ["phone", "bell", "cake"]
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]
    draws = [(e.kind, e.data) for e in events if e.kind in ("draw", "draw_seen")]
    assert draws == [
        ("draw", {"seat": "takeo", "count": 1}), ("draw_seen", {"seat": "takeo", "cards": ["cake"]}),
        ("draw", {"seat": "fumie", "count": 1}), ("draw_seen", {"seat": "fumie", "cards": ["clouds"]}),
    ]
    assert [e.seats for e in events if e.kind == "draw_seen"] == [frozenset({"takeo"}), frozenset({"fumie"})]


def test_refill_draws_only_up_to_three():
    st = arrange(takeo_hand=["phone"], takeo_top=["cake", "letter", "kanako"],
                 fumie_hand=["umbrella", "ball", "bicycle"])
    act(st, "takeo", "down ask")
    assert st.sides["takeo"].hand == ["phone", "cake", "letter"]
    assert st.sides["takeo"].deck[-1] == "kanako"


def test_turns_alternate():
    """'The players alternate turns until the game ends.'"""
    st = new(11)
    seats, numbers = [], []
    for _ in range(5):
        seat = st.active
        assert g.to_act(st) == (seat,)
        events = act(st, seat, "down " + ("ask" if seat == "takeo" else "glance"))
        turn = one(events, "turn")
        seats.append(turn.data["seat"])
        numbers.append(turn.data["number"])
        if st.ended:
            break
    assert seats == ["fumie", "takeo", "fumie", "takeo", "fumie"][:len(seats)]
    assert numbers == [2, 3, 4, 5, 6][:len(numbers)]
    assert len(seats) >= 4


# ------------------------------------------------------------------ Protagonist effects

@pytest.mark.parametrize("seat,card,options", [
    ("takeo", "takeo", TAKEO_COMMON), ("fumie", "fumie", FUMIE_COMMON)])
def test_protagonist_card_face_up_asks_for_a_common_effect_of_the_users_sheet(seat, card, options):
    other = "fumie" if seat == "takeo" else "takeo"
    hands = {"takeo_hand": ["fumie", "bell", "library"], "fumie_hand": ["takeo", "ball", "bicycle"]}
    st = arrange(active=seat, **hands)
    events = act(st, seat, "up")
    assert one(events, "use").data["card"] == card
    assert st.pending.kind == "common" and g.to_act(st) == (seat,)
    assert legal(st, seat) == [f"effect {o}" for o in options] + ["stop"]
    assert legal(st, other) == []
    events = act(st, seat, f"effect {options[0]}")
    assert one(events, "common").data == {"user": seat, "effect": options[0]}
    assert one(events, "show_hand").data["seat"] == other
    assert st.sides[seat].discard == [(card, True)]


def test_ryosuke_star_fires_after_a_face_down_use():
    """A face-down use counts as using the Protagonist effect: Ryosuke's ★ lets Takeo
    also move Fumie's first card to the back."""
    st = arrange(takeo_pile=["ryosuke"], fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["clouds"])
    events = act(st, "takeo", "down ask")
    assert kinds(events) == ["use", "common", "show_hand", "star"]
    assert one(events, "star").data == {"seat": "takeo", "card": "ryosuke"}
    assert st.pending.kind == "may" and legal(st, "takeo") == ["yes", "no", "stop"]
    events = act(st, "takeo", "yes")
    assert kinds(events)[:2] == ["to_back", "discard"]
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]


def test_ryosuke_star_fires_after_the_takeo_card_face_up():
    st = arrange(takeo_pile=["ryosuke"], fumie_hand=["takeo", "ball", "bicycle"], fumie_top=["clouds"])
    act(st, "takeo", "up")
    events = act(st, "takeo", "effect not-yet")
    assert kinds(events) == ["common", "to_back", "star"]
    events = act(st, "takeo", "no")
    assert kinds(events)[:2] == ["decline", "discard"]
    assert st.sides["fumie"].hand == ["bicycle", "ball", "clouds"]


@pytest.mark.parametrize("pile,action", [
    ([("ryosuke", False)], "down ask"),   # a face-down card is not "Ryosuke"
    (["ryosuke"], "up"),                 # a face-up non-protagonist card is no Protagonist effect
])
def test_ryosuke_star_does_not_fire(pile, action):
    st = arrange(takeo_pile=pile, fumie_hand=["ball", "umbrella", "bicycle"])
    events = act(st, "takeo", action)
    assert "star" not in kinds(events) and st.pending is None
    assert st.active == "fumie"


# ------------------------------------------------------------------ ★ effects at their times

def test_shidara_drawn_star_shows_it_once_known():
    st = arrange(fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["shidara"], known=["shidara"])
    events = act(st, "takeo", "down ask")
    star = one(events, "star")
    assert star.data == {"seat": "fumie", "card": "shidara"} and star.seats is None
    shown = one(events, "shown_on_draw")
    assert shown.data == {"seat": "fumie", "to": "takeo", "card": "shidara"}
    assert shown.seats == frozenset(SEATS)
    assert "shidara" in st.sides["fumie"].shown
    hand = view(st, "takeo").other.hand
    assert hand[-1] is not None and hand[-1].id == "shidara" and hand[-1].known


def test_shidara_drawn_star_does_nothing_while_unknown():
    st = arrange(fumie_hand=["umbrella", "ball", "bicycle"], fumie_top=["shidara"])
    events = act(st, "takeo", "down not-yet")
    assert "star" not in kinds(events) and "shown_on_draw" not in kinds(events)
    assert st.sides["fumie"].hand[-1] == "shidara" and st.sides["fumie"].shown == set()
    assert view(st, "takeo").other.hand[-1] is None


def test_shidara_drawn_star_at_setup_when_known():
    for seed in range(200):
        st = new(seed, known=["shidara"])
        if "shidara" in st.sides["fumie"].hand:
            break
    else:
        pytest.fail("no seed deals Shidara to Fumie's opening hand")
    assert st.sides["fumie"].shown == {"shidara"}
    assert [e.data for e in of_kind(st.log, "shown_on_draw")] == [{"seat": "fumie", "to": "takeo", "card": "shidara"}]


@pytest.mark.parametrize("watch,downs,ends", [
    (None, 3, True),             # four face-down cards end the game
    ("up", 3, False),            # with the watch face up, four do not ...
    ("up", 4, True),             # ... five do
    ("down", 2, True),           # a face-down watch is not the watch (and counts as face-down)
])
def test_watch_star_raises_the_face_down_limit_to_five(watch, downs, ends):
    down = [(c, False) for c in ("ball", "kondo", "calendar", "bicycle")[:downs]]
    pile = down + ([("watch", watch == "up")] if watch else [])
    st = arrange(takeo_pile=pile, fumie_hand=["umbrella", "clouds", "ryosuke"])
    assert g.face_down_limit(st, "takeo") == (5 if watch == "up" else 4)
    assert view(st, "takeo").me.face_down_limit == (5 if watch == "up" else 4)
    act(st, "takeo", "down not-yet")
    if ends:
        assert st.ended == Ending("silence", "face_down", {"seat": "takeo"})
    else:
        assert st.ended is None and st.active == "fumie"


# ------------------------------------------------------------------ showing hands

def test_shown_cards_stay_shown_while_in_hand_also_after_being_moved():
    """'A card you have shown may be shown any number of times while it remains in your
    hand. This is the same even if the order of use is changed by other effects.'"""
    st = arrange(fumie_hand=["ryosuke", "ball", "bicycle"], fumie_top=["clouds", "calendar"],
                 takeo_hand=["library", "phone", "bell"])
    act(st, "takeo", "up")                       # Ryosuke: Fumie shows [ball, bicycle]
    assert st.sides["fumie"].hand == ["ball", "bicycle", "clouds"]
    ids = lambda: [f.id if f else None for f in view(st, "takeo").other.hand]
    assert ids() == ["ball", "bicycle", None]
    assert view(st, "takeo").other.shown == (True, True, False)
    act(st, "fumie", "up")                       # The Library: Fumie puts her hand in order
    act(st, "fumie", "order 3 2 1")
    assert st.sides["fumie"].hand == ["clouds", "bicycle", "ball"]
    assert ids() == [None, "bicycle", "ball"]
    act(st, "takeo", "down not-yet")             # Takeo uses rain; ball goes to the back
    act(st, "takeo", "no")                       # (Ryosuke's ★ offers another move: decline)
    assert st.sides["takeo"].discard[-1] == ("clouds", False)
    assert st.sides["fumie"].hand == ["ball", "bicycle", "calendar"]
    assert ids() == ["ball", "bicycle", None]
    # a shown card, once used, is no longer "shown"
    act(st, "fumie", "down glance")
    act(st, "takeo", "down ask")
    assert "ball" not in st.sides["fumie"].shown and st.sides["fumie"].shown == {"bicycle", "calendar"}


def test_showing_a_card_does_not_resleeve_it():
    """'Even if a shown card was a card with no effect side, do not reinsert it.'"""
    st = arrange(fumie_hand=["ryosuke", "ball", "bicycle"])
    act(st, "takeo", "up")
    assert st.known == {"ryosuke"}
    faces = [f for f in view(st, "takeo").other.hand if f is not None]
    assert [f.id for f in faces] == ["ball", "bicycle"]
    assert all(not f.known and f.text == "" and f.name == f.sleeve_name for f in faces)


# ------------------------------------------------------------------ removal and re-sleeving

def test_removal_takes_the_card_out_of_every_pile_hand_and_deck_and_makes_it_known():
    """'A removed card is not placed in either the draw deck or the discard pile; place
    it face up in another area … reinsert it so that the side with the effect is visible.'"""
    st = arrange(active="fumie", takeo_hand=["way_home", "bell", "library"], takeo_pile=["takeo"])
    assert "way_home" not in st.known
    events = act(st, "fumie", "up")
    assert kinds(events)[:4] == ["use", "sleeve", "instead", "remove"]
    assert one(events, "remove").data == {"card": "way_home"}
    assert st.removed == ["way_home"] and where(st, "way_home") == "removed"
    assert "way_home" in st.known
    assert "discard" not in kinds(events)
    assert st.sides["fumie"].discard == [] and st.in_use is None
    assert_conserved(st)
    for seat in SEATS:
        (face,) = view(st, seat).removed
        assert face.id == "way_home" and face.known and face.name == "The Railway Crossing"


def test_exceptional_resleeving_a_face_down_card_turned_face_up_becomes_known():
    """'a face-down card in the discard pile may be turned face up … reinsert it so that
    the side with the effect printed on it is visible.'"""
    st = arrange(active="fumie", takeo_hand=["hairpin", "bell", "library"], fumie_pile=[("cake", False)])
    assert "cake" not in st.known
    events = act(st, "fumie", "up")
    assert [(e.kind, e.data) for e in events][:4] == [
        ("use", {"user": "fumie", "holder": "takeo", "face": "up", "card": "hairpin"}),
        ("sleeve", {"card": "hairpin"}),
        ("sleeve", {"card": "cake"}),
        ("flip_up", {"pile": "fumie", "card": "cake"}),
    ]
    assert "cake" in st.known
    assert st.sides["fumie"].discard == [("cake", True), ("hairpin", True)]
    pile = view(st, "takeo").other.discard
    assert pile[0].face_up and pile[0].card.known and pile[0].card.name == "The Birthday Cake"


def test_known_sleeves_stay_known_into_the_next_game():
    st = arrange(fumie_hand=["umbrella", "ball", "bicycle"])
    act(st, "takeo", "up")
    assert st.known == {"umbrella"}
    nxt = new(3, known=st.known)
    assert nxt.known == {"umbrella"} and nxt.known is not st.known
    nxt = arrange(nxt, fumie_hand=["umbrella", "ball", "bicycle"], known=nxt.known)
    faces = view(nxt, "fumie").me.hand
    assert faces[0].known and faces[0].name == "The Spare Umbrella"
    assert faces[0].text == CONTENT.cards["umbrella"].text
    assert not faces[1].known and faces[1].text == ""


# ------------------------------------------------------------------ "instead"

def test_instead_crossing_is_removed_instead_of_ending_when_umbrella_is_face_up():
    st = arrange(active="fumie", takeo_hand=["way_home", "bell", "library"], takeo_pile=["umbrella"])
    events = act(st, "fumie", "up")
    assert one(events, "instead").data == {"card": "way_home"}
    assert st.ended is None and st.removed == ["way_home"] and st.active == "takeo"


def test_instead_stairs_is_removed_when_kondo_is_face_up():
    st = arrange(active="fumie", takeo_hand=["stairs", "bell", "library"], takeo_pile=["kondo"],
                 fumie_pile=["cake"])
    events = act(st, "fumie", "up")
    assert kinds(events)[:4] == ["use", "sleeve", "instead", "remove"]
    assert st.removed == ["stairs"] and st.sides["fumie"].discard == [("cake", True)]
    assert "flip_down" not in kinds(events)


def test_instead_rain_does_nothing_when_umbrella_is_face_up():
    st = arrange(fumie_hand=["clouds", "ball", "bicycle"], takeo_pile=["umbrella", "kondo"])
    events = act(st, "takeo", "up")
    assert kinds(events)[:4] == ["use", "sleeve", "instead", "discard"]
    assert st.sides["takeo"].discard == [("umbrella", True), ("kondo", True), ("clouds", True)]
    assert st.pending is None and st.active == "fumie"


# ------------------------------------------------------------------ Ending the Game

@pytest.mark.parametrize("seat,page", [("takeo", "silence"), ("fumie", "hidden_heart")])
def test_four_face_down_cards_in_a_pile_end_the_game_on_that_sheets_page(seat, page):
    if seat == "takeo":
        st = arrange(takeo_pile=[("ball", False), ("kondo", False), ("calendar", False)])
        action = "down ask"
    else:
        st = arrange(active="fumie", fumie_pile=[("cake", False), ("bell", False), ("risa", False)])
        action = "down glance"
    events = act(st, seat, action)
    assert st.ended == Ending(page, "face_down", {"seat": seat})
    assert g.ending(st) is st.ended
    assert kinds(events)[-2:] == ["discard", "ending"]
    assert events[-1].data == {"ending": page, "cause": "face_down", "seat": seat}
    assert "draw" not in kinds(events) and "turn" not in kinds(events)
    assert g.to_act(st) == () and legal(st, "takeo") == legal(st, "fumie") == []


def test_three_face_down_cards_do_not_end_the_game():
    st = arrange(takeo_pile=[("ball", False), ("kondo", False)])
    act(st, "takeo", "down ask")
    assert st.ended is None


def test_face_down_cards_made_by_flipping_count_too():
    """'One player has four or more face-down cards in their discard pile.'"""
    st = arrange(takeo_pile=[("ball", False), ("kondo", False), ("calendar", False), "bicycle"],
                 fumie_hand=["clouds", "umbrella", "watch"])
    act(st, "takeo", "up")  # Sudden Rain turns Ryosuke's Bicycle face down: four face down
    assert st.ended == Ending("silence", "face_down", {"seat": "takeo"})


# 11 blue cards face up in Takeo's pile, chosen so that no card END holds.
_TAKEO_PILE_11 = ["takeo", "watch", "ryosuke", "masahiro", "kondo", "shidara", "tadokoro",
                  "ball", "calendar", "bicycle", "clouds"]


@pytest.mark.parametrize("removed,page", [((), "nightfall"), (("way_home",), "unspoken")])
def test_empty_hand_with_empty_deck_on_refill_ends_the_game(removed, page):
    """'One player's hand is empty and, when refilling from the draw deck, the draw deck
    is empty.'"""
    st = arrange(takeo_pile=_TAKEO_PILE_11, fumie_hand=["umbrella"], removed=removed)
    assert st.sides["fumie"].deck == []
    events = act(st, "takeo", "up")
    assert st.sides["fumie"].hand == []
    assert st.ended == Ending(page, "exhausted", {"seat": "fumie"})
    assert events[-1].data == {"ending": page, "cause": "exhausted", "seat": "fumie"}
    assert_conserved(st)


def test_takeos_empty_hand_with_empty_deck_ends_the_game():
    pile = ["kanako", "risa", ("letter", False), "cake", "notebook", "hairpin", "phone",
            "bell", "library", "stairs", ("way_home", False)]
    st = arrange(active="fumie", takeo_hand=["fumie"], fumie_pile=pile)
    assert st.sides["takeo"].deck == []
    act(st, "fumie", "down glance")
    assert st.ended == Ending("nightfall", "exhausted", {"seat": "takeo"})


def test_a_short_hand_with_cards_left_in_the_deck_does_not_end_the_game():
    st = arrange(takeo_pile=_TAKEO_PILE_11[:-1], fumie_hand=["umbrella"], fumie_top=["clouds"])
    act(st, "takeo", "up")
    assert st.ended is None and st.sides["fumie"].hand == ["clouds"]


@pytest.mark.parametrize("removed,page", [((), "dusk_words"), (("way_home",), "true")])
def test_letter_ends_the_game(removed, page):
    st = arrange(active="fumie", takeo_hand=["letter", "bell", "library"], removed=removed)
    events = act(st, "fumie", "up")
    assert st.ended == Ending(page, "card", {"card": "letter", "seat": "fumie"})
    assert events[-1].data == {"ending": page, "cause": "card", "card": "letter", "seat": "fumie"}
    assert st.sides["fumie"].discard[-1] == ("letter", True)


@pytest.mark.parametrize("pile", [[], [("takeo", False)], [("umbrella", False)], ["ball"]])
def test_crossing_ends_the_game_unless_takeo_or_umbrella_is_face_up(pile):
    st = arrange(active="fumie", takeo_hand=["way_home", "bell", "library"], takeo_pile=pile)
    events = act(st, "fumie", "up")
    assert st.ended == Ending("crossing", "card", {"card": "way_home", "seat": "fumie"})
    assert kinds(events) == ["use", "sleeve", "discard", "ending"]
    assert st.sides["fumie"].discard == [("way_home", True)] and st.removed == []


@pytest.mark.parametrize("pile", [["takeo"], ["umbrella"], ["umbrella", "takeo"]])
def test_crossing_is_removed_when_takeo_or_umbrella_is_face_up(pile):
    st = arrange(active="fumie", takeo_hand=["way_home", "bell", "library"], takeo_pile=pile)
    act(st, "fumie", "up")
    assert st.ended is None and st.removed == ["way_home"] and st.active == "takeo"


def test_masahiro_end_when_fumie_is_face_up_and_takeo_is_not():
    st = arrange(fumie_hand=["masahiro", "ball", "bicycle"], fumie_pile=["fumie"])
    events = act(st, "takeo", "up")
    assert st.ended == Ending("masahiro", "card", {"card": "masahiro", "seat": "takeo"})
    assert events[-1].data["ending"] == "masahiro"


@pytest.mark.parametrize("fumie_pile,takeo_pile", [
    ([], []), ([("fumie", False)], []), (["fumie"], ["takeo"])])
def test_masahiro_no_end(fumie_pile, takeo_pile):
    st = arrange(fumie_hand=["masahiro", "ball", "bicycle"], fumie_pile=fumie_pile, takeo_pile=takeo_pile)
    act(st, "takeo", "up")
    assert st.ended is None


def test_masahiro_end_when_fumie_is_used_face_up_later():
    st = arrange(active="fumie", takeo_pile=["masahiro"], takeo_hand=["fumie", "bell", "library"])
    act(st, "fumie", "up")
    assert st.ended is None
    act(st, "fumie", "effect glance")
    assert st.ended == Ending("masahiro", "card", {"card": "masahiro", "seat": "takeo"})


def test_masahiro_end_when_takeo_is_turned_face_down():
    st = arrange(takeo_pile=["masahiro", "takeo"], fumie_pile=["fumie"], fumie_hand=["clouds", "ball", "bicycle"])
    act(st, "takeo", "up")  # Sudden Rain: Takeo chooses which face-up card to turn down
    assert legal(st, "takeo") == ["flip takeo 1", "flip takeo 2", "stop"]
    act(st, "takeo", "flip takeo 2")
    assert st.ended == Ending("masahiro", "card", {"card": "masahiro", "seat": "takeo"})


@pytest.mark.parametrize("first", ["kanako", "shidara"])
def test_kanako_and_shidara_end_in_either_order(first):
    if first == "kanako":
        st = arrange(fumie_pile=["kanako"], fumie_hand=["shidara", "ball", "bicycle"])
        act(st, "takeo", "up")
        assert st.pending.kind == "may"
        act(st, "takeo", "no")
        expected = Ending("kanako", "card", {"card": "shidara", "seat": "takeo"})
    else:
        st = arrange(active="fumie", takeo_pile=["shidara"], takeo_hand=["kanako", "bell", "library"])
        act(st, "fumie", "up")
        expected = Ending("kanako", "card", {"card": "kanako", "seat": "fumie"})
    assert st.ended == expected


@pytest.mark.parametrize("other", [None, ("shidara", False)])
def test_kanako_alone_does_not_end(other):
    st = arrange(active="fumie", takeo_pile=[other] if other else [], takeo_hand=["kanako", "bell", "library"])
    act(st, "fumie", "up")
    assert st.ended is None


def test_card_end_conditions_are_checked_takeos_pile_first():
    """Ruling 4: after the card just used, face-up cards in the piles, Takeo's pile first.
    Tadokoro turns up a face-down Kanako while Shidara lies face up in Takeo's pile: both
    END conditions hold, and Shidara's (Takeo's pile) is the one that ends the game."""
    st = front_of_fumie(["tadokoro", "ball", "bicycle"], takeo_pile=["shidara"],
                        fumie_pile=[("kanako", False)])
    act(st, "takeo", "up")
    assert st.ended == Ending("kanako", "card", {"card": "shidara", "seat": "takeo"})


def test_card_end_comes_before_four_face_down_cards():
    """Ruling 5: card END conditions, then four face-down cards. Sudden Rain turns Takeo
    face down: Masahiro's END now holds and Takeo's pile holds four face-down cards."""
    st = front_of_fumie(["clouds", "ball", "bicycle"],
                        takeo_pile=[("umbrella", False), ("kondo", False), ("calendar", False), "takeo", "masahiro"],
                        fumie_pile=["fumie"])
    act(st, "takeo", "up")
    assert legal(st, "takeo") == ["flip takeo 4", "flip takeo 5", "stop"]
    act(st, "takeo", "flip takeo 4")
    assert sum(1 for _, up in st.sides["takeo"].discard if not up) == 4
    assert st.ended == Ending("masahiro", "card", {"card": "masahiro", "seat": "takeo"})


def test_four_face_down_cards_come_before_an_empty_hand():
    """Ruling 5: four face-down cards are checked before the refill finds a hand empty."""
    pile = [("ryosuke", False), ("kondo", False), ("watch", False), "takeo", "ball", "masahiro",
            "shidara", "tadokoro", "calendar", "bicycle", "clouds"]
    st = front_of_fumie(["umbrella"], takeo_pile=pile)
    assert st.sides["fumie"].deck == []
    act(st, "takeo", "down ask")
    assert st.sides["fumie"].hand == []
    assert st.ended == Ending("silence", "face_down", {"seat": "takeo"})


def test_stop_ends_the_game_on_the_stopped_page():
    """'if you want to stop partway, you may end the game at that point.'"""
    st = new(2)
    act(st, "takeo", "down ask")
    events = act(st, "fumie", "stop")
    assert st.ended == Ending("stopped", "stopped", {"seat": "fumie"})
    assert [(e.kind, e.data) for e in events] == [
        ("ending", {"ending": "stopped", "cause": "stopped", "seat": "fumie"})]
    assert "stopped" in {p.id for p in CONTENT.books["basic"].ending}


def test_stop_during_a_decision_puts_the_card_in_use_down():
    st = arrange(fumie_hand=["shidara", "ball", "bicycle"])
    act(st, "takeo", "up")
    events = act(st, "takeo", "stop")
    assert kinds(events) == ["discard", "ending"]
    assert st.pending is None and st.in_use is None and st.frames == []
    assert st.sides["takeo"].discard == [("shidara", True)]
    assert st.ended.id == "stopped" and st.ended.cause == "stopped"
    assert_conserved(st)


def test_no_game_can_loop_so_none_needs_a_guard():
    """'If the game loops and the end condition cannot be met … you may end the game':
    `stop` is there for that, but no game can loop. Each turn the cards in hands, decks
    and the box (purple cards not yet brought in) strictly fall, in every episode."""
    from narrator import bots
    from narrator.library import load

    story = load("fumie")
    for episode in ("basic", "murder", "tadokoro"):
        for seed in range(40):
            options = {"episode": episode, "known": set()}
            st = g.new_game(story.content, SEATS, seed, options)
            players = {s: bots.make("random", story, s, seed) for s in SEATS}
            left = None
            while st.ended is None:
                if st.pending is None and st.frames == []:
                    now = sum(len(x.hand) + len(x.deck) for x in st.sides.values()) + len(st.aside)
                    if left is not None and st.turn != turn:
                        assert now < left, (episode, seed, st.turn)
                    if left is None or st.turn != turn:
                        left, turn = now, st.turn
                seat = g.to_act(st)[0]
                g.apply(st, seat, g.parse_action(players[seat].choose(story.view(st, seat))))


def test_a_real_game_never_repeats_a_position():
    """Every turn moves a card out of the hands and decks for good, so no position
    repeats and loop detection never fires in the basic episode."""
    rng = random.Random(5)
    for seed in range(30):
        st = new(seed)
        while st.ended is None:
            seat = g.to_act(st)[0]
            g.apply(st, seat, rng.choice([a for a in g.legal_actions(st, seat) if str(a) != "stop"]))
        assert st.ended.cause != "loop"


# ------------------------------------------------------------------ errors

def test_apply_after_the_end_raises_game_over():
    st = new(1)
    act(st, "takeo", "stop")
    before = snapshot(st)
    for seat, text in (("takeo", "up"), ("fumie", "up"), ("takeo", "stop")):
        with pytest.raises(GameOver) as err:
            act(st, seat, text)
        assert err.value.code == "game_over"
    assert snapshot(st) == before


def test_wrong_seat_raises_not_your_turn():
    st = new(1)
    before = snapshot(st)
    with pytest.raises(NotYourTurn) as err:
        act(st, "fumie", "up")
    assert err.value.code == "not_your_turn"
    assert "takeo" in err.value.message and "fumie" in err.value.message
    assert snapshot(st) == before


@pytest.mark.parametrize("text", ["down ask", "effect glance", "yes", "order 1 2 3", "flip takeo 1"])
def test_illegal_action_lists_the_legal_ones_and_changes_nothing(text):
    st = new(6)
    act(st, "takeo", "down not-yet")
    seat = st.active
    assert seat == "fumie"
    before = snapshot(st)
    sides = {s: st.sides[s].copy() for s in SEATS}
    with pytest.raises(IllegalAction) as err:
        act(st, seat, text)
    assert err.value.code == "illegal_action"
    assert err.value.legal == ("up", "down glance", "down wish", "down courage", "stop")
    assert repr(text) in err.value.message
    assert snapshot(st) == before
    assert {s: (v.hand, v.deck, v.discard, v.shown) for s, v in st.sides.items()} == \
        {s: (v.hand, v.deck, v.discard, v.shown) for s, v in sides.items()}


def test_illegal_action_inside_a_decision():
    st = arrange(fumie_hand=["shidara", "ball", "bicycle"])
    act(st, "takeo", "up")
    before = snapshot(st)
    with pytest.raises(IllegalAction) as err:
        act(st, "takeo", "up")
    assert err.value.legal == ("yes", "no", "stop")
    assert snapshot(st) == before


@pytest.mark.parametrize("text,fragment", [
    ("dance wildly", "'dance wildly' is not an action or a command"),
    ("up now", "'up now': write it as `up`"),
    ("down", "'down': write it as `down EFFECT`"),
    ("order 1 x 2", "'order 1 x 2': `order` takes positions"),
    ("flip takeo two", "'flip takeo two': the position is a number"),
    ("order", "'order': write it as `order N N N...`"),
])
def test_garbage_raises_bad_syntax_quoting_the_input(text, fragment):
    with pytest.raises(BadSyntax) as err:
        g.parse_action(text)
    assert err.value.code == "bad_syntax"
    assert fragment in err.value.message


def test_empty_input_raises_bad_syntax():
    for text in ("", "   "):
        with pytest.raises(BadSyntax):
            g.parse_action(text)


def test_parse_is_case_and_space_insensitive():
    assert parse("  DOWN   Not-Yet ") == Action("down", ("not-yet",))
    assert parse("Flip TAKEO 2") == Action("flip", ("takeo", "2"))


def test_action_text_round_trips_for_every_legal_action_in_200_random_games():
    rng = random.Random(2024)
    met: set[str] = set()
    for seed in range(200):
        st = new(seed)
        while st.ended is None:
            seat = g.to_act(st)[0]
            actions = g.legal_actions(st, seat)
            for a in actions:
                text = str(a)
                back = parse(text)
                assert back == a and str(back) == text
                met.add(text.split()[0])
            g.apply(st, seat, rng.choice([a for a in actions if a.verb != "stop"]))
    assert met >= {"up", "down", "effect", "flip", "order", "yes", "no", "stop"}
