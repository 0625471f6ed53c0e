"""Bots and explore: partner bots play toward the good pages, and bots together reach
every page of the ending book."""
from __future__ import annotations

import pytest

from narrator import bots
from narrator.explore import explore
from narrator.saves import Save

GAMES = 400


@pytest.fixture(scope="module")
def reports(story):
    return {bot: explore(story, "basic", GAMES, 0, bot) for bot in ("partner", "random")}


def true_pages(story):
    return [p.id for p in story.content.books["basic"].ending if p.tone == "true"]


def test_partner_bots_reach_the_true_ending_far_more_often_than_random_bots(story, reports):
    partner = sum(reports["partner"].rate(t) for t in true_pages(story))
    rand = sum(reports["random"].rate(t) for t in true_pages(story))
    assert partner > 3 * rand
    assert partner >= 0.10


def test_partner_bots_reach_the_bad_pages_less_often(story, reports):
    bad = [p.id for p in story.content.books["basic"].ending if p.tone == "bad"]
    assert (sum(reports["partner"].rate(b) for b in bad)
            < sum(reports["random"].rate(b) for b in bad))


def test_partner_and_random_bots_together_reach_every_ending(story, reports):
    """400 games each, seed 0: the partners find the pages that need care, the random
    players the ones that need carelessness (four face-down cards). The stopped page is
    a player's word, not a bot's: tests/narrator/test_stopping.py reaches it."""
    every = [p.id for p in story.content.books["basic"].ending if p.id != "stopped"]
    runs = [reports["partner"], reports["random"]]
    union = {e for r in runs for e in every if r.endings[e]}
    assert sorted(union) == sorted(every)
    assert [e for e in every if e not in union] == []
    for r in runs:
        assert r.games == GAMES
        assert sum(r.endings.values()) == GAMES
        assert r.every == tuple(every)
        assert r.unreached == [e for e in every if not r.endings[e]]


def test_a_mixed_table_alone_reaches_every_ending(story):
    report = explore(story, "basic", 300, 0, "mixed")
    assert report.unreached == []


def test_explore_is_repeatable(story):
    one = explore(story, "basic", 60, 9, "random")
    two = explore(story, "basic", 60, 9, "random")
    assert one.endings == two.endings and one.actions == two.actions


def test_explore_never_touches_the_profile(story, tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATOR_SAVES", str(tmp_path))
    explore(story, "basic", 20, 0, "partner")
    assert not any(tmp_path.iterdir())


@pytest.mark.parametrize("name", ["partner", "random"])
def test_bots_only_choose_legal_actions_from_their_view(story, name):
    g = story.family
    for seed in range(40):
        state = g.new_game(story.content, story.seats, seed, {"episode": "basic", "known": []})
        players = {s: bots.make(name, story, s, seed) for s in story.seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            view = story.view(state, seat)
            action = players[seat].choose(view)
            assert action in view.legal
            g.apply(state, seat, g.parse(action))


def test_bots_are_seeded(story):
    g = story.family
    views = []
    state = g.new_game(story.content, story.seats, 4, {"episode": "basic", "known": []})
    view = story.view(state, "takeo")
    for _ in range(2):
        views.append([bots.make("random", story, "takeo", seed).choose(view) for seed in range(30)])
    assert views[0] == views[1]          # the same seed and view, the same choice
    assert len(set(views[0])) > 1        # other seeds, other choices
    bot = bots.make("random", story, "takeo", 4)
    assert len({bot.choose(view) for _ in range(10)}) == 1   # nothing hangs on how often it was asked


def test_a_random_bot_draws_every_verb_and_every_action_of_a_verb_alike():
    """Over many moments the verb is uniform among the verbs, and the action uniform
    among that verb's: the two halves of one draw are not tied to each other."""
    from collections import Counter
    from types import SimpleNamespace

    legal = ("stop", "play a", "play b", "play c", "pass", "give x", "give y")
    bot, moments = bots.RandomBot(12345), 60_000
    seen = Counter(bot.choose(SimpleNamespace(legal=legal, moment=m)) for m in range(moments))
    verbs = Counter(text.split()[0] for text in seen.elements())
    assert "stop" not in seen
    assert all(abs(verbs[v] / moments - 1 / 3) < 0.01 for v in ("play", "pass", "give"))
    assert all(abs(seen[f"play {w}"] / verbs["play"] - 1 / 3) < 0.015 for w in "abc")
    assert all(abs(seen[f"give {w}"] / verbs["give"] - 1 / 2) < 0.015 for w in "xy")
    # One moment's draw says nothing of the next's: each pair of choices in a row comes
    # as often as its two choices' own odds make it.
    drawn = [bot.choose(SimpleNamespace(legal=legal, moment=m)) for m in range(moments)]
    pairs = Counter(zip(drawn, drawn[1:]))
    assert all(0.85 < n / (seen[a] * seen[b] / moments) < 1.15 for (a, b), n in pairs.items())
    assert len(pairs) == 6 * 6


def test_the_numbers_drawn_from_a_key_are_uniform_and_unrelated_to_each_other():
    """`drawn(key, k)`, the k-th number of a key's stream (a tie among a partner's moves
    gives the k-th move the k-th): each is uniform, and no two of one key go together."""
    n = 20_000
    columns = [[bots.drawn(key * 1_000_003 + 17, k) / 2**64 for key in range(n)] for k in range(4)]
    for column in columns:
        assert abs(sum(column) / n - 0.5) < 0.01
        assert abs(sum(x < 0.1 for x in column) / n - 0.1) < 0.01
    for a in range(4):
        for b in range(a + 1, 4):
            both = sum((x - 0.5) * (y - 0.5) for x, y in zip(columns[a], columns[b])) / n
            assert abs(both) / (1 / 12) < 0.03, (a, b)


def test_an_unknown_bot(story):
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots are: partner, random"):
        bots.make("clever", story, "takeo", 0)


def test_a_random_bot_game_continued_is_the_game_uninterrupted(cli, script, tmp_path):
    differ = []
    for seed in (0, 2, 4, 5):
        game = script(seed, bot="random")
        k = len(game.lines) // 2
        folder = tmp_path / str(seed)
        cli("play", "fumie", "--bot", "random", "--seed", seed, input="\n".join(game.lines[:k]) + "\n",
            saves=folder)
        cli("continue", input="\n".join(game.lines[k:]) + "\n", saves=folder)
        saved = Save.read(folder / "fumie-basic-1.toml")
        if saved.actions != game.session.save.actions:
            differ.append(seed)
    assert differ == []


@pytest.mark.parametrize("episode", ["basic", "murder", "tadokoro"])
def test_explore_reaches_every_ending_of_every_episode(cli, episode):
    import json

    result = cli("explore", f"fumie/{episode}", "--games", 2000, "--seed", 0, "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["unreached"] == [] and report["episode"] == episode
    assert all(count > 0 for count in report["endings"].values())
    assert sum(report["endings"].values()) == report["games"] == 2000


def test_the_partner_weighs_a_blind_card_before_playing_it_face_up(story):
    """A card whose effect side is not known may be one that ends the day at once (The
    Rooftop Key, Someone Waiting at Dusk): the partner weighs that risk from what it can
    see, so few games of The Hidden Murderous Intent are over by the second turn."""
    g, early, games = story.family, 0, 150
    for seed in range(games):
        options = {"episode": "murder", "known": set()}
        seats = story.seats_for(options)
        state = g.new_game(story.content, seats, seed, options)
        players = {s: bots.make("partner", story, s, seed) for s in seats}
        while g.ending(state) is None:
            seat = g.to_act(state)[0]
            g.apply(state, seat, g.parse(players[seat].choose(story.view(state, seat))))
        early += state.turn <= 2
    assert early / games <= 0.03


def test_shards_add_up_to_the_games_and_merge_by_addition(story):
    from narrator.explore import Tally, run_shard, shards

    parts = shards(story, "basic", 25, 7, "random", None, 3)
    assert [p.games for p in parts] == [9, 8, 8]
    assert [p.first for p in parts] == [7, 16, 24]
    total = Tally()
    for part in parts:
        total += run_shard(part, story)
    assert total.games == 25 and sum(total.endings.values()) == 25
    merged = explore(story, "basic", 25, 7, "random", jobs=3)
    assert merged.endings == total.endings and merged.actions == total.actions
