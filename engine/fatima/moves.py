"""The table's small movements: drawing, discarding, taking, a Fatima changing nations,
a king turning face up, an unveiling's roll-off. Each tells what happened in events,
to everyone or only to the seats that may know.

The family's events are written as `Event(kind, {...})` (a private one with its seats),
not through `engine.events.public`/`private`: a move makes about six, and the call in
between (its keywords gathered into the dict) was a twentieth of the rules loop.

Every die is rolled here or in `engine.fatima.combat`, from the state's seeded
generator, and every roll is told, so a replay rolls (and reads) the same.
"""
from __future__ import annotations

from bisect import insort
from itertools import compress

from engine.events import Event
from engine.fatima.actions import INDEX
from engine.fatima.state import Ctx, Frame, State


class _Alone(dict):
    """The seats told of an event only its own seat may know (a hand seen, a card laid
    down face down): that seat alone, one frozenset per seat name, shared by its events
    (a frozenset is never changed). Making one for each event cost as much as three
    lookups here, at about one event a move. Bounded: a table seats p1 to p8."""

    __slots__ = ()

    def __missing__(self, seat: str) -> frozenset[str]:
        alone = self[seat] = frozenset((seat,))
        return alone


ALONE = _Alone()


def to_hand(state: State, seat: str, card: str) -> None:
    """A card joins a hand at its end, so the cards already held keep their positions
    (`fight with 2` lays the card the player saw at 2). Games saved before that rule kept
    the hand in the card file's order."""
    if state.sorted_hands:
        insort(state.nations[seat].hand, card, key=state.content.order.__getitem__)
    else:
        state.nations[seat].hand.append(card)


def sort_hand(state: State, seat: str) -> None:
    """The dealt hand, arranged once in the card file's order."""
    state.nations[seat].hand.sort(key=state.content.order.__getitem__)


def from_hand(state: State, seat: str, position: str) -> str:
    """Take the card at a hand position as an action writes it ("1" for the first)."""
    return state.nations[seat].hand.pop(INDEX[position])


def draw(state: State, seat: str, n: int, log: list[Event], why: str = "effect") -> list[str]:
    """Draw up to `n` cards by an effect. A Fatima drawn is placed face up in the nation;
    an Event drawn takes effect at once, as the rulebook says of every Event drawn from
    the deck (its only exception is the deal), with the drawer as its drawer; the rest
    join the hand. Starts the final round if the deck runs out."""
    deck = state.deck           # (compared, not min(): a call that parses keywords)
    drawn = [deck.pop() for _ in range(n if n < len(deck) else len(deck))]
    kept, fired = [], []
    for card in drawn:
        kind = state.content.cards[card].kind
        if kind == "fatima":
            state.nations[seat].fatima.append(card)
            log.append(Event("fatima_placed", {"seat": seat, "card": card, "why": "effect"}))
        elif kind == "event":
            fired.append(card)
        else:
            to_hand(state, seat, card)
            kept.append(card)
    if kept:
        log.append(Event("draw", {"seat": seat, "count": len(kept), "why": why}))
        log.append(Event("hand_seen", {"seat": seat, "cards": kept, "why": why}, ALONE[seat]))
    deck_check(state, log)
    # The effect that drew goes on after the Events: they wait on the frame stack above
    # it, the first drawn on top so that they strike in the order they were drawn.
    for card in fired:
        log.append(Event("event_drawn", {"seat": seat, "card": card, "why": "effect"}))
        state.discard.append(card)
    for card in reversed(fired):
        state.frames.append(Frame(tuple(state.content.events[card].effect), Ctx(seat, card)))
    return kept


def deck_check(state: State, log: list[Event]) -> None:
    """The deck has just run out: one more full round, starting left of the active seat
    and ending with it (its own turn goes on first)."""
    if state.deck or state.final_left is not None:
        return
    left = list(state.others(state.active)) + [state.active]
    state.final_left = left
    log.append(Event("deck_empty", {"seat": state.active, "left": list(left)}))


def discard(state: State, seat: str, card: str, why: str, log: list[Event]) -> None:
    """A card goes to the discard pile, face up: everyone sees it (told as a list of cards)."""
    state.discard.append(card)
    log.append(Event("discarded", {"seat": seat, "cards": [card], "why": why}))


def take_random(state: State, taker: str, victim: str, n: int, log: list[Event], why: str) -> list[str]:
    """`taker` takes `n` cards at random from `victim`'s hand; only the two see which."""
    hand = state.nations[victim].hand
    taken = []
    for _ in range(min(n, len(hand))):
        taken.append(hand.pop(state.rng.below(len(hand))))
    for card in taken:
        to_hand(state, taker, card)
    log.append(Event("took", {"seat": taker, "source": victim, "count": len(taken), "why": why}))
    if taken:
        log.append(Event("took_seen", {"seat": taker, "source": victim, "cards": taken, "why": why},
                         frozenset((taker, victim))))
    return taken


def hand_over(state: State, giver: str, to: str, card: str, why: str, log: list[Event]) -> None:
    """A card chosen by its holder goes to another hand; only the two see which."""
    to_hand(state, to, card)
    log.append(Event("hand_over", {"seat": giver, "to": to, "why": why}))
    log.append(Event("hand_over_seen", {"seat": giver, "to": to, "card": card, "why": why},
                     frozenset((giver, to))))


def move_fatima(state: State, fatima: str, to: str, why: str, log: list[Event],
                source: str | None = None) -> None:
    """`source`: the nation she lives in, when the caller knows it (else she is looked for)."""
    if source is None:
        source = state.owner(fatima)
        assert source is not None, f"{fatima} is in no nation"
    if source == to:
        log.append(Event("fatima_stays", {"seat": to, "card": fatima, "why": why}))
        return
    state.nations[source].fatima.remove(fatima)
    state.nations[to].fatima.append(fatima)
    log.append(Event("fatima_moved", {"card": fatima, "source": source, "to": to, "why": why}))


def reveal_king(state: State, seat: str, why: str, log: list[Event]) -> None:
    nation = state.nations[seat]
    if not nation.king_shown:
        nation.king_shown = True
        log.append(Event("king_revealed", {"seat": seat, "card": nation.king, "why": why}))


def roll_off(state: State, seats: tuple[str, ...], log: list[Event], kind: str, **data) -> str:
    """Every seat named rolls 1d6; the highest wins; the tied highest roll again, until one."""
    contenders, rolled = tuple(seats), state.rng.rolls
    round_ = 1
    while True:
        dice = rolled(len(contenders))     # in the contenders' order, one after the other
        top = 0
        for d in dice:          # a loop: max() of a few dice costs more (it parses keywords)
            if d > top:
                top = d
        if dice.count(top) == 1:
            winner = contenders[dice.index(top)]
            log.append(Event(kind, {"rolls": dict(zip(contenders, dice)), "round": round_, "winner": winner,
                                    **data}))
            return winner
        log.append(Event(kind, {"rolls": dict(zip(contenders, dice)), "round": round_, "winner": None, **data}))
        contenders = tuple(compress(contenders, map(top.__eq__, dice)))
        round_ += 1


def unveil(state: State, fatima: str, host: str, log: list[Event]) -> None:
    """A Fatima is unveiled: every nation, the host's included, rolls for her hand."""
    owner = state.owner(fatima)
    assert owner is not None
    state.record.unveilings += 1
    log.append(Event("unveiling", {"seat": host, "owner": owner, "card": fatima}))
    winner = roll_off(state, state.around(host), log, "roll_off", card=fatima)
    move_fatima(state, fatima, winner, "unveil", log, owner)
