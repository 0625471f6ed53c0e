"""Fatima points as the partner and the views count them: every court of the box."""
from __future__ import annotations

from itertools import combinations

from engine.fatima import points
from fatima_positions import CONTENT


def test_every_court_of_the_box_counts_as_its_rules_say():
    # A court is counted by its rules read as bits (points.Tally.worth): every court of
    # the box, each Fatima's worth in it, held to the rules as written (rule_holds).
    fatima = sorted(CONTENT.fatima)
    for size in range(len(fatima) + 1):
        for court in combinations(fatima, size):
            members = frozenset(court)
            written = {f: CONTENT.fatima[f].points
                       + sum(points.rule_holds(CONTENT, r, CONTENT.fatima[f], members, None)
                             for r in CONTENT.fatima[f].rule)
                       for f in court}
            assert points.values(CONTENT, court, None) == written, court
            assert points.score(CONTENT, court, None) == sum(written.values()), court


def test_every_court_totals_as_its_fatima_count():
    # The partner's count of a court (Tally.total: the box's rules a kind at a time) is
    # the sum of each Fatima's worth there, for every court of the box; and the sum of
    # what the rules as written give her, so a rule read wrongly by both is caught too.
    tally = points.Tally(CONTENT)
    fatima = sorted(CONTENT.fatima)
    for size in range(len(fatima) + 1):
        for court in combinations(fatima, size):
            mask, members = tally.mask(court), frozenset(court)
            written = sum(CONTENT.fatima[f].points
                          + sum(points.rule_holds(CONTENT, r, CONTENT.fatima[f], members, None)
                                for r in CONTENT.fatima[f].rule)
                          for f in court)
            assert tally.total(mask) == sum(tally.worth(mask).values()) == written, court
