"""One contract over every story, every episode and the table sizes each family allows
(sampled): seeded random games played through the family's protocol alone.

Each game checks, after every action, that
- every action offered has a text form that reads back as the same action;
- every card and piece is in exactly one place, the same cards from start to end
  (`state.places()`);
and, every SAMPLE_EVERY actions, that
- legality lives in one place: an action by a seat not to move, or one not offered,
  is refused with the domain error and changes nothing; what is offered is accepted;
- every seat's view is plain data, offers the rules' legal actions in their order, and
  does not change when only another seat's secrets change (`twin`: the same game with
  what that seat was never told dealt otherwise);
and at the end, that the game ended within MAX_ACTIONS, that nothing can be played after
the end, and that replaying the action list from its text reproduces the event log byte
for byte. (Which pages a game can reach is checked when its ending book loads, and
each family's rules tests reach its pages by position.)
"""
from __future__ import annotations

import dataclasses
import json
import random
import zlib
from collections import Counter

import pytest

from engine.errors import GameError, GameOver, IllegalAction, NotYourTurn
from narrator.library import load, story_ids

from tests.contract_twins import twin

SAMPLE_EVERY = 7           # views, twins and refusals every this many actions
MAX_ACTIONS = 4000
STOP_CHANCE = 1 / 400      # now and then a seat stops the game (the `stop` action)
# Games per table, by family: the whole test takes about a CPU-minute.
GAMES = {"fumie": 40, "applerulette": 8, "fatima": 6, "funnytime": 30}


def tables(story) -> list[tuple[str | None, dict]]:
    """(episode, options) for every episode and each table the family declares: every
    number of players it seats and, where it takes a mix, each mix the rules offer at
    that size (a size without a second mix refuses it)."""
    out: list[dict] = []
    seen: set = set()
    table = story.family.table
    mixes = (None, 2) if "mix" in table.options else (None,)
    candidates = [{}] + [{"players": n, **({"mix": m} if m else {})} for n in table.players for m in mixes
                         if "players" in table.options]
    for options in candidates:
        try:
            seats = story.seats_for(options)
            state = story.family.new_game(story.content, seats, 0, options)
        except GameError:
            continue
        key = (seats, json.dumps(state.log[0].data, sort_keys=True, default=str))
        if key not in seen:
            seen.add(key)
            out.append(options)
    episodes = [e["id"] for e in story.episodes] or [None]
    return [(episode, options) for episode in episodes for options in out]


def log_bytes(log) -> bytes:
    return json.dumps([[e.kind, e.data, None if e.seats is None else sorted(e.seats)] for e in log],
                      ensure_ascii=False, default=sorted).encode()


def fingerprint(state) -> tuple:
    """Everything a state holds that a refused action must not change (caches aside)."""
    out = []
    for f in dataclasses.fields(state):
        if f.name in ("told", "legal_cache", "clock"):
            continue
        value = getattr(state, f.name)
        out.append(value.getstate() if f.name == "rng" else repr(value))
    return tuple(out)


def contents(state) -> Counter:
    places = state.places()
    return Counter(card for cards in places.values() for card in cards)


def check_round_trip(family, actions) -> None:
    for action in actions:
        again = family.parse(str(action))
        assert again == action and str(again) == str(action), (action, again)


def check_refusals(family, state, seats, seat: str, remembered: list) -> None:
    before = fingerprint(state)
    others = [s for s in seats if s not in family.to_act(state)]
    legal = family.legal_actions(state, seat)
    if others:
        with pytest.raises(NotYourTurn):
            family.apply(state, others[0], legal[0])
    stale = next((a for a in remembered if a not in legal), None)
    if stale is not None:
        with pytest.raises(IllegalAction) as err:
            family.apply(state, seat, stale)
        assert set(err.value.legal) == set(map(str, legal))
    assert fingerprint(state) == before, "a refused action changed the game"
    # ... and what is offered is accepted (on copies: the game goes on as it was)
    for action in random.Random(len(state.log)).sample(legal, min(6, len(legal))):
        family.apply(state.copy(), seat, action)
    assert fingerprint(state) == before, "playing a copy changed the game"


def check_views(story, state, seats, rng) -> None:
    for seat in seats:
        view = story.view(state, seat)
        # The view's actions are the rules' own, in their order (explore takes the one a
        # bot chose from the rules' list by its place in the view's).
        assert tuple(view.legal) == tuple(map(str, story.family.legal_actions(state, seat)))
        # The choices a family keeps are its legal actions, in their order, and their texts.
        if story.family.choices is not None:
            kept = story.family.choices(state, seat)
            assert list(kept.actions) == list(story.family.legal_actions(state, seat))
            assert kept.texts == tuple(view.legal)
        plain = json.dumps(view.to_dict(), default=sorted, ensure_ascii=False)
        other = twin(story, state, seat, rng)
        if other is not None:
            assert json.dumps(story.view(other, seat).to_dict(), default=sorted, ensure_ascii=False) == plain, \
                f"{seat}'s view changed when only another seat's secrets did"


def play(story, episode, options, seed: int, watch=None):
    """One seeded random game, checked as the module says; returns (state, actions).
    `watch(state, seat, action, events)`, if given, is called after every action: a
    family's own tests check there what only that family knows."""
    family = story.family
    opts = dict(options, **({"episode": episode} if episode else {}))
    seats = story.seats_for(opts)
    state = family.new_game(story.content, seats, seed, opts)
    rng = random.Random(seed)
    box = contents(state)
    played: list[tuple[str, str]] = []
    remembered: list = []
    while family.ending(state) is None:
        assert len(played) < MAX_ACTIONS, f"{story.id} {options} seed {seed}: no ending"
        (seat,) = family.to_act(state)
        legal = family.legal_actions(state, seat)
        assert legal, f"{seat} is to act and has nothing to do"
        check_round_trip(family, legal)
        if len(played) % SAMPLE_EVERY == 0:
            check_refusals(family, state, seats, seat, remembered)
            check_views(story, state, seats, rng)
        remembered = legal[:6] + remembered[:6]
        choices = [a for a in legal if a.verb != "stop"]
        action = rng.choice(legal if not choices or rng.random() < STOP_CHANCE else choices)
        events = family.apply(state, seat, family.parse(str(action)))
        assert state.log[len(state.log) - len(events):] == events
        played.append((seat, str(action)))
        if watch is not None:
            watch(state, seat, action, events)
        assert contents(state) == box, f"cards moved out of their places after {action}"
    assert family.to_act(state) == () and all(family.legal_actions(state, s) == [] for s in seats)
    with pytest.raises(GameOver):
        family.apply(state, seats[0], family.parse("stop"))
    check_views(story, state, seats, rng)
    assert state.log[-1].kind == "ending" and state.log[-1].data["ending"] == state.ended.id
    again = family.new_game(story.content, seats, seed, opts)
    for seat, text in played:
        family.apply(again, seat, family.parse(text))
    assert log_bytes(again.log) == log_bytes(state.log), f"{story.id} seed {seed} replays differently"
    return state, played


def _cases():
    for story_id in story_ids():
        story = load(story_id)
        for episode, options in tables(story):
            yield pytest.param(story_id, episode, options, id=f"{story_id}-{episode}-{_words(options)}")


def _words(options: dict) -> str:
    return "-".join(f"{k}{v}" for k, v in sorted(options.items())) or "default"


@pytest.mark.parametrize("story_id,episode,options", list(_cases()))
def test_random_games_keep_the_contract(story_id, episode, options):
    story = load(story_id)
    games = GAMES.get(story.info["family"], 10)
    endings = Counter()
    for n in range(games):
        seed = zlib.crc32(f"{story_id}:{episode}:{_words(options)}:{n}".encode())
        state, _ = play(story, episode, options, seed)
        endings[state.ended.id] += 1
    assert sum(endings.values()) == games
