"""A turn's legal actions as a rules loop reads them (`game.Turn`: the attacks counted, each
made when taken) are those the views are shown (every one made at once), in the same
order, each the very same value; taken by index or walked, found by identity, by equal
values made afresh, and not found for actions a word away from one offered. A state
copied or saved with its turn read goes on as the one it came from."""
from __future__ import annotations

import pickle
import random

import pytest

from engine.fatima import game as g
from engine.fatima.actions import STOP, Action, parse
from narrator.library import load

STORY = load("fatima")


def apart(state):
    """A copy of `state` that shares nothing with it (`State.copy` shares the pending
    decision, which a turn is read into)."""
    return pickle.loads(pickle.dumps(state))


def turns(players: int, seed: int):
    """(state, seat) at every turn of a seeded game, each a copy nothing has read yet."""
    options = {"episode": STORY.episodes[0]["id"], "players": players}
    state = g.new_game(STORY.content, STORY.seats_for(options), seed, options)
    rng = random.Random(seed)
    while g.ending(state) is None:
        seat = g.to_act(state)[0]
        if state.pending.kind == "turn":
            yield apart(state), seat
        legal = [a for a in g.choices(state, seat).actions if a is not STOP]
        g.apply(state, seat, rng.choice(legal))


def near_misses(action: Action, state, seat: str) -> list[Action]:
    """Actions a word away from `action`: another combatant, Fatima or nation."""
    if action.verb != "attack":
        return []
    nation, fatima, _, fighter = action.args
    return [Action("attack", (nation, fatima, "with", "99")),
            Action("attack", (nation, fatima, "by", fighter)),
            Action("attack", (nation, "nobody", "with", fighter)),
            Action("attack", (seat, fatima, "with", fighter)),
            Action("attack", (nation, fatima, "with")),
            *(Action("attack", (nation, f, "with", fighter)) for f in state.nations[seat].fatima)]


@pytest.mark.parametrize("players,seed", [(2, 1), (5, 2), (8, 3)])
def test_a_turn_read_for_a_rules_loop_is_the_turn_the_views_show(players, seed):
    for state, seat in turns(players, seed):
        shown = g.choices(apart(state), seat).actions
        legal = g.legal_actions(state, seat)
        assert isinstance(legal, g.Turn) and len(legal) == len(shown) and legal[-1] is STOP
        assert all(map(lambda a, b: a is b, legal, shown))
        assert all(legal[i] is a for i, a in enumerate(shown))
        assert all(legal[-i] is shown[-i] for i in range(1, len(shown) + 1))
        assert legal[1:5] == list(shown[1:5]) and legal[::-1] == list(shown[::-1])
        for i in (len(shown), -len(shown) - 1):
            with pytest.raises(IndexError):
                legal[i]
        for a in shown:
            assert a in legal and Action(a.verb, a.args) in legal and parse(str(a)) is a
            for miss in near_misses(a, state, seat):
                assert miss not in shown and miss not in legal
        # the views read the turn as the rules loop did, once it was read
        assert g.choices(state, seat).actions == tuple(shown)


def test_an_attack_made_afresh_is_taken_and_one_not_offered_is_refused_as_before():
    for state, seat in turns(5, 4):
        legal = g.legal_actions(state, seat)
        attacks = [a for a in legal if a.verb == "attack"]
        if not attacks:
            continue
        fresh = Action("attack", attacks[-1].args)
        twin = apart(state)
        g.apply(state, seat, fresh)
        assert state.combat is not None and state.combat.fatima == fresh.args[1]
        miss = near_misses(fresh, twin, seat)[0]
        g.legal_actions(twin, seat)
        with pytest.raises(Exception) as refused:
            g.apply(twin, seat, miss)
        assert refused.value.code == "illegal_action"
        assert set(refused.value.legal) == {str(a) for a in g.choices(apart(twin), seat).actions}
        return
    raise AssertionError("no turn offered an attack")


@pytest.mark.parametrize("read", ["rules", "views", "none"])
def test_a_state_saved_or_copied_with_its_turn_read_plays_on_the_same(read):
    rng = random.Random(5)
    for n, (state, seat) in enumerate(turns(4, 5)):
        if n % 7:
            continue
        if read == "rules":
            g.legal_actions(state, seat)
        elif read == "views":
            g.choices(state, seat)
        for again in (apart(state), state.copy()):
            texts = [str(a) for a in g.legal_actions(again, seat)]
            assert texts == [str(a) for a in g.choices(apart(state), seat).actions]
            action = parse(rng.choice(texts[:-1]))
            assert g.apply(again, seat, action) == g.apply(apart(state), seat, action)
