"""For Fumie's rules: the family protocol of engine.contract.

A turn: the active player uses the front card of the opponent's hand, face up (its
effect) or face down (a common effect of their sheet); the effect is carried out; the
card goes to the user's discard pile; END conditions are checked; both hands refill to
three; the turn-player card passes. Legality is decided here, in `apply`, and nowhere
else.
"""
from __future__ import annotations

import random
from typing import Sequence

from engine.contract import Ending
from engine import legality, turns
from engine.chance import shuffle
from engine.events import Event, private, public
from engine.fumie import effects
from engine.fumie.actions import STOP, Action, parse
from engine.fumie.box import episode_box
from engine.fumie.content import FACE_DOWN_LIMIT, HAND_SIZE, STOPPED, Content
from engine.fumie.state import Frame, InUse, Side, State

parse_action = parse


def new_game(content: Content, seats: Sequence[str], seed: int, options: dict) -> State:
    """Set up an episode: each seat shuffles the other protagonist's set and draws three.

    options: `episode` (default the first), `known` (card ids whose effect side already
    shows in its sleeve, from the profile).
    """
    assert tuple(seats) == content.seats, f"this story is played by {content.seats}, not {tuple(seats)}"
    first = content.seats[0]
    episode = options.get("episode", content.episodes[0])
    rng = random.Random(seed)
    sides = {}
    for seat in content.seats:
        deck = content.deck_for(seat, episode)
        shuffle(rng, deck)
        sides[seat] = Side([], deck)
    state = State(content, episode, seed, rng, sides, first, set(options.get("known", ())),
                  episode_box(content, episode))
    state.aside = content.purple(episode)
    log = [public("setup", episode=episode, first=first)]
    if episode in content.culprit_episodes:
        _set_culprit(state, options.get("culprit"), log)
    for seat in content.seats:
        effects.draw(state, seat, HAND_SIZE, log)
    log.append(public("turn", seat=first, number=1))
    state.log.extend(log)
    return state


def _set_culprit(state: State, kept: str | None, log: list[Event]) -> None:
    """Fumie's player draws blind from her set until a Person comes up: the culprit.

    A culprit kept from an earlier game (the same one serves up to three) is taken out
    of the set instead. Either way the set is shuffled again to make the draw deck.
    """
    keeper = state.content.culprit_keeper
    deck = state.sides[keeper].deck
    suspects = state.content.suspects(state.episode)
    if kept is None:
        kept = next(c for c in reversed(deck) if c in suspects)   # from the top down
    assert kept in suspects, f"{kept!r} cannot be the culprit of {state.episode!r}"
    deck.remove(kept)
    shuffle(state.rng, deck)
    state.culprit = kept
    log.append(private("culprit_set", (keeper,), card=kept))


to_act = turns.to_act


def legal_actions(state: State, seat: str) -> list[Action]:
    return list(choices(state, seat).actions)


def choices(state: State, seat: str) -> legality.Choices:
    """The seat's legal actions and their texts (view, bot and check share them): a
    turn's start offers the same choices every time (they depend only on the seat's
    sheet side: made once for the box), and a decision offers its options and stopping,
    made once for each set of options."""
    if state.ended is None:
        pending = state.pending
        if pending is None:
            if seat == state.active:
                return state.episode_box.turn[seat]
        elif seat == pending.seat:
            return _offer(pending.options)
    return _NOTHING


_NOTHING = legality.Choices(())


# A decision's choices, by its options: most decisions offer one of a few sets made once
# for the box (the orders of n cards, yes or no, a sheet's common effects, the suspects),
# so their choices and texts are made once too (bounded).
_offer = legality.Offers(STOP)


def apply(state: State, seat: str, action: Action) -> list[Event]:
    """Carry out one action of `seat`; the only place an action's legality is decided."""
    if action not in choices(state, seat):   # the moment's legal actions, made once
        legality.check(state, seat, action, over=state.ended is not None, to_act=to_act,
                       legal_actions=choices)   # raises the error the mistake deserves
    log: list[Event] = []
    state.moves += 1
    if action.verb == "stop":
        _stop(state, seat, "stopped", log)
    elif state.pending is not None:
        effects.resolve(state, action, log)
    else:
        _use(state, seat, action, log)
    effects.run(state, log)
    if state.ended is None and state.pending is None and not state.frames:
        _finish_turn(state, log)
    if state.ended is not None:
        _put_down_card_in_use(state, log)
    return turns.record(state, log)


ending = turns.ending


# --- a turn --------------------------------------------------------------------------

def _use(state: State, user: str, action: Action, log: list[Event]) -> None:
    holder = state.content.across[user]
    side = state.sides[holder]
    card = side.hand.pop(0)
    side.shown.discard(card)
    face_up = action.verb == "up"
    state.in_use = InUse(card, face_up, user)
    # The events of every turn are made as Events outright (not through `public`, which
    # packs its words into a dict of its own): a turn makes five or six.
    log.append(Event("use", {"user": user, "holder": holder, "face": "up" if face_up else "down",
                             "card": card if face_up else None}))
    if face_up:
        effects.learn(state, card, log)
        state.frames.append(Frame(state.card(card).effect, 0, card))
    else:
        effects.use_common(state, user, action.args[0], log)


def _put_down_card_in_use(state: State, log: list[Event]) -> None:
    """After its effect, the card in use goes to its user's pile as it was used."""
    used, state.in_use = state.in_use, None
    if used is not None:
        state.sides[used.user].discard.append((used.card, used.face_up))
        log.append(Event("discard", {"seat": used.user, "face": "up" if used.face_up else "down",
                                     "card": used.card if used.face_up else None}))


def _finish_turn(state: State, log: list[Event]) -> None:
    used = state.in_use
    _put_down_card_in_use(state, log)
    state.ended = _card_end(state, used) or _face_down_end(state)
    if state.ended is not None:
        return
    across = state.content.across
    for seat in (state.active, across[state.active]):
        missing = HAND_SIZE - len(state.sides[seat].hand)
        if missing > 0:
            effects.draw(state, seat, missing, log)
    state.ended = _exhausted_end(state)
    if state.ended is not None:
        return
    if not state.extra_turn:
        state.active = across[state.active]
    state.extra_turn = False
    state.turn += 1
    # No loop guard: the rulebook lets players end a game that loops, but none can. Every
    # turn sends a card from a hand to a pile, no effect takes one back, and the purple
    # cards come in from the box once each, so the cards in hands, decks and the box
    # strictly fall from turn to turn (tests/fumie/test_fumie_rules.py checks it).
    log.append(Event("turn", {"seat": state.active, "number": state.turn}))


def _card_end(state: State, used: InUse | None) -> Ending | None:
    """END conditions of the card just used face up, then of face-up cards in the piles
    (only cards with an END condition in this episode are looked at)."""
    ends = state.episode_box.ends
    just_used = None
    if used is not None and used.face_up and used.card in ends:
        just_used = used.card
        found = _end_of(state, just_used, used.user)   # it lies on its user's pile now
        if found is not None:
            return found
    for seat in state.content.seats:
        for card_id, up in state.sides[seat].discard:
            if up and card_id in ends and card_id != just_used:
                found = _end_of(state, card_id, seat)
                if found is not None:
                    return found
    return None


def _end_of(state: State, card_id: str, owner: str) -> Ending | None:
    for ending, holds in state.episode_box.ends[card_id]:
        if holds is None or holds(state, owner):
            return Ending(ending, "card", {"card": card_id, "seat": owner})
    return None


def face_down_limit(state: State, seat: str) -> int:
    """Four, unless a face-up ★ card in the pile says otherwise."""
    limits = state.episode_box.limits
    if limits:
        for card, up in state.sides[seat].discard:
            if up and card in limits:
                return limits[card]
    return FACE_DOWN_LIMIT


def _sheet_end(state: State, seat: str, when: str) -> Ending | None:
    for ending, holds in state.episode_box.sheet_ends[seat, when]:
        if holds is None or holds(state, seat):
            return Ending(ending, when, {"seat": seat})
    raise AssertionError(f"{seat}'s sheet has no {when} page that applies")


def _face_down_end(state: State) -> Ending | None:
    fewest = state.episode_box.fewest_down
    for seat in state.content.seats:
        pile = state.sides[seat].discard
        if len(pile) < fewest:   # too few cards to end the day, however they lie
            continue
        down = [up for _, up in pile].count(False)
        if down >= fewest and down >= face_down_limit(state, seat):
            return _sheet_end(state, seat, "face_down")
    return None


def _exhausted_end(state: State) -> Ending | None:
    for seat in state.content.seats:
        if not state.sides[seat].hand:  # refilling found the draw deck empty too
            return _sheet_end(state, seat, "exhausted")
    return None


def _stop(state: State, seat: str, cause: str, log: list[Event]) -> None:
    state.pending = None
    state.frames.clear()
    state.ended = Ending(STOPPED, cause, {"seat": seat})
