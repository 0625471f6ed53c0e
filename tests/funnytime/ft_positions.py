"""Positions of FunnyTime built by hand for the tests, and where every card is.

Most tests play with the EVERY deck on both sides: one copy of every card of the pool
and a second copy of the first twelve Koma designs (60 cards, legal), so any card can be
put anywhere. `arrange` moves a seat's own cards between its zones (conservation holds:
what is not placed goes back to the deck), and the helpers below drive the phases with
real actions, so the rules under test are the engine's own.
"""
from __future__ import annotations

from engine.funnytime import game as g
from engine.funnytime.actions import parse
from engine.funnytime.content import POSITIONS
from narrator.library import load

STORY = load("funnytime")
CONTENT = STORY.content
SEATS = STORY.seats
AKI, REN = SEATS
KOMA = tuple(sorted(CONTENT.koma, key=lambda c: CONTENT.koma[c].number))
MAKE = tuple(sorted(CONTENT.make, key=lambda c: CONTENT.make[c].number))
EVERY = {"name": "Every Card", "cards": {**{c: 2 if i < 12 else 1 for i, c in enumerate(KOMA)},
                                         **{c: 1 for c in MAKE}}}


def new(seed: int = 0, decks=None):
    """A new duel, played on to its first decision (Aki's Make Time, with the EVERY deck)."""
    if decks is None:
        decks = {AKI: EVERY, REN: EVERY}
    return g.new_game(CONTENT, SEATS, seed, {"decks": decks})


def act(st, seat: str, text: str):
    return g.apply(st, seat, parse(text))


def refresh(st) -> None:
    """After a hand-made change, let the engine ask its question again."""
    st.pending = None
    g._advance(st, st.log)


def arrange(st, seat: str, *, hand=None, top=(), stock=None, botsu=None, lost=None, dark=None) -> None:
    """Put `seat`'s own cards where the test wants them (the rest go to the deck, shuffled
    order kept), with `top` the top cards of the deck, top first. `dark`: star -> the 本 it
    relights at."""
    side = st.sides[seat]
    every = side.cards()
    wanted = {"hand": hand, "stock": stock, "botsu": botsu, "lost": lost}
    rest = list(every)
    for c in list(side.played) + [s.card for s in side.manuscript if not s.gone]:
        rest.remove(c)                                  # cards in play stay where they are
    for c in [c for zone in wanted.values() if zone is not None for c in zone] + list(top):
        assert c in rest, f"{seat} has no (more) {c} to place"
        rest.remove(c)
    for z, cards in wanted.items():
        if cards is None:                               # a zone not named keeps what is left of it
            kept = []
            for c in getattr(side, z):
                if c in rest:
                    rest.remove(c)
                    kept.append(c)
            cards = kept
        setattr(side, z, list(cards))
    side.deck = rest + list(reversed(top))
    side.open_hand = [c for c in side.open_hand if c in side.hand]
    if dark is not None:
        side.dark = dict(dark)
    assert sorted(side.cards()) == sorted(every)
    st.forget()                                         # edited by hand: drop what was kept


def decide(st, default: dict | None = None) -> None:
    """Answer every decision that is not Make Time or Show Time with a plain choice:
    pay, keep the Stock Pool, return the first Make card, take the bonus."""
    default = {"pay": "pay", "upkeep": "keep", "return": None, "bonus": "draw", **(default or {})}
    while st.ended is None and st.pending is not None and st.pending.kind in default:
        p = st.pending
        choice = default[p.kind]
        if p.kind == "upkeep":
            text = f"{choice} {p.data['card']}"
        elif choice is None:
            text = str(p.options[0])
        else:
            text = choice
        act(st, p.seat, text)


def settle(st) -> None:
    """Answer the payments waiting (with `pay`), and nothing else."""
    while st.ended is None and st.pending is not None and st.pending.kind == "pay":
        act(st, st.pending.seat, "pay")


def make_time(st, panels: dict, makes: dict | None = None, arrange_hands: bool = True) -> None:
    """Both artists lay their panels and choose Make cards, then `done`.

    panels: seat -> [(card, orientation)] or [(card, orientation, "stock")], 起 first.
    With `arrange_hands`, each seat's hand becomes exactly those hand cards and Make
    cards (stock cards must already be in the Stock Pool)."""
    makes = makes or {}
    assert st.phase == "make" and st.pending.kind == "make", (st.phase, st.pending)
    if arrange_hands:
        for seat in SEATS:
            from_hand = [p[0] for p in panels.get(seat, ()) if len(p) == 2]
            arrange(st, seat, hand=from_hand + list(makes.get(seat, ())))
        refresh(st)
    for seat in SEATS:
        assert st.pending.seat == seat
        for pos, p in zip(POSITIONS, panels.get(seat, ())):
            act(st, seat, f"lay {pos} {p[0]} {p[1]}" + (" stock" if len(p) == 3 else ""))
        for m in makes.get(seat, ()):
            act(st, seat, f"make {m}")
        act(st, seat, "done")


def show_time(st, rotations: dict) -> None:
    """Pay for the Make cards, then both artists choose their rotations; then the panels
    are paid for."""
    settle(st)
    for seat in SEATS:
        if st.ended is not None:
            return
        for rot in rotations.get(seat, ()):
            p = st.pending
            assert p.kind == "open" and p.seat == seat, p
            act(st, seat, f"open {p.options[0].args[0]} {rot}")
    settle(st)


def issue(st, panels: dict, rotations: dict, makes=None, **decisions) -> None:
    """A whole 本 from Make Time: lay, show, pay, duel; the upkeep answered by `decisions`."""
    make_time(st, panels, makes)
    show_time(st, rotations)
    decide(st, decisions or None)


def where(st, seat: str) -> dict:
    s = st.sides[seat]
    return {"deck": len(s.deck), "hand": list(s.hand), "stock": list(s.stock), "botsu": list(s.botsu),
            "lost": list(s.lost), "played": list(s.played)}


def kinds(events) -> list[str]:
    return [e.kind for e in events]
