"""The partner's turn weighs the attacks by rows (a target, then the combatants that may
matter) as the rules offer them; it picks exactly what reading every text alone picks,
ties included, over many seeded games at every table."""
from __future__ import annotations

from dataclasses import replace

import pytest

from fatima_positions import STORY
from narrator import explore as ex
from narrator.bots import fatima as bots


def _turn_views(monkeypatch, players: int, games: int):
    """Every view a partner chose a turn from, in seeded games of partners alone."""
    seen = []
    choose = bots.Partner.choose

    def kept(self, view):
        if view.decision is not None and view.decision.kind == "turn":
            seen.append((self.seat, view))
        return choose(self, view)

    monkeypatch.setattr(bots.Partner, "choose", kept)
    shard = ex.Shard("fatima", "chronicle", (("players", players),), "partner", 77 * players, games)
    for _ in ex.play_games(STORY, shard):
        pass
    monkeypatch.undo()
    return seen


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_a_turn_weighed_by_rows_picks_as_every_text_read_alone(monkeypatch, players):
    views = _turn_views(monkeypatch, players, 12)
    by_rows = [bots.Partner(STORY, seat, 0).choose(view) for seat, view in views]
    assert sum(bots._rows(v.decision.options, *_block(v.decision.options)) is not None
               for _, v in views if _block(v.decision.options)) > len(views) // 2
    # The view's rows, the rows read from the texts, and every text read alone: one pick.
    blind = [(seat, replace(view, targets=(), combatants=())) for seat, view in views]
    assert [bots.Partner(STORY, seat, 0).choose(view) for seat, view in blind] == by_rows
    monkeypatch.setattr(bots, "_rows", lambda legal, first, end: None)
    alone = [bots.Partner(STORY, seat, 0).choose(view) for seat, view in blind]
    assert by_rows == alone
    assert any(text.startswith("attack") for text in alone)


@pytest.mark.parametrize("players", [2, 5])
def test_a_views_rows_are_its_attack_texts(monkeypatch, players):
    # Each row of the view (a target, then every combatant) is a run of its attack texts,
    # in the order offered, and there are no others.
    for _, view in _turn_views(monkeypatch, players, 6):
        offered = [t for t in view.decision.options if t.startswith("attack")]
        assert offered == [f"attack {nation} {fatima} with {c}" for nation, fatima in view.targets
                           for c in view.combatants]


@pytest.mark.parametrize("players", [2, 5, 8])
def test_a_cards_uses_weighed_at_once_are_each_use_weighed_alone(monkeypatch, players):
    # A turn weighs a card's (or the decree's) uses at all their aims in one call of each
    # judge: each worth is the one that use has weighed alone, in the order offered.
    read = bots._Reads()
    uses = 0
    for seat, view in _turn_views(monkeypatch, players, 6):
        partner = bots.Partner(STORY, seat, 0)
        partner.choose(view)          # its reading of this view (courts, rivals) kept
        table = partner._table(view)
        runs: dict = {}
        for text in view.decision.options:
            verb, first, aim = read[text]
            if verb in ("action", "decree"):
                card = view.hand[first].id if verb == "action" else view.king.id
                runs.setdefault(card, []).append(aim)
        for card, aims in runs.items():
            at_once = partner._use_values(view, table, card, aims, view.final_round)
            alone = [partner._use_values(view, table, card, [aim], view.final_round)[0] for aim in aims]
            assert at_once == alone, (card, aims)
            uses += len(aims)
    assert uses > 50


def _block(legal):
    """Where the attack texts are (first, end), or () if there are none."""
    at = [i for i, t in enumerate(legal) if t.startswith("attack")]
    return (at[0], at[-1] + 1) if at else ()


def test_attacks_not_in_rows_are_read_one_by_one():
    # Rows of unequal width, or a target offered twice, are not rows: None, so the turn
    # reads each text.
    legal = ("pass", "attack p2 noor with 1", "attack p2 noor with king", "attack p3 vesna with 1")
    assert bots._rows(legal, 1, 4) is None
    legal = ("attack p2 noor with 1", "attack p3 vesna with 1", "attack p2 noor with king",
             "attack p3 vesna with king")
    assert bots._rows(legal, 0, 4) is None
    legal = ("attack p2 noor with 1", "attack p2 noor with king", "attack p3 vesna with 1",
             "attack p3 vesna with king")
    assert bots._rows(legal, 0, 4) == ([("p2", "noor"), ("p3", "vesna")], ["1", "king"])


def test_a_combatant_no_better_than_one_before_it_never_contends():
    odds = {"1": (0.5, 1.0), "2": (0.5, 1.0), "3": (0.4, 2.0), "king": (0.9, 3.0)}
    assert bots._contenders(odds, ["1", "2", "3", "4", "king"]) == [(0, 0.5, 1.0), (4, 0.9, 3.0)]


@pytest.mark.parametrize("players", [2, 5, 8])
def test_the_partner_reads_every_offered_text_as_the_grammar_does(monkeypatch, players):
    # It splits the rules' own texts (`_Reads`) rather than parsing them: the same words.
    from engine.fatima.actions import parse

    texts = {t for _, view in _turn_views(monkeypatch, players, 6) for t in view.decision.options}
    assert len(texts) > 100 and {bots._Reads()[t][0] for t in texts} >= {"attack", "action", "pass"}
    for text in texts:
        action = parse(text)
        assert text.split() == [action.verb, *action.args]
