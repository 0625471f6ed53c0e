"""What one seat may see: the only window on the state for a REPL, bot or peer.

Built fresh from the state for one seat. Secrets stay out by construction: the other
hand appears only as the cards that were shown (the rest are `None`), face-down cards
in discard piles carry no card at all, and a card's effect side appears only once its
sleeve shows it.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from functools import lru_cache

from engine import decision
from engine.events import told
from engine.contract import Ending
from engine.fumie.content import Card
from engine.fumie.game import choices, face_down_limit
from engine.fumie.state import State


@dataclass(frozen=True, slots=True)
class Face:
    """A card as this seat sees it: the ◆ side, or the effect side once it is known."""

    id: str
    set: str
    sleeve_name: str
    known: bool
    name: str
    type: str = ""
    text: str = ""
    stars: tuple[str, ...] = ()
    end_text: str = ""
    flavour: str = ""

    @staticmethod
    def of(card: Card, known: bool) -> "Face":
        if not known:
            return Face(card.id, card.set, card.sleeve_name, False, card.sleeve_name)
        return Face(card.id, card.set, card.sleeve_name, True, card.name, card.type, card.text,
                    tuple(s.text for s in card.star), card.end_text, card.flavour)


@dataclass(frozen=True, slots=True)
class PileCard:
    position: int
    face_up: bool
    card: Face | None          # None: a face-down card is never identified


@dataclass(frozen=True, slots=True)
class SideView:
    seat: str
    hand: tuple[Face | None, ...]     # None: a card this seat has not been shown
    shown: tuple[bool, ...]           # which hand cards the owner has shown the opponent
    deck: int
    discard: tuple[PileCard, ...]
    face_down: int
    face_down_limit: int


@dataclass(frozen=True, slots=True)
class Common:
    id: str
    name: str
    text: str


@dataclass(frozen=True, slots=True)
class Decision(decision.Decision):
    cards: tuple[Face, ...] = ()      # the cards being put in order, top or front first
    deck: str | None = None           # whose deck, when putting deck cards in order


@dataclass(frozen=True, slots=True)
class View:
    seat: str
    seats: tuple[str, ...]
    episode: str
    turn: int
    active: str
    me: SideView
    other: SideView
    removed: tuple[Face, ...]
    in_use: PileCard | None
    in_use_by: str | None
    common: tuple[Common, ...]
    legal: tuple[str, ...]
    decision: Decision | None
    ending: Ending | None
    moment: int                       # events told to this seat so far: its own clock
    culprit: Face | None = None       # Fumie's seat knows it; Takeo's once it is revealed
    culprit_shown: bool = False
    suspects: tuple[str, ...] = ()    # who could be the culprit (the ◆ sides of the set)
    checks: tuple[tuple[tuple[str, ...], bool], ...] = ()   # culprit checks: cards looked at, answer

    # The Table protocol, so a bot can test a card's conditions on what it sees.
    def face_up_in(self, card: str, pile: str | None) -> bool:
        sides = [s for s in (self.me, self.other) if pile is None or s.seat == pile]
        return any(p.face_up and p.card.id == card for s in sides for p in s.discard)

    def is_removed(self, card: str) -> bool:
        return any(f.id == card for f in self.removed)

    def culprit_revealed(self) -> bool:
        return self.culprit_shown

    def to_dict(self) -> dict:
        return asdict(self)


_PROMPTS = {
    "common": "Choose one of your sheet's common effects.",
    "flip_up": "Choose a face-down card in a discard pile to turn face up.",
    "flip_down": "Choose a face-up card in your discard pile to turn face down.",
    "order_hand": "Put the cards in your hand in order (front first).",
    "order_deck": "Put these cards back on the deck in order (top first).",
    "accuse": "Name the Person you take for the culprit.",
}


# A view is built for every decision, of every card in sight: a card's face as known or
# not, and a pile place, are frozen values made once. The caches are bounded and hold the
# content itself (never its id, which a later box could reuse); what a seat is not told
# never enters a key (a face-down pile card is keyed by its place alone).
@lru_cache(maxsize=8192)
def _face(content, card: str, known: bool) -> Face:
    return Face.of(content.cards[card], known)


@lru_cache(maxsize=8192)
def _pile_card(content, position: int, card: str | None, known: bool) -> PileCard:
    return PileCard(position, card is not None, None if card is None else _face(content, card, known))


def view(state: State, seat: str) -> View:
    known = state.known
    content = state.content

    def face(card: str) -> Face:
        return _face(content, card, card in known)

    def side(s: str) -> SideView:
        sd = state.sides[s]
        mine = s == seat
        shown = sd.shown
        hand = tuple(face(c) if mine or c in shown else None for c in sd.hand)
        pile = tuple(_pile_card(content, i, c, c in known) if up else _pile_card(content, i, None, False)
                     for i, (c, up) in enumerate(sd.discard, 1))
        return SideView(s, hand, tuple(c in shown for c in sd.hand), len(sd.deck), pile,
                        sum(1 for _, up in sd.discard if not up), face_down_limit(state, s))

    sheet = content.sheets[(seat, state.episode)]
    decision = None
    p = state.pending
    if p is not None and p.seat == seat:
        prompt = p.data.get("prompt") or _PROMPTS[p.kind]
        cards = ()
        if p.kind == "order_deck":
            cards = tuple(face(c) for c in p.data["cards"])
        elif p.kind == "order_hand":
            cards = tuple(face(c) for c in state.sides[seat].hand)
        decision = Decision(p.kind, choices(state, seat).texts_of(p.options), prompt, cards, p.data.get("deck"))
    use = state.in_use
    in_use = None if use is None else PileCard(0, use.face_up, face(use.card) if use.face_up else None)
    return View(
        seat, tuple(state.sides), state.episode, state.turn, state.active, side(seat), side(state.opponent(seat)),
        tuple(face(c) for c in state.removed), in_use, None if use is None else use.user,
        tuple(Common(c.id, c.name, c.text) for c in sheet.common),
        choices(state, seat).texts, decision, state.ended, told(state.log, seat, state.clock),
        face(state.culprit) if state.culprit and (seat == content.culprit_keeper or state.culprit_shown) else None,
        state.culprit_shown,
        tuple(content.suspects(state.episode)) if state.culprit else (),
        tuple(state.checks),
    )
