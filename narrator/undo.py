"""Taking back a move in solo play: the game replayed with one of the player's moves fewer.

A save is its action list, so taking a move back is replaying the list without it (and
without the bots' answers to it). That is only fair while the move showed the player
nothing they could not have known before it: no secret told to them, no die rolled or
card shuffled, nothing hidden come to light in what they see. Otherwise the player would
carry what they saw back into the past, and the move stays.
"""
from __future__ import annotations

import dataclasses

from engine.events import Event


def last_move(actions: list[tuple[str, str]], seat: str) -> int | None:
    """The index of `seat`'s last action in the list, or None if it has made none."""
    for i in range(len(actions) - 1, -1, -1):
        if actions[i][0] == seat:
            return i
    return None


def replay(session, actions: list[tuple[str, str]]):
    """The game's state after `actions`, played from the save's deal."""
    from narrator.session import deal

    story = session.story
    state = deal(story, session.save)
    for seat, text in actions:
        story.family.apply(state, seat, story.family.parse(text))
    return state


def _words(value, into: set[str]) -> set[str]:
    """Every piece of text in a view (card ids, names, positions), to see what is new."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            _words(getattr(value, f.name), into)
    elif isinstance(value, dict):
        for k, v in value.items():
            _words(k, into)
            _words(v, into)
    elif isinstance(value, (list, tuple, set, frozenset)):
        for v in value:
            _words(v, into)
    elif isinstance(value, str):
        into.add(value)
    return into


def why_not(session, seat: str, before, start: int, own_choices=frozenset()) -> str | None:
    """Why the moves from log position `start` on cannot be taken back from `seat`, or None.
    `own_choices`: the kinds of private event that only record the seat's own hidden
    choice (a panel laid face down), which tell it nothing it did not know."""
    told: list[Event] = [e for e in session.log[start:] if e.visible_to(seat)]
    if any(e.seats is not None and e.kind not in own_choices for e in told):
        return "since that move you have been shown something only you could see"
    if before.rng.getstate() != session.state.rng.getstate():
        return "since that move chance has had its say (a roll of the dice or a shuffle of the cards)"
    # A card that enters the player's view (drawn, turned up, passed across) came from
    # where they could not see it.
    cards = set(session.story.content.cards)
    seen_before = _words(session.story.view(before, seat), set()) & cards
    if (_words(session.view(seat), set()) & cards) - seen_before:
        return "that move brought a card to light that you had not seen before it"
    return None
