"""Actions of FunnyTime: every legal action's text reads back as the same action, and a
mistyped one says what was wrong and how to write it."""
from __future__ import annotations

import random

import pytest

from engine.errors import BadSyntax
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
