"""A random player at explore is handed the moment's choices unwritten (`bots.Glance`) and
groups them by verb the family's way (`Choices.by_verb`), which need not write every text
(a turn of many attacks makes only the one taken). It must pick exactly what `choose`
picks from a view's texts, and explore must apply the very action offered for the text
picked, for every family."""
from __future__ import annotations

from types import SimpleNamespace

import pytest

from engine.legality import Choices
from narrator import bots
from narrator.explore import bot_for
from narrator.library import load, story_ids

DRAWS = 24       # moments drawn at each position: each draws its own verb and action


def tables() -> list[tuple[str, str, dict]]:
    """Every story and episode at its default table, and the smallest and largest tables
    of a story whose table varies."""
    out = []
    for sid in story_ids():
        story = load(sid)
        for episode in story.episodes:
            out.append((sid, episode["id"], {}))
        table = story.family.table
        if "players" in table.options:
            first = story.episodes[0]["id"]
            out += [(sid, first, {"players": n}) for n in (min(table.players), max(table.players))]
    return out


def moments(story_id: str, episode: str, table: dict, games: int):
    """Each moment of seeded games of mixed players: (state, seats, seat, a fresh read of
    the moment's choices)."""
    story = load(story_id)
    g = story.family
    offered = g.choices or (lambda state, seat: Choices(g.legal_actions(state, seat)))
    for seed in range(games):
        options = {**table, "episode": episode}
        seats = story.seats_for(options)
        state = g.new_game(story.content, seats, seed, options)
        players = {s: bots.make(bot_for("mixed", seed, s), story, s, seed) for s in seats}

        def fresh(seat):
            state.forget()          # a read of the moment's choices that nothing has written
            return offered(state, seat)

        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            yield state, seats, seat, fresh
            state.forget()
            g.apply(state, seat, g.parse(players[seat].choose(g.view(state, seat))))


@pytest.mark.parametrize("story_id,episode,table", tables(), ids=lambda v: str(v))
def test_a_random_pick_from_grouped_choices_is_the_pick_from_the_texts(story_id, episode, table):
    picked = 0
    for state, seats, seat, fresh in moments(story_id, episode, table, games=6):
        written = fresh(seat)
        texts = written.texts
        # a verb is a text's first word, as a view's texts are grouped
        assert all(str(a).partition(" ")[0] == a.verb for a in written.actions), texts
        grouped = fresh(seat)
        bot = bots.RandomBot(state.moves * 7919 + len(state.log))
        chosen = []
        for moment in range(len(state.log), len(state.log) + DRAWS):
            text = bot.choose(bots.Glance.of(seat, seats, grouped, moment))
            assert text == bot.choose(SimpleNamespace(legal=texts, moment=moment)), (texts, moment)
            chosen.append(text)
        # the action taken for a text is the very value these choices offer for it
        for text in chosen:
            if text in texts:
                taken = grouped.taken(text)
                assert taken is not None and taken == written.actions[texts.index(text)]
                assert taken is grouped.actions[grouped.texts.index(text)]
            picked += 1
    assert picked > 100


def test_a_text_not_offered_is_taken_as_none():
    story = load("fatima")
    for state, _, seat, fresh in moments("fatima", story.episodes[0]["id"], {}, games=1):
        legal = fresh(seat)
        assert legal.taken("attack nowhere noone with 99") is None
        assert legal.taken("unveil noone") is None


@pytest.mark.parametrize("story_id,episode,table", tables(), ids=lambda v: str(v))
def test_a_random_player_reaches_nothing_of_the_state(story_id, episode, table, monkeypatch):
    """What a random player is handed at explore holds the seat's choices and clock and
    nothing else: no state (every hand, every private event), no event. A turn's choices
    read the state late; grouped before the player holds them, they have let go of it."""
    import gc
    from types import FunctionType, ModuleType

    from engine.events import Event
    from narrator import explore

    story = load(story_id)
    state_type = type(story.family.new_game(story.content, story.seats_for({**table, "episode": episode}),
                                            0, {**table, "episode": episode}))
    choose, looked = bots.RandomBot.choose, []

    def walked(bot, glance):
        seen, todo = set(), [glance]
        while todo:
            obj = todo.pop()
            if id(obj) in seen or isinstance(obj, (type, ModuleType, FunctionType)):
                continue
            seen.add(id(obj))
            assert not isinstance(obj, (state_type, Event)), (glance.seat, obj)
            todo.extend(gc.get_referents(obj))
        looked.append(glance)
        return choose(bot, glance)

    monkeypatch.setattr(bots.RandomBot, "choose", walked)
    shard = explore.Shard(story_id, episode, tuple(table.items()), "random", 5, 4)
    for _ in explore.play_games(story, shard):
        pass
    assert len(looked) > 20
