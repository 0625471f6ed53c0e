"""The chronicle's ending pages are written over the season that ended: the winning
nation and its points, the runner-up and the margin, the sovereign a king's fall
brought down; and a detail only when the log holds it."""
from __future__ import annotations

import re

import pytest

from engine.fatima import game as g
from fatima_positions import CONTENT, STORY, bot_game
from narrator import endpage


def played(seed: int, players: int = 5):
    return bot_game(seed, players)


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


WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]


def _number(word: str) -> int:
    return WORDS.index(word) if word in WORDS else int(word)


def test_every_detail_a_page_claims_is_in_the_log(seasons):
    """Read as a sceptic: each nation, card, score, margin and count a page states of this
    season is checked against the log. A nation named played; a card named was seen in play
    (a Fatima, a sovereign) and, where the page says it changed hands, did so; the points
    are the count's; a margin is the gap to the runner-up; a Fatima snatched 'in the last
    round' moved to the winner after the last round began."""
    checked = 0
    for st in seasons:
        end = g.ending(st)
        data = next(e.data for e in reversed(st.log) if e.kind == "ending")
        text = " ".join(endpage.render(STORY, "chronicle", end.id, st.log).text.split())
        # What the page says of this season: its text without the paragraphs any season's
        # page has (a page of two nations words some of them for one rival).
        static = [" ".join(p.split()) for p in endpage.render(STORY, "chronicle", end.id).text.split("\n\n")]
        said = text
        for paragraph in static:
            said = said.replace(paragraph, "")
        static = " ".join(static)
        public = [e for e in st.log if e.seats is None]
        seen = {e.data.get("card") for e in public} | {c for e in public for c in e.data.get("cards", ())}
        playing = {STORY.seat_name(s) for s in st.seats}
        for s in STORY.seats_for({"players": 8}):
            if STORY.seat_name(s) not in playing:
                assert not re.search(rf"\b{STORY.seat_name(s)}\b", said), (end.id, s, said[:300])
        for card in CONTENT.cards.values():
            if card.name in said and card.name not in static:
                assert card.id in seen, (end.id, card.name)
        scores = data.get("scores") or {}
        for n in re.findall(r"\b(\d+) points\b", said):
            assert int(n) in scores.values(), (end.id, n, scores)
        winners = data.get("winners") or []
        rest = sorted((v for s, v in scores.items() if s not in winners), reverse=True)
        nations = "|".join(sorted(playing))
        for gap, other in re.findall(rf"\b(\w+) (?:clear|ahead) of ({nations})\b", said):
            top = scores[winners[0]]
            assert _number(gap) == top - rest[0], (end.id, gap, top, rest)
            assert scores[next(s for s in st.seats if STORY.seat_name(s) == other)] == rest[0]
        if end.id == "late_snatch" and "in the last round" in said:
            final = next(i for i, e in enumerate(st.log) if e.kind == "turn" and e.data.get("final"))
            moved = [e.data for e in st.log[final:] if e.kind == "fatima_moved" and e.data["to"] == winners[0]]
            named = [m for m in moved if CONTENT.cards[m["card"]].name in said]
            assert named, (end.id, said[:300])
        if end.id == "kings_fall" and "beat" in said:
            fall = [e.data for e in public if e.kind == "king_fall" and e.data["to"] == winners[0]][-1]
            for f in fall.get("cards", ()):
                assert CONTENT.cards[f].name in said, (end.id, f)
        checked += said != text
    assert checked >= len(seasons) // 2
