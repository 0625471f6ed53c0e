"""For Fumie's game family: two seats, each using the front card of the other's hand.

The family's protocol functions live in `engine.fumie.game`; the story's content (cards,
sheets, ending books) is validated by `engine.fumie.content`; what lasts from game to
game (card knowledge, the expansion-1 culprit) is `engine.fumie.carry`.
"""
from __future__ import annotations

from typing import Any

from engine.action import Action
from engine.contract import Family, Table
from engine.fumie import actions, carry, game, load, view
from engine.fumie.content import Content
from engine.fumie.state import State


def _seats(content: Content, options: dict[str, Any]) -> tuple[str, ...]:
    """The two seats story.toml names, the first to move first."""
    return tuple(content.seats)


FAMILY: Family[Content, State, view.View, Action] = Family(
    name="fumie",
    load=load.load,
    new_game=game.new_game,
    to_act=game.to_act,
    legal_actions=game.legal_actions,
    choices=game.choices,
    parse=actions.parse,
    apply=game.apply,
    view=view.view,
    ending=game.ending,
    table=Table(_seats, players=range(2, 3)),
    carried=carry.CARRIED,
)
