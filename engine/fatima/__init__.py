"""The Fatima Unveiling Game's family: 2 to 8 rival nations, hidden kings, dice combat.

The protocol functions live in `engine.fatima.game`; the story's content (kings,
persons, Fatima, events, actions, the ending book) is validated by
`engine.fatima.content`; card effects are data, carried out by `engine.fatima.effects`;
combat by `engine.fatima.combat`; Fatima points by `engine.fatima.points`.
"""
from __future__ import annotations

from engine.contract import Family, Table
from engine.fatima import actions, game, load, view
from engine.fatima.content import PLAYERS, Content
from engine.fatima.state import State

FAMILY: Family[Content, State, view.View, actions.Action] = Family(
    name="fatima",
    load=load.load,
    new_game=game.new_game,
    to_act=game.to_act,
    legal_actions=game.legal_actions,
    choices=game.choices,
    parse=actions.parse,
    apply=game.apply,
    view=view.view,
    ending=game.ending,
    # Saves of format 1 were played with every hand kept in the card file's order.
    table=Table(game.seats, players=PLAYERS, options=frozenset({"players"}),
                former_rules={2: {"hand": "sorted"}}),
)
