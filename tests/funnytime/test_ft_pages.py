"""FunnyTime's ending pages are written over the duel that ended: the last star to go
out is the one that did, the deadline's count is the count, and a close count is
called close only when it was."""
from __future__ import annotations

import re

from ft_positions import CONTENT, STORY
from narrator import bots, endpage

SEATS = ("aki", "ren")


def duel(seed: int):
    g = STORY.family
    st = g.new_game(CONTENT, SEATS, seed, {"episode": "duel"})
    who = {s: bots.make(bots.NAMES[(seed + i) % len(bots.NAMES)], STORY, s, seed) for i, s in enumerate(SEATS)}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, g.parse(who[seat].choose(STORY.view(st, seat))))
    return st


def test_the_pages_tell_what_the_duel_did():
    seen = set()
    for seed in range(24):
        st = duel(seed)
        end = STORY.family.ending(st)
        seen.add(end.id)
        text = endpage.render(STORY, "duel", end.id, st.log).text
        assert "{{" not in text and "{%" not in text
        stars = [s.name for s in CONTENT.star.values()] if isinstance(CONTENT.star, dict) else []
        if end.id.startswith("dark_"):
            loser = "ren" if end.id == "dark_aki" else "aki"
            out = [e.data for e in st.log if e.kind == "paid" and e.data["seat"] == loser and e.data["lit"] == 0]
            if out:
                assert out[-1]["stars"][-1] in text
            named = [s for s in stars if re.search(rf"\b{re.escape(s)}\b", text)]
            assert len(named) <= 1, named
        if end.id.startswith("deadline_") or end.id == "stopped":
            verdict = [e.data for e in st.log if e.kind == "verdict"]
            if verdict:
                a, b = verdict[-1]["botsu"]
                assert str(a) in text and str(b) in text
                assert ("closest count" in text) == (abs(a - b) <= 6)
    assert len(seen) >= 3, seen


def test_a_page_drawn_without_a_game_claims_nothing_of_one():
    for page in CONTENT.books["duel"].ending:
        text = endpage.render(STORY, "duel", page.id).text
        assert "{{" not in text and text.strip()
        assert not re.search(r"\bissue [0-9]", text)
