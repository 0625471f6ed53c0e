"""engine.legality: the one place an action is found legal, with the error each mistake
deserves; and engine.turns: whose move it is, and the choices of a pending decision."""
from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from engine import legality, turns
from engine.action import Action
from engine.contract import Ending
from engine.decision import Pending
from engine.errors import GameOver, IllegalAction, NotYourTurn

UP, DOWN, STOP = Action("up"), Action("down", ("ask",)), Action("stop")


@dataclass
class Table:
    active: str | None = "north"
    pending: Pending | None = None
    ended: Ending | None = None
    log: list = field(default_factory=list)


def legal(state, seat):
    choices = turns.pending_choices(state, seat, STOP)
    return choices if choices is not None else [UP, STOP]


def check(state, seat, action):
    legality.check(state, seat, action, over=state.ended is not None, to_act=turns.to_act, legal_actions=legal)


def test_the_active_seat_acts_until_a_decision_is_pending():
    t = Table()
    assert turns.to_act(t) == ("north",)
    t.pending = Pending("south", "may", (Action("yes"), Action("no")))
    assert turns.to_act(t) == ("south",)
    assert turns.pending_choices(t, "south", STOP) == [Action("yes"), Action("no"), STOP]
    assert turns.pending_choices(t, "north", STOP) == []


def test_without_a_decision_the_family_says_what_is_legal():
    t = Table()
    assert turns.pending_choices(t, "north", STOP) is None
    assert turns.decision_choices(t, "north", STOP) == []    # a family where every move is a decision


def test_nobody_acts_when_the_game_is_over_or_no_seat_is_active():
    assert turns.to_act(Table(ended=Ending("stopped", "stopped", {}))) == ()
    assert turns.to_act(Table(active=None)) == ()


def test_a_legal_action_passes():
    check(Table(), "north", UP)


def test_an_action_out_of_turn_names_who_is_to_move():
    with pytest.raises(NotYourTurn, match="It is north's move, not south's"):
        check(Table(), "south", UP)
    with pytest.raises(NotYourTurn, match="It is nobody's move, not south's"):
        check(Table(active=None), "south", UP)


def test_an_illegal_action_quotes_itself_and_carries_the_legal_ones():
    with pytest.raises(IllegalAction, match="'down ask' is not possible now") as err:
        check(Table(), "north", DOWN)
    assert err.value.legal == ("up", "stop") and err.value.code == "illegal_action"


def test_after_the_end_every_action_is_game_over():
    with pytest.raises(GameOver):
        check(Table(ended=Ending("stopped", "stopped", {})), "north", UP)


def test_record_tells_the_ending_once_and_keeps_the_moves_events():
    t = Table()
    assert turns.record(t, []) == [] and t.log == []
    t.ended = Ending("kept", "card", {"seat": "north"})
    events = turns.record(t, [])
    assert [(e.kind, e.data) for e in events] == [("ending", {"ending": "kept", "cause": "card", "seat": "north"})]
    assert t.log == events and turns.ending(t) is t.ended


def test_a_pending_decision_is_plain_data():
    p = Pending("south", "may", (Action("yes"),), {"then": "may_exchange_apples", "next": 2})
    q = p.copy()
    assert q == p and q is not p and q.data is not p.data
    q.data["next"] = 3
    assert p.data["next"] == 2


def test_an_action_text_round_trips_and_compares_by_value():
    a = Action("attack", ("p2", "noor", "king"))
    assert str(a) == "attack p2 noor king" and a == Action("attack", ("p2", "noor", "king"))
    assert hash(a) == hash(Action("attack", ("p2", "noor", "king"))) and a != Action("attack", ("p2",))


def test_offers_make_the_choices_of_the_same_options_once():
    offers = legality.Offers(STOP, bound=2)
    yes_no = (Action("yes"), Action("no"))
    first = offers(yes_no)
    assert first.actions == (*yes_no, STOP) and offers(yes_no) is first
    assert offers(tuple(yes_no)) is first                 # the very tuple: the same choices
    equal = (Action("yes"), Action("no"))                 # an equal tuple of its own
    assert offers(equal) is not first and offers(equal).actions == first.actions
    for n in range(5):                                    # bounded: emptied when full
        offers((Action("pick", (str(n),)),))
    assert len(offers._kept) <= 2


def test_choices_keep_the_texts_a_family_gives_and_write_them_otherwise():
    texts = ("up", "down ask")
    given = legality.Choices((UP, DOWN), texts)
    assert given.texts is texts            # read, not written again
    written = legality.Choices((UP, DOWN, STOP))
    assert written.texts == ("up", "down ask", "stop")
    assert written.texts_of((UP, DOWN)) == ("up", "down ask")
