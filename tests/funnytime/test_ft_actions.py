"""Actions of FunnyTime: every legal action's text reads back as the same action, and a
mistyped one says what was wrong and how to write it."""
from __future__ import annotations

import random

import pytest

from engine.errors import BadSyntax, GameOver, IllegalAction, NotYourTurn
from engine.funnytime import game as g
from engine.funnytime.actions import GRAMMAR, Action, parse
from ft_positions import CONTENT, SEATS


def test_every_legal_action_round_trips_through_its_text():
    verbs = set()
    for seed in range(25):
        st = g.new_game(CONTENT, SEATS, seed, {})
        rng = random.Random(seed)
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            legal = g.legal_actions(st, seat)
            for a in legal:
                assert parse(str(a)) == a and str(parse(str(a))) == str(a)
                verbs.add(a.verb)
            options = [a for a in legal if str(a) != "stop"]
            g.apply(st, seat, rng.choice(options))
    assert verbs == set(GRAMMAR)


@pytest.mark.parametrize("text,action", [
    ("LAY Ki Alarm Upright", Action("lay", ("ki", "alarm", "upright"))),
    ("lay ten robot inverted stock", Action("lay", ("ten", "robot", "inverted", "stock"))),
    ("  open ketsu   down ", Action("open", ("ketsu", "down"))),
    ("surrender", Action("stop")),
    ("concede", Action("stop")),
])
def test_actions_are_read_in_any_case_and_spacing(text, action):
    assert parse(text) == action


@pytest.mark.parametrize("text,message", [
    ("", "Say an action, for example: done"),
    ("dance", "'dance' is not an action or a command; actions look like: lay POSITION CARD upright|inverted"),
    ("lay ki alarm", "'lay ki alarm': write it as `lay POSITION CARD upright|inverted [stock]`."),
    ("lay top alarm upright", "the position is one of ki, sho, ten, ketsu (起 承 転 結)."),
    ("lay ki alarm sideways", "lay a card `upright` or `inverted`."),
    ("lay ki alarm upright pool", "the last word, if any, is `stock`"),
    ("open ki backwards", "open a panel up, down, left or right."),
    ("pay now", "'pay now': write it as `pay`."),
])
def test_a_mistyped_action_says_how_to_write_it(text, message):
    with pytest.raises(BadSyntax) as err:
        parse(text)
    assert message in err.value.message


def test_a_text_longer_than_any_action_is_read_but_never_kept():
    # what a peer sends cannot fill the caches of texts and actions
    from engine.funnytime.actions import KEPT_TEXT, _parse, interned

    texts, actions = _parse.cache_info().currsize, interned.cache_info().currsize
    long = "make " + "x" * KEPT_TEXT
    assert parse(long) == Action("make", ("x" * KEPT_TEXT,))
    assert (_parse.cache_info().currsize, interned.cache_info().currsize) == (texts, actions)
    assert parse("make coffee") is parse("make coffee") is interned("make", "coffee")


def test_an_action_made_afresh_equal_to_one_offered_is_legal():
    """The rules look for the very value they offered first; one equal to it, made anew
    rather than parsed, is taken all the same, with the same events; one not offered is
    refused by the engine's check."""
    for seed in range(5):
        st, twin = g.new_game(CONTENT, SEATS, seed, {}), g.new_game(CONTENT, SEATS, seed, {})
        rng = random.Random(seed)
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            offered = rng.choice([a for a in g.legal_actions(st, seat) if a.verb != "stop"])
            made = Action(offered.verb, tuple(offered.args))
            assert made is not offered
            assert [(e.kind, e.data) for e in g.apply(st, seat, made)] == \
                [(e.kind, e.data) for e in g.apply(twin, seat, offered)]
        with pytest.raises(GameOver):
            g.apply(st, SEATS[0], Action("done"))
    st = g.new_game(CONTENT, SEATS, 0, {})
    seat = g.to_act(st)[0]
    with pytest.raises(IllegalAction):
        g.apply(st, seat, Action("make", ("no_such_card",)))
    with pytest.raises(NotYourTurn):
        g.apply(st, next(s for s in SEATS if s != seat), g.legal_actions(st, seat)[0])
