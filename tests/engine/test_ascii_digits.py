"""Only ASCII digits are numbers: "²", "①" or "٣" pass `str.isdigit` but `int` refuses
or misreads them, so every family's parser must refuse them as a player's mistake."""
from __future__ import annotations

import pytest

from engine.errors import GameError
from narrator.library import load

ODD = ["²", "①", "٣", "𝟚", "¹"]
FORMS = {
    "fumie": ["order {d} 1 2", "flip takeo {d}", "order 1 {d}"],
    "fatima": ["action {d}", "discard {d}", "fight with {d}", "attack p2 noor with {d}", "give {d}"],
    "applerulette": ["progress use {d} p2", "progress discard {d}"],
    "funnytime": ["lay ki {d} upright", "make {d}"],
}


@pytest.mark.parametrize("story_id", sorted(FORMS))
def test_unicode_digits_are_a_players_mistake_in_every_parser(story_id):
    family = load(story_id).family
    for form in FORMS[story_id]:
        for d in ODD:
            try:
                family.parse(form.format(d=d))
            except GameError:
                continue
            except Exception as err:      # noqa: BLE001 - the point: nothing else may escape
                pytest.fail(f"{form.format(d=d)!r} raised {type(err).__name__}: {err}")
