"""Positions of For Fumie built by hand for the engine tests, and where every card is.

Conservation: the 12 red cards (Fumie's set) live in Takeo's hand and deck, in Fumie's
discard pile (Fumie's player uses them) or among the removed cards; the 12 blue cards
(Takeo's set) live in Fumie's hand and deck, Takeo's discard pile or removed. A card in
use is in none of those places.
"""
from __future__ import annotations

from engine.fumie import game as g
from narrator.library import load

SEATS = ("takeo", "fumie")
STORY = load("fumie")
CONTENT = STORY.content
RED = tuple(CONTENT.deck_for("takeo", "basic"))   # Takeo's player draws the red set
BLUE = tuple(CONTENT.deck_for("fumie", "basic"))  # Fumie's player draws the blue set
ALL_CARDS = RED + BLUE


def new(seed: int = 0, known=()):
    """A fresh basic-episode game."""
    return g.new_game(CONTENT, SEATS, seed, {"known": list(known)})


def _pile(entries):
    """Pile entries: a card id (face up) or a (card, face_up) pair."""
    return [(e, True) if isinstance(e, str) else (e[0], bool(e[1])) for e in entries]


def arrange(st=None, *, takeo_hand=None, fumie_hand=None, takeo_top=(), fumie_top=(),
            takeo_pile=(), fumie_pile=(), removed=(), known=(), active="takeo",
            takeo_shown=(), fumie_shown=(), fill=True):
    """Put a game in a chosen position.

    Hands are listed front first (index 0 is the card the opponent uses next); a hand
    not given is dealt three of the cards left over (red for Takeo, blue for Fumie). `*_top`
    are the top cards of a deck, top first. Piles are listed oldest first, each entry a
    card id (face up) or (card, face_up). With `fill`, the cards of each colour not
    placed anywhere go to the bottom of the matching deck (in a fixed order); without
    it every one of the 24 cards must be placed. Decisions, frames and the card in use
    are cleared; the known sleeves become `known` plus every face-up pile card and every
    removed card (as they would be in a real game).
    """
    st = st if st is not None else new(0)
    given = (list(takeo_hand or ()) + list(fumie_hand or ()) + list(takeo_top) + list(fumie_top)
             + [e if isinstance(e, str) else e[0] for e in list(takeo_pile) + list(fumie_pile)]
             + list(removed))
    if takeo_hand is None:
        takeo_hand = [c for c in RED if c not in given][:3]
    if fumie_hand is None:
        fumie_hand = [c for c in BLUE if c not in given][:3]
    takeo_pile, fumie_pile = _pile(takeo_pile), _pile(fumie_pile)
    placed = (list(takeo_hand) + list(fumie_hand) + list(takeo_top) + list(fumie_top)
              + [c for c, _ in takeo_pile] + [c for c, _ in fumie_pile] + list(removed))
    assert len(placed) == len(set(placed)), f"a card is placed twice: {placed}"
    for c in list(takeo_hand) + list(takeo_top) + [c for c, _ in fumie_pile]:
        assert c in RED, f"{c} is not a red card"
    for c in list(fumie_hand) + list(fumie_top) + [c for c, _ in takeo_pile]:
        assert c in BLUE, f"{c} is not a blue card"
    rest_red = [c for c in RED if c not in placed]
    rest_blue = [c for c in BLUE if c not in placed]
    if not fill:
        assert not rest_red and not rest_blue, f"unplaced cards: {rest_red + rest_blue}"
    t, f = st.sides["takeo"], st.sides["fumie"]
    t.hand, f.hand = list(takeo_hand), list(fumie_hand)
    # Deck: the top is the END of the list.
    t.deck = rest_red + list(reversed(takeo_top))
    f.deck = rest_blue + list(reversed(fumie_top))
    t.discard, f.discard = takeo_pile, fumie_pile
    t.shown, f.shown = set(takeo_shown), set(fumie_shown)
    st.removed = list(removed)
    # A face-up card in a pile was used face up or turned face up, and a removed card
    # was re-sleeved: their sleeves show the effect side.
    st.known = set(known) | {c for c, up in takeo_pile + fumie_pile if up} | set(removed)
    st.active = active
    st.in_use = None
    st.frames = []
    st.pending = None
    st.extra_turn = False
    st.ended = None
    st.forget()                         # edited by hand: drop what views kept
    assert_conserved(st)
    return st


def locations(st) -> dict[str, list[str]]:
    """card -> every place it is found (exactly one when the state is sound)."""
    where: dict[str, list[str]] = {c: [] for c in ALL_CARDS}
    for seat in SEATS:
        side = st.sides[seat]
        for c in side.hand:
            where.setdefault(c, []).append(f"{seat}.hand")
        for c in side.deck:
            where.setdefault(c, []).append(f"{seat}.deck")
        for c, _ in side.discard:
            where.setdefault(c, []).append(f"{seat}.pile")
    for c in st.removed:
        where.setdefault(c, []).append("removed")
    if st.in_use is not None:
        where.setdefault(st.in_use.card, []).append("in_use")
    return where


def where(st, card: str) -> str:
    places = locations(st)[card]
    assert len(places) == 1, f"{card} is in {places}"
    return places[0]


def assert_conserved(st) -> None:
    where_ = locations(st)
    assert set(where_) == set(ALL_CARDS), f"unknown cards: {set(where_) - set(ALL_CARDS)}"
    bad = {c: p for c, p in where_.items() if len(p) != 1}
    assert not bad, f"cards not in exactly one place: {bad}"
    for c, (p,) in where_.items():
        if p in ("removed", "in_use"):
            continue
        if c in RED:
            assert p in ("takeo.hand", "takeo.deck", "fumie.pile"), (c, p)
        else:
            assert p in ("fumie.hand", "fumie.deck", "takeo.pile"), (c, p)


def act(st, seat: str, text: str):
    """Apply an action given in its text form; returns the events."""
    return g.apply(st, seat, g.parse_action(text))


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of_kind(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def one(events, kind: str):
    found = of_kind(events, kind)
    assert len(found) == 1, f"expected one {kind!r} event, got {kinds(events)}"
    return found[0]


def legal(st, seat: str) -> list[str]:
    return [str(a) for a in g.legal_actions(st, seat)]


def snapshot(st):
    """Everything an action could change, for 'nothing happened' checks."""
    return (
        len(st.log), st.active, st.turn, tuple(st.removed), frozenset(st.known),
        None if st.in_use is None else (st.in_use.card, st.in_use.face_up, st.in_use.user),
        None if st.pending is None else (st.pending.seat, st.pending.kind, st.pending.options),
        len(st.frames), st.extra_turn, st.ended,
        tuple((s, tuple(st.sides[s].hand), tuple(st.sides[s].deck), tuple(st.sides[s].discard),
               frozenset(st.sides[s].shown)) for s in SEATS),
    )


def card_ids_in(obj) -> set[str]:
    """Every card id a view dict names: `id` of card faces, and `card` strings (ending detail)."""
    found: set[str] = set()

    def walk(o):
        if isinstance(o, dict):
            if "sleeve_name" in o and "id" in o:
                found.add(o["id"])
            for k, v in o.items():
                if k in ("card",) and isinstance(v, str):
                    found.add(v)
                walk(v)
        elif isinstance(o, (list, tuple)):
            for v in o:
                walk(v)

    walk(obj)
    return found


def event_cards(e) -> set[str]:
    """The card ids an event names (its `card` and `cards` data)."""
    out = set()
    c = e.data.get("card")
    if isinstance(c, str):
        out.add(c)
    out.update(e.data.get("cards") or ())
    return out


def seeded_games(seeds: int):
    """(episode, seed, a new game) for each episode and seed below `seeds`: half of them
    start with every sleeve known, as a long explore's games do."""
    for episode in CONTENT.episodes:
        for seed in range(seeds):
            known = sorted(CONTENT.cards) if seed % 2 else []
            yield episode, seed, g.new_game(CONTENT, STORY.seats, seed, {"episode": episode, "known": known})
