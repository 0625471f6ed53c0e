"""Explore's outcome for a small seeded run of every story, pinned.

Explore is made faster by caches (views, legal actions, the bots' evaluations); none of
them may change a single choice. These figures were taken before those caches existed:
a change to the rules, the bots or the content that is meant to change outcomes
regenerates them (`python3 -m tests.narrator.test_explore_pinned`) and says why.

Pinned: explore's own --json counts (games, actions, endings) and a digest of every
event of every game and of every view's legal actions and moment (and the legal actions a
partner answered at a glance, with no view), so even a choice that leaves the counts
alone is caught.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from narrator import explore as ex
from narrator import families
from narrator.library import load

GAMES, SEED = 30, 3

PINNED = {
    'applerulette/tale': (1791, {'snow_white_lives': 7, 'prince_revived': 0, 'queen_feast': 9, 'queen_weapon': 7, 'queens_apple': 4, 'rose_alone': 2, 'rose_spoils': 0, 'cursed_ring': 1, 'npc_snow_white': 0}, '109d3c4d36e87f5b'),
    'fatima/chronicle': (1777, {'shared_crown': 0, 'tie_broken': 0, 'late_snatch': 6, 'kings_fall': 10, 'landslide': 11, 'peaceful_unveiling': 0, 'steady_reign': 3}, '376f15e814b77396'),
    'fumie/basic': (497, {'true': 1, 'unspoken': 0, 'crossing': 4, 'dusk_words': 7, 'kanako': 3, 'masahiro': 2, 'silence': 7, 'hidden_heart': 4, 'nightfall': 2}, 'af3bf12a1aed46fe'),
    'fumie/murder': (515, {'true': 0, 'arrest': 1, 'attacked': 2, 'wrong_accusation': 9, 'unmasked': 2, 'nightfall': 4, 'silence': 7, 'hidden_heart': 5}, '82cef4039817f8a2'),
    'fumie/tadokoro': (657, {'true': 1, 'unchanged': 1, 'transferred': 2, 'scandal': 2, 'reprieve': 1, 'term_ends': 5, 'silence': 13, 'hidden_heart': 5}, '6954e4dd41d6c865'),
    'funnytime/duel': (5780, {'botsu_aki': 7, 'botsu_ren': 9, 'dark_aki': 12, 'dark_ren': 0, 'dropped_aki': 1, 'dropped_ren': 0, 'deadline_aki': 0, 'deadline_ren': 0, 'stopped': 1}, '66e9f073480c2284'),
}


def _canon(value):
    """Plain data in one order whatever the hash seed: sets sorted, the rest as is."""
    if isinstance(value, (set, frozenset)):
        return sorted((_canon(v) for v in value), key=repr)
    if isinstance(value, dict):
        return {str(k): _canon(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_canon(v) for v in value]
    if value is None or isinstance(value, (str, int, float, bool)):
        return value
    return repr(value)


def run(name: str) -> tuple[int, dict, str]:
    """(actions, endings, digest) of explore's games of `name`, mixed bots, one job."""
    sid, _, episode = name.partition("/")
    story = load(sid)
    g = story.family
    shard = ex.shards(story, episode, GAMES, SEED, "mixed", None, 1)[0]
    digest, actions, endings = hashlib.sha256(), 0, {}
    # The views' legal actions and moments are read through a family's own view, and
    # through the glance a random player is given instead of one (the same three things,
    # so the same digest), so the digest follows the games explore plays (play_games is
    # explore's loop).
    view, glanced = g.view, ex.bots.RandomBot.choose
    plugin = families.of(story)
    glance = plugin.glance

    def watched(state, seat):
        v = view(state, seat)
        digest.update(repr((seat, v.legal, v.moment)).encode())
        return v

    def glanced_by_partner(legal):
        # a partner that answers from the legal actions alone is shown no view: its legal
        # actions are digested all the same
        digest.update(repr(("glance", legal)).encode())
        return glance(legal)

    def choose(bot, v):
        if isinstance(v, ex.Glance):
            digest.update(repr((v.seat, v.legal, v.moment)).encode())
        return glanced(bot, v)

    games = ex.play_games(story, shard)
    try:
        object.__setattr__(g, "view", watched)
        if glance is not None:
            object.__setattr__(plugin, "glance", glanced_by_partner)
        ex.bots.RandomBot.choose = choose
        for ending, n in games:
            actions += n
            endings[ending] = endings.get(ending, 0) + 1
    finally:
        object.__setattr__(g, "view", view)
        object.__setattr__(plugin, "glance", glance)
        ex.bots.RandomBot.choose = glanced
    report = ex.explore(story, episode, GAMES, SEED, "mixed")
    assert (report.actions, dict(report.endings)) == (actions, endings)
    # every event of every game: replayed from the same seeds by explore itself
    for state in _states(story, shard):
        for e in state.log:
            digest.update(json.dumps([e.kind, _canon(e.data), _canon(e.seats)], sort_keys=True).encode())
    return actions, report.to_json()["endings"], digest.hexdigest()[:16]


def _states(story, shard):
    """The final state of each game of the shard, played as explore plays it."""
    g, captured = story.family, []
    new_game = g.new_game

    def keep(*args):
        captured.append(new_game(*args))
        return captured[-1]

    try:
        object.__setattr__(g, "new_game", keep)
        for _ in ex.play_games(story, shard):
            pass
    finally:
        object.__setattr__(g, "new_game", new_game)
    return captured


@pytest.mark.parametrize("name", sorted(PINNED))
def test_explore_plays_the_pinned_games(name):
    assert run(name) == PINNED[name]


def test_every_story_and_episode_is_pinned():
    from narrator.library import story_ids

    names = {f"{sid}/{ep['id']}" for sid in story_ids() for ep in load(sid).episodes}
    assert names <= set(PINNED), sorted(names - set(PINNED))


if __name__ == "__main__":   # regenerate the figures above
    for name in sorted(PINNED):
        print(f"    {name!r}: {run(name)!r},")
