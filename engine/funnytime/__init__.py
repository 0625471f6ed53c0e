"""FunnyTime's game family: two rival artists duel with four-panel comics.

The family's protocol functions live in `engine.funnytime.game`; the story's content
(card pool, planisphere, starter decks, ending book) is validated by
`engine.funnytime.content`, and deck construction by `engine.funnytime.deck`.
"""
from __future__ import annotations

from collections.abc import Collection
from typing import Any

from engine.action import Action
from engine.contract import Decks, Family, Table
from engine.funnytime import actions, deck, game, load, view
from engine.funnytime.content import EPISODE, Content
from engine.funnytime.state import State


def _seats(content: Content, options: dict[str, Any]) -> tuple[str, ...]:
    return content.seats


def _starters(content: Content) -> Collection[str]:
    return tuple(content.decks)


def _surrenders(content: Content, episode: str) -> Collection[str]:
    """`stop` is a surrender here: the rival's win. (The book's "stopped" page is a duel
    with no winner, which play itself reaches.)"""
    return tuple(content.ending_id("surrender", seat) for seat in content.seats)


FAMILY: Family[Content, State, view.View, Action] = Family(
    name="funnytime",
    load=load.load,
    new_game=game.new_game,
    to_act=game.to_act,
    legal_actions=game.legal_actions,
    choices=game.choices,
    parse=actions.parse,
    apply=game.apply,
    view=view.view,
    ending=game.ending,
    # Saves of format 2 and older were played to a deadline after the 20th 本.
    table=Table(_seats, players=range(2, 3), options=frozenset({"decks"}),
                former_rules={3: {"deadline": 20}}),
    episodes=(EPISODE,),
    decks=Decks(_starters, option=deck.option_from_file, check=deck.check_file),
    stopping=_surrenders,
)
