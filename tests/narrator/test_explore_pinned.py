"""Explore's outcome for a small seeded run of every story, pinned.

Explore is made faster by caches (views, legal actions, the bots' evaluations); none of
them may change a single choice. These figures were taken before those caches existed:
a change to the rules, the bots or the content that is meant to change outcomes
regenerates them (`python3 -m tests.narrator.test_explore_pinned`) and says why.

Pinned: explore's own --json counts (games, actions, endings) and a digest of every
event of every game and of every view's legal actions and moment, so even a choice that
leaves the counts alone is caught.
"""
from __future__ import annotations

import hashlib
import json

import pytest

from narrator import explore as ex
from narrator.library import load

GAMES, SEED = 30, 3

PINNED = {
    'applerulette/tale': (1753, {'snow_white_lives': 8, 'prince_revived': 1, 'queen_feast': 6, 'queen_weapon': 5, 'queens_apple': 5, 'rose_alone': 4, 'rose_spoils': 0, 'cursed_ring': 1, 'npc_snow_white': 0}, '595c749b2e36563a'),
    'fatima/chronicle': (1738, {'shared_crown': 1, 'tie_broken': 1, 'late_snatch': 5, 'kings_fall': 9, 'landslide': 8, 'peaceful_unveiling': 0, 'steady_reign': 6}, 'c4b7350b994b50d8'),
    'fumie/basic': (514, {'true': 1, 'unspoken': 0, 'crossing': 5, 'dusk_words': 3, 'kanako': 6, 'masahiro': 2, 'silence': 3, 'hidden_heart': 8, 'nightfall': 2}, '18e18e7facda644c'),
    'fumie/murder': (508, {'true': 0, 'arrest': 0, 'attacked': 3, 'wrong_accusation': 5, 'unmasked': 2, 'nightfall': 4, 'silence': 5, 'hidden_heart': 11}, '69b86f2e78933323'),
    'fumie/tadokoro': (687, {'true': 1, 'unchanged': 1, 'transferred': 1, 'scandal': 2, 'reprieve': 0, 'term_ends': 4, 'silence': 12, 'hidden_heart': 9}, 'e95a33d8a4c55b18'),
    'funnytime/duel': (6174, {'botsu_aki': 6, 'botsu_ren': 9, 'dark_aki': 13, 'dark_ren': 1, 'dropped_aki': 1, 'dropped_ren': 0, 'deadline_aki': 0, 'deadline_ren': 0, 'stopped': 0}, '0ee98f5fbb7b2fa9'),
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

    def watched(state, seat):
        v = view(state, seat)
        digest.update(repr((seat, v.legal, v.moment)).encode())
        return v

    def choose(bot, v):
        if isinstance(v, ex.Glance):
            digest.update(repr((v.seat, v.legal, v.moment)).encode())
        return glanced(bot, v)

    games = ex.play_games(story, shard)
    try:
        object.__setattr__(g, "view", watched)
        ex.bots.RandomBot.choose = choose
        for ending, n in games:
            actions += n
            endings[ending] = endings.get(ending, 0) + 1
    finally:
        object.__setattr__(g, "view", view)
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
