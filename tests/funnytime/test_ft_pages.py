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


def test_every_detail_a_page_claims_is_in_the_log():
    """Read as a sceptic: each star, title, caption, issue and count a page states of this
    duel is checked against the log. A star named is the loser's last to go out; a title
    quoted was played, rejected or shown in this duel; a caption quoted is from the last
    strip its artist showed; an issue named is the last issue; Botsu counts are the verdict's."""
    checked = 0
    stars = [s.name for s in CONTENT.star.values()]
    # Every page is read over every duel, not only over the duels that reach it: whatever
    # a page says of a game, it says only what that game's log holds.
    games = [duel(seed) for seed in range(12)]
    for st, page in ((st, page.id) for st in games for page in CONTENT.books["duel"].ending):
        text = " ".join(endpage.render(STORY, "duel", page, st.log).text.split())
        static = " ".join(endpage.render(STORY, "duel", page).text.split())
        public = [e for e in st.log if e.seats is None]
        seen = {e.data.get("card") for e in public} | {c for e in public for c in e.data.get("cards", ())}
        for name in set(re.findall(r"“([^”]+)”", text)) - set(re.findall(r"“([^”]+)”", static)):
            assert any(c.name == name and c.id in seen for c in CONTENT.cards.values()), (page, name)
        # The last star to go out over each desk: the last of the payment that left it dark,
        # else the last an effect put out.
        out = set()
        for seat in SEATS:
            dark = [e.data for e in public if e.kind == "paid" and e.data["seat"] == seat and e.data["lit"] == 0]
            doused = [e.data for e in public if e.kind == "effect" and e.data.get("op") == "douse"
                      and e.data.get("whose") == seat and e.data.get("stars")]
            if dark and dark[-1]["stars"]:
                out.add(dark[-1]["stars"][-1])
            elif doused:
                out.add(doused[-1]["stars"][-1])
        for star in stars:
            if re.search(rf"\b{re.escape(star)}\b", text) and not re.search(rf"\b{re.escape(star)}\b", static):
                assert star in out, (page, star)
        last_strip = {}
        for e in public:
            if e.kind == "strip":
                last_strip[e.data["seat"]] = e.data["captions"]
        quoted = {cap for e in public if e.kind == "strip" for cap in e.data["captions"]}
        for cap in quoted:
            if cap in text and cap not in static:
                assert any(cap in caps for caps in last_strip.values()), (page, cap)
        issues = [e.data["number"] for e in public if e.kind == "issue"]
        for n in re.findall(r"\bissue (\d+)\b", text):
            assert int(n) == issues[-1], (page, n, issues[-1:])
        verdict = [e.data for e in public if e.kind == "verdict"]
        for a, b in re.findall(r"\b(\d+) icons? (?:of rejected work )?(?:on Aki Hoshino's side of the table, |against |to )(\d+)", text):
            assert verdict and sorted((int(a), int(b))) == sorted(verdict[-1]["botsu"]), (page, a, b)
        checked += text != static
    assert checked >= 60


def test_the_deadline_pages_count_the_issues_the_duel_ran():
    """The editors count after the last issue, whatever the deadline was (a duel saved under
    an older edition ran to the 20th): a deadline page says how many issues there were,
    and, drawn without a game, names no count at all."""
    from engine.events import public

    for number, word in ((CONTENT.table.deadline, "sixteen"), (20, "twenty")):
        log = [public("issue", number=n, deadline=number) for n in range(1, number + 1)]
        log.append(public("verdict", seats=list(SEATS), botsu=[10, 20], lit=[3, 2], margin=3))
        aki = " ".join(endpage.render(STORY, "duel", "deadline_aki", log).text.split())
        ren = " ".join(endpage.render(STORY, "duel", "deadline_ren", log).text.split())
        assert aki.startswith(f"{word.capitalize()} issues. {word.capitalize()} weeks of four panels")
        assert f"The caption said: {word} more issues," in aki
        assert f"When the {word} issues had all gone to print" in ren
        assert f"you have {word} issues to enjoy this." in ren
    numbers = "two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen twenty"
    for page in ("deadline_aki", "deadline_ren"):
        static = endpage.render(STORY, "duel", page).text.lower()
        counted = re.findall(rf"\b(?:{'|'.join(numbers.split())})(?:th)? (?:more )?(?:issues?|weeks)\b", static)
        assert not counted, (page, counted)
