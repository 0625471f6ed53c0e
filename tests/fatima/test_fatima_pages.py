"""The chronicle's ending pages are written over the season that ended: the winning
nation and its points, the runner-up and the margin, the sovereign a king's fall
brought down; and a detail only when the log holds it."""
from __future__ import annotations

import pytest

from engine.fatima import game as g
from engine.fatima.actions import parse
from fatima_positions import CONTENT, STORY, view
from narrator import bots, endpage
from narrator.explore import _pick


def played(seed: int, players: int = 5):
    opts = {"players": players}
    st = g.new_game(CONTENT, STORY.seats_for(opts), seed, opts)
    who = {s: bots.make(_pick("mixed", seed, s), STORY, s, seed) for s in st.seats}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, parse(who[seat].choose(view(st, seat))))
    return st


@pytest.fixture(scope="module")
def seasons():
    return [played(seed, players) for players in (2, 5, 8) for seed in range(8)]


def test_a_page_names_the_winner_its_points_and_the_runner_up(seasons):
    for st in seasons:
        end = g.ending(st)
        data = next(e.data for e in reversed(st.log) if e.kind == "ending")
        text = endpage.render(STORY, "chronicle", end.id, st.log).text
        assert "{{" not in text and "{%" not in text
        if end.id == "stopped":
            continue
        winner = data["winners"][0]
        assert STORY.seat_name(winner) in text, (end.id, text[:200])
        assert str(data["scores"][winner]) in text


def test_a_kings_fall_page_names_the_fallen_sovereign(seasons):
    pages = 0
    for st in seasons:
        end = g.ending(st)
        if end.id != "kings_fall":
            continue
        pages += 1
        data = next(e.data for e in reversed(st.log) if e.kind == "ending")
        fall = [e.data for e in st.log if e.kind == "king_fall" and e.data["to"] == data["winners"][0]][-1]
        text = endpage.render(STORY, "chronicle", end.id, st.log).text
        assert CONTENT.cards[fall["card"]].name in text and STORY.seat_name(fall["seat"]) in text
    assert pages, "no season of the sample ended in a king's fall"


def test_a_page_drawn_without_a_game_claims_nothing_of_one():
    for page in CONTENT.books["chronicle"].ending:
        text = endpage.render(STORY, "chronicle", page.id).text
        assert not any(STORY.seat_name(s) in text for s in STORY.seats), page.id
        assert "{{" not in text and text.strip()
