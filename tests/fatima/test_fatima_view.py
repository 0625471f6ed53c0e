"""A seat's view is made from kept parts (nations, courts, faces): each view of seeded
games equals one made with nothing kept, and a nation's view hashes and compares by its
fields, whoever made it."""
from __future__ import annotations

from engine.fatima import view as views
from fatima_positions import STORY
from narrator import explore as ex


def _forget():
    for kept in (views._nation, views._court, views._fatima, views._faces):
        kept.cache_clear()


def test_every_view_equals_one_made_with_nothing_kept():
    g = STORY.family
    made = []
    view = g.view

    def seen(state, seat):
        got = view(state, seat)
        made.append(got)
        clock = state.clock.copy()
        _forget()
        fresh = view(state, seat)
        state.clock.clear()
        state.clock.update(clock)
        assert fresh == got
        assert [hash(n) for n in fresh.nations] == [hash(n) for n in got.nations]
        assert fresh.to_dict() == got.to_dict()
        return got

    object.__setattr__(g, "view", seen)     # explore asks the family for its views
    try:
        for players in (2, 5, 8):
            shard = ex.Shard("fatima", "chronicle", (("players", players),), "mixed", 31 * players, 4)
            for _ in ex.play_games(STORY, shard):
                pass
    finally:
        object.__setattr__(g, "view", view)
    assert len(made) > 100
    assert any(v.combat is not None for v in made)


def test_a_views_parts_read_late_are_those_of_when_it_was_made():
    """The discard pile is made when first read: read after the game moved on (views
    kept, copied, pickled, turned into plain data), it is the pile as it lay, and the
    seat's clock the count the seat had then."""
    import copy
    import pickle
    import random
    from dataclasses import asdict

    from engine.events import told
    from engine.fatima import game
    from fatima_positions import new

    kept = []
    for seed in range(3):
        state, rng = new(5, seed=seed), random.Random(seed)
        while game.ending(state) is None:
            for seat in state.seats:
                now = views.view(state, seat)
                kept.append((views.view(state, seat), (told(list(state.log), seat), now.discard)))
            seat = game.to_act(state)[0]
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert len({m for _, m in kept}) > 20 and len({d for _, (_, d) in kept}) > 5
    for i, (v, then) in enumerate(kept[::-1]):     # the latest first: the clock runs back
        if i % 3 == 0:
            v = pickle.loads(pickle.dumps(v))
        elif i % 3 == 1:
            plain = copy.copy(v).to_dict()
            assert (plain["moment"], plain["discard"]) == (then[0], tuple(asdict(f) for f in then[1]))
        assert (v.moment, v.discard) == then


def test_a_view_made_by_hand_keeps_the_parts_it_was_given():
    from dataclasses import replace

    from fatima_positions import new

    state = new(5, seed=3)
    made = views.view(state, state.pending.seat)
    faces = [views._faces(state.content)[c] for c in list(state.content.cards)[:3]]
    for pile in ([], faces, tuple(faces)):
        given = replace(made, discard=pile, moment=7)
        assert (given.discard, given.moment) == (pile, 7)
        assert given.to_dict()["moment"] == 7


def test_a_view_holds_nothing_its_seat_may_not_know():
    """Secrets stay out of a view by construction: nothing reachable from it is the
    state, an event (the log holds every seat's private ones) or another seat's hand;
    a part made when first read is left as what only the seat may see (a count made
    late from the state's log once held the whole log until read)."""
    import gc
    import random
    from types import FunctionType, ModuleType

    from engine.events import Event
    from engine.fatima import game
    from engine.fatima.content import Content
    from engine.fatima.state import State
    from fatima_positions import new

    def reachable(root):
        seen, todo = set(), [root]
        while todo:
            obj = todo.pop()
            if id(obj) in seen or isinstance(obj, (type, ModuleType, FunctionType, Content)):
                continue    # classes, code and the box's printed cards are the same for all
            seen.add(id(obj))
            yield obj
            todo.extend(gc.get_referents(obj))

    state, rng = new(5, seed=4), random.Random(4)
    looked = 0
    while game.ending(state) is None and looked < 60:
        for seat in state.seats:
            hidden = {id(state.nations[s].hand) for s in state.seats if s != seat}
            for obj in reachable(views.view(state, seat)):
                assert not isinstance(obj, (State, Event)) and id(obj) not in hidden, (seat, obj)
            looked += 1
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
    assert looked > 20
