"""What one seat may see: the only window on the state for a REPL, bot or peer.

Built from the state for one seat (each discard pile as the last view showed it, while
it is unchanged: a pile looks the same to both seats). Secrets stay out by construction: the other
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
from engine.fumie.content import FACE_DOWN_LIMIT, Card
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


# A view and its sides are made afresh for every decision, so they are plain slotted
# dataclasses: a frozen one pays a guarded setattr for each of its fields, a third of what
# making a view costs. They hold only tuples and frozen values, and the engine never keeps
# a view, so nothing done to one reaches the game. The cards in them stay frozen (and are
# made once per box).
@dataclass(slots=True)
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


@dataclass(slots=True, unsafe_hash=True)     # as engine.decision.Decision
class Decision(decision.Decision):
    cards: tuple[Face, ...] = ()      # the cards being put in order, top or front first
    deck: str | None = None           # whose deck, when putting deck cards in order


@dataclass(slots=True)
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
# not, and a pile place, are frozen values made once per box. The tables are bounded (by
# the box's cards and places) and their caches hold the content itself (never its id,
# which a later box could reuse); what a seat is not told never enters a key (a face-down
# pile card is keyed by its place alone).
class _Faces(dict):
    """card id -> its Face (its ◆ side, the effect side known), every card of the box, so
    `faces[c][c in known]` is the card as seen."""

    def __init__(self, content):
        super().__init__((c, (Face.of(card, False), Face.of(card, True))) for c, card in content.cards.items())
        self._as_known: dict[frozenset[str], dict[str, Face]] = {}

    def as_known(self, known: frozenset[str]) -> dict[str, Face]:
        """card id -> its Face with these sleeves known: the games of an explore, or of a
        player's evening, begin knowing the same sleeves (bounded)."""
        found = self._as_known.get(known)
        if found is None:
            if len(self._as_known) >= 64:
                self._as_known.clear()
            found = self._as_known[known] = {c: f[c in known] for c, f in self.items()}
        return found


class _Places(dict):
    """(position, card id or None, known) -> the PileCard, made the first time it is seen."""

    def __init__(self, faces: _Faces):
        super().__init__()
        self.faces = faces

    def __missing__(self, key: tuple[int, str | None, bool]) -> PileCard:
        position, card, known = key
        made = self[key] = PileCard(position, card is not None, None if card is None else self.faces[card][known])
        return made


@lru_cache(maxsize=16)
def _box(content) -> tuple[_Faces, _Places]:
    faces = _Faces(content)
    return faces, _Places(faces)


@lru_cache(maxsize=64)
def _commons(content, seat: str, episode: str) -> tuple[Common, ...]:
    return tuple(Common(c.id, c.name, c.text) for c in content.sheets[(seat, episode)].common)


@lru_cache(maxsize=64)
def _suspects(content, episode: str) -> tuple[str, ...]:
    return tuple(content.suspects(episode))


def _pile(state: State, s: str, places: _Places) -> tuple[tuple[PileCard, ...], int, int]:
    """`s`'s discard pile as either seat sees it, with its face-down count and limit: kept
    from the last view while the pile and the known sleeves are as they were (a turn puts
    a card on one pile, so most views find both piles or one as the last view left them),
    and only its new cards read when cards were put on it (the rest is as it was: a pile
    changes otherwise only when a card is turned or taken out). The sleeves known only
    grow in a game, so their number tells whether they changed."""
    discard, known = state.sides[s].discard, state.known
    kept = state.piles.get(s)
    n, pile, down, limit = 0, (), 0, FACE_DOWN_LIMIT
    if kept is not None and kept[1] == len(known):
        was = kept[0]
        if was == discard:
            return kept[2]
        if len(discard) > len(was) and discard[:len(was)] == was:
            n = len(was)
            pile, down, limit = kept[2]
    limits = state.episode_box.limits
    for i, (c, up) in enumerate(discard[n:] if n else discard, n + 1):
        if up:
            pile += (places[i, c, c in known],)
            if c in limits:   # the first face-up ★ limit card of the pile sets it: read again
                limit = face_down_limit(state, s)
        else:
            pile += (places[i, None, False],)
            down += 1
    made = (pile, down, limit)
    state.piles[s] = (list(discard), len(known), made)
    return made


def _seen(state: State) -> tuple[dict[str, Face], _Places]:
    """Every card of the box as it shows in this game now (its effect side once its sleeve
    shows it), so a view reads a hand or a pile card as one lookup, and the box's pile
    places: found again only when a sleeve turned. Sleeves turn one way only in a game,
    so their number tells."""
    known = state.known
    kept = state.faces
    if kept is None or kept[0] != len(known):
        faces, places = _box(state.content)
        kept = state.faces = (len(known), faces.as_known(frozenset(known)), places)
    return kept[1], kept[2]


def _side(state: State, s: str, seat: str, seen: dict[str, Face], places: _Places) -> SideView:
    """`s`'s side as `seat` sees it: the other hand only as far as it was shown."""
    sd = state.sides[s]
    hand, shown = sd.hand, sd.shown
    if s == seat:
        faces = tuple([seen[c] for c in hand])
    elif shown:
        faces = tuple([seen[c] if c in shown else None for c in hand])
    else:
        faces = (None,) * len(hand)
    pile, down, limit = _pile(state, s, places)
    return SideView(s, faces, tuple([c in shown for c in hand]) if shown else (False,) * len(hand),
                    len(sd.deck), pile, down, limit)


def view(state: State, seat: str) -> View:
    known = state.known
    content = state.content
    seen, places = _seen(state)
    legal = choices(state, seat)
    decision = None
    p = state.pending
    if p is not None and p.seat == seat:
        prompt = p.data.get("prompt") or _PROMPTS[p.kind]
        cards: tuple[Face, ...] = ()
        if p.kind == "order_deck":
            cards = tuple(map(seen.__getitem__, p.data["cards"]))
        elif p.kind == "order_hand":
            cards = tuple(map(seen.__getitem__, state.sides[seat].hand))
        decision = Decision(p.kind, legal.texts_of(p.options), prompt, cards, p.data.get("deck"))
    use = state.in_use
    in_use = None if use is None else places[0, use.card, use.card in known] if use.face_up else places[0, None, False]
    culprit = state.culprit
    return View(
        seat, content.seats, state.episode, state.turn, state.active,
        _side(state, seat, seat, seen, places), _side(state, content.across[seat], seat, seen, places),
        tuple(map(seen.__getitem__, state.removed)) if state.removed else (), in_use,
        None if use is None else use.user,
        _commons(content, seat, state.episode),
        legal.texts, decision, state.ended, told(state.log, seat, state.clock),
        seen[culprit] if culprit and (seat == content.culprit_keeper or state.culprit_shown) else None,
        state.culprit_shown,
        _suspects(content, state.episode) if culprit else (),
        tuple(state.checks),
    )
