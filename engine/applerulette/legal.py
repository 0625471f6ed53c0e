"""What a seat may do: the legal actions of Snow White Apple Roulette, made once a position.

A turn's actions depend on a few facts of the table only: the phase, whose turn it is,
whom their character's power may designate now (if it has one, not yet spent), who
lives, who holds apple tiles, the NPC, and (with no draw pile) the hand and whether the
character may use weapons before the last turn. The choices of each such
position are made once and shared, as one `Choices`, by every moment and every game it
comes up in, so the view, the bots and `legality.check` read the same actions and texts.
A pending decision's choices (its options, then stopping) are made once per options.
Every cache is bounded, and keyed only by the facts the actions are made from.
"""
from __future__ import annotations

from functools import lru_cache

from engine.applerulette import effects
from engine.applerulette.actions import CHECK, PROGRESS, STOP, Action, action
from engine.applerulette.content import Card, Content
from engine.applerulette.state import State
from engine.legality import Choices
from engine import turns

NONE = Choices(())
# Positions kept: a turn's come up in a few thousand ways at most; hands to play from
# in far more, each seen less often (a miss costs a few microseconds, not a game).
TURNS, HANDS = 2048, 1024


def of(state: State, seat: str) -> Choices:
    """The seat's legal actions now: none for a seat not to act; a pending decision's
    options, then stopping; else its turn's actions, then stopping."""
    if seat not in turns.to_act(state):
        return NONE
    if state.pending is not None:
        return answering(state.pending.options)
    content, role, phase = state.content, state.roles[seat], state.phase
    power = content.turn_power[role]
    aim = None if power is None or (power.once and seat in state.used) else power.target
    if phase == "story":        # the hand plays no part before the last turn
        return _turn(content, phase, seat, aim, False, tuple(state.living), holding(state), state.npc, ())
    return _turn(content, phase, seat, aim, role in content.armed, tuple(state.living), holding(state),
                 state.npc, tuple(map(content.plays_as.__getitem__, state.hands[seat])))


def holding(state: State) -> tuple[str, ...]:
    """The seats holding apple tiles (a Prince who takes one leaves a seat without)."""
    if all(state.tiles.values()):     # most turns: every seat holds some, so all the seats
        return state.seats
    return tuple(filter(state.tiles.__getitem__, state.seats))   # those whose tiles are not []


def progress(state: State, seat: str) -> tuple[Action, ...]:
    """Use or discard each card of the seat's hand, as the cards allow."""
    content = state.content
    # The hand by how its cards play (Content.plays_as): far fewer of these come up than
    # of hands, and the actions name a card by its place in the hand, not by its id.
    return _progress(content, state.phase, seat, state.roles[seat] in content.armed, tuple(state.living),
                     holding(state), state.npc, tuple(map(content.plays_as.__getitem__, state.hands[seat])))


@lru_cache(maxsize=TURNS)
def _turn(content: Content, phase: str, seat: str, aim: str | None, armed: bool, living: tuple[str, ...],
          holding: tuple[str, ...], npc: str | None, hand: tuple[str, ...]) -> Choices:
    """A turn's actions; `aim` is the target of the character's power, when it may be used."""
    out: list[Action] = []
    if phase == "story":
        out.append(PROGRESS)
    else:   # no draw pile: story progress only uses the hand
        out += _progress(content, phase, seat, armed, living, holding, npc, hand)
    others = [s for s in living if s != seat]
    out += [action("exchange", ("hand", s)) for s in others]
    out += [action("exchange", ("apple", s)) for s in others]
    if seat in holding:
        out.append(CHECK)
    if aim is not None:
        out += [action("ability", t) for t in effects.targets(aim, seat, living, holding, npc)]
    out.append(STOP)
    return Choices(out)


@lru_cache(maxsize=HANDS)
def _progress(content: Content, phase: str, seat: str, armed: bool, living: tuple[str, ...],
              holding: tuple[str, ...], npc: str | None, hand: tuple[str, ...]) -> tuple[Action, ...]:
    """`armed`: the character may use weapons before the last turn."""
    out: list[Action] = []
    for i, card_id in enumerate(hand, 1):
        card = content.cards[card_id]
        if usable(card, phase, armed):
            out += _uses(card.target, i, seat, living, holding, npc)
        # The rulebook's Q&A: any card you do not want to use may be discarded.
        out.append(action("progress", ("discard", str(i))))
    return tuple(out)


@lru_cache(maxsize=TURNS)
def _uses(target: str, i: int, seat: str, living: tuple[str, ...], holding: tuple[str, ...],
          npc: str | None) -> tuple[Action, ...]:
    """Hand card `i`'s uses, one per choice of the seats it designates: the same for every
    card of its kind of target, so kept apart from the hands (far fewer of these come up
    than of hands, whose cards vary)."""
    return tuple([action("progress", ("use", str(i), *t))
                  for t in effects.targets(target, seat, living, holding, npc)])


def usable(card: Card, phase: str, armed: bool) -> bool:
    """Whether a card may be used now: a weapon on the last turn (or any time by a
    character whose power says so: `armed`), a card that says "never" not at all."""
    if card.when == "any":
        return True
    if card.when == "last_turn":
        return phase == "last" or (card.weapon and armed)
    return False


# A pending decision's choices, by the identity of its options: an entry holds its
# options, so no other live tuple has their id, and a hit is checked to be the very one.
_answers: dict[int, tuple[tuple[Action, ...], Choices]] = {}


def answering(options: tuple[Action, ...]) -> Choices:
    """A pending decision's choices: its options, then stopping."""
    kept = _answers.get(id(options))
    if kept is not None and kept[0] is options:
        return kept[1]
    if len(_answers) >= HANDS:
        _answers.clear()
    made = Choices((*options, STOP))
    _answers[id(options)] = (options, made)
    return made
