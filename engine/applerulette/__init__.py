"""Snow White Apple Roulette's game family: 4 to 8 players (and an NPC at 4), hidden
characters, apple tiles some of which are poisoned, and a feast at the end.

The family's protocol functions live in `engine.applerulette.game`; the story's content
(story cards, characters, the rulebook's tables, the ending book) is validated by
`engine.applerulette.content`.
"""
from __future__ import annotations

from engine.applerulette import actions, game, load, view
from engine.applerulette.content import EPISODE, NPC, PLAYERS, Content
from engine.applerulette.state import State
from engine.action import Action
from engine.contract import Family, Table

FAMILY: Family[Content, State, view.View, Action] = Family(
    name="applerulette",
    load=load.load,
    new_game=game.new_game,
    to_act=game.to_act,
    legal_actions=game.legal_actions,
    choices=game.choices,
    parse=actions.parse,
    apply=game.apply,
    view=view.view,
    ending=game.ending,
    table=Table(game.seats, players=range(min(PLAYERS), max(PLAYERS) + 1),
                options=frozenset({"players", "mix"}), idle=frozenset({NPC})),
    episodes=(EPISODE,),
    impossible=game.impossible_facts,
)
