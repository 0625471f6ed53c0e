"""Fatima points: each Fatima's printed points, changed by her combination rules.

A rule looks only at the nation she lives in: the other Fatima there, how many, who
made them, and which king reigns. A king not yet known to the one counting is `None`:
the rules that name kings are then left out, and the count says it is not certain.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Iterable

from engine.fatima.content import Content, Fatima, Rule


def rule_holds(content: Content, rule: Rule, fatima: Fatima, court: frozenset[str], king: str | None) -> int:
    """The points this rule adds to `fatima` in a nation holding `court`."""
    op = rule.op
    if op == "with":
        return rule.points if court.issuperset(rule.fatima) else 0
    if op == "alone":
        return rule.points if len(court) == 1 else 0
    if op == "crowd":
        return rule.points if len(court) >= rule.at_least else 0
    if op == "per_maker":
        return rule.points * len(content.made_by[rule.maker].intersection(court) - {fatima.id})
    if op == "per_other":
        return rule.points * (len(court) - 1)
    if op == "king":
        return rule.points if king is not None and king in rule.kings else 0
    raise AssertionError(op)


def value(content: Content, fatima_id: str, court: Iterable[str], king: str | None) -> int:
    """What one Fatima is worth in that nation (her included or not), under that king."""
    members = frozenset(court)
    return values(content, members, king)[fatima_id] if fatima_id in members else \
        _value(content, fatima_id, members, king)


def _value(content: Content, fatima_id: str, court: frozenset[str], king: str | None) -> int:
    f = content.fatima[fatima_id]
    total = f.points
    for rule in f.rule:
        total += rule_holds(content, rule, f, court, king)
    return total


def values(content: Content, court, king: str | None) -> dict[str, int]:
    """Every Fatima of the court and what she is worth there (do not change the dict:
    it may be shared)."""
    t = tally(content)
    mask = _bits(t, court)
    if mask is None:         # a Fatima of no box: counted by the rules as written
        worth, _ = _court(content, frozenset(court))
    else:
        worth, _ = t.counted(mask)
    ruled = content.king_ruled.intersection(court) if king is not None else ()
    if not ruled:
        return worth
    crowned = dict(worth)
    for f in ruled:
        crowned[f] += _crowned(content, f, king)
    return crowned


def score(content: Content, court, king: str | None) -> int:
    # The count alone, by the court's bits (`Tally.score`): no Fatima's own worth is
    # needed, and the counts by bits are shared with every other count of the box's courts.
    t = tally(content)
    mask = _bits(t, court)
    if mask is None:         # a Fatima of no box: counted by the rules as written
        return _score(content, court, king)
    return t.score(mask, king)


def _bits(t: "Tally", court) -> int | None:
    """The court as the box's bits (`Tally.mask`), None if it holds a Fatima of no box
    (a court made by hand): read without making a set of it, the counts by bits being
    kept for every court of the box."""
    bit, mask = t.bit, 0
    for f in court:
        got = bit.get(f)
        if got is None:
            return None
        mask |= got
    return mask


def _score(content: Content, court, king: str | None) -> int:
    members = frozenset(court)
    _, total = _court(content, members)
    if king is not None:
        for f in content.king_ruled.intersection(members):
            total += _crowned(content, f, king)
    return total


# A rule that names kings adds its points whatever else the court holds, and every other
# rule looks at the court alone: so a court is counted once with no king (its every
# version as a seat may see it: each king, or none known), and a king adds his part.
# Bounded caches that hold the content itself (never its id, which could be reused): 4,096
# courts are every court of a box of twelve Fatima.
@lru_cache(maxsize=4096)
def _court(content: Content, court: frozenset[str]) -> tuple[dict[str, int], int]:
    t = tally(content)
    if court <= t.bit.keys():
        return t.counted(t.mask(court))
    # a Fatima of no box: counted by the rules as written
    worth = {f: _value(content, f, court, None) for f in sorted(court)}
    return worth, sum(worth.values())


@lru_cache(maxsize=1024)
def _crowned(content: Content, fatima_id: str, king: str) -> int:
    """What the rules of a Fatima that name kings add under this king."""
    return sum(r.points for r in content.fatima[fatima_id].rule if r.op == "king" and king in r.kings)


def certain(content: Content, court: list[str], king: str | None) -> bool:
    """Whether the score is known: false when a rule names kings and the king is unknown."""
    return king is not None or not any(f in content.king_ruled for f in court)


class Tally:
    """Every count of a box's courts, each court written as a set of bits (one bit per
    Fatima of the box): whoever weighs what each Fatima coming or going would change in
    every court it sees asks a few dozen counts a decision, and `mask | bit` is a cheap
    court to ask with, where a frozenset is made and hashed afresh. The counts are
    `score`'s: a court's without its king (`_court`), and a king's part, which only the
    Fatima he rules change."""

    __slots__ = ("content", "bit", "ruled", "_ids", "_counts", "_crown", "_rules", "_totals", "_printed",
                 "_needs", "_others", "_alone", "_crowds", "_makers")

    # Kept counts, each table emptied when full: a box of twelve Fatima has 4,096 courts.
    BOUND = 8192

    def __init__(self, content: Content):
        self.content = content
        ids = sorted(content.fatima)
        self._ids = ids
        self.bit = {f: 1 << i for i, f in enumerate(ids)}
        self.ruled = self.mask(content.king_ruled)
        # Each court's worths and their sum (`_court`'s), by its bits: the views' counts
        # (`_court`, by the court as a set) and the partner's (`score`) share them.
        self._counts: dict[int, tuple[dict[str, int], int]] = {}
        self._crown: dict[tuple[str, int], int] = {}
        self._rules = {self.bit[f]: (f, *_by_bits(content, self, content.fatima[f])) for f in ids}
        self._totals: dict[int, int] = {}
        self._by_kind()

    def _by_kind(self) -> None:
        """The box's rules for `total`, one list for each kind, each rule with the bit of
        the Fatima it belongs to (a `with`, with the bits it needs too: it holds when the
        court holds them all); the printed points summed a byte of the court at a time."""
        self._printed = [(shift, [sum(self._rules[bit << shift][1] for bit in _BYTE_BITS[b]
                                      if bit << shift in self._rules) for b in range(256)])
                         for shift in range(0, max(len(self._ids), 1), 8)]
        self._needs, self._others, self._alone, self._crowds, self._makers = [], [], [], [], []
        for bit, (_, _, needs, alone, crowds, makers, others) in self._rules.items():
            self._needs += [(bit | need, gain) for need, gain in needs]
            self._crowds += [(bit, least, gain) for least, gain in crowds]
            self._makers += [(bit, made, gain) for made, gain in makers]
            if alone:
                self._alone.append((bit, alone))
            if others:
                self._others.append((bit, others))

    def mask(self, court: Iterable[str]) -> int:
        bit, mask = self.bit, 0
        for f in court:
            mask |= bit[f]
        return mask

    def members(self, mask: int) -> frozenset[str]:
        return frozenset(f for i, f in enumerate(self._ids) if mask >> i & 1)

    def worth(self, mask: int) -> dict[str, int]:
        """Each Fatima of the court `mask` and what she is worth there with no king known,
        in the order of their ids (`_court`'s): each rule read as bits (`_by_bits`), so a
        court first counted costs a few operations on integers a rule, where a set was
        made and compared for each."""
        out = {}
        size = mask.bit_count()
        rules, left = self._rules, mask
        while left:                  # her bits, lowest (the first id) first
            low = left & -left
            left ^= low
            f, printed, needs, alone, crowds, makers, others = rules[low]
            v = printed + others * (size - 1)
            for need, gain in needs:
                if mask & need == need:
                    v += gain
            if size == 1:
                v += alone
            for least, gain in crowds:
                if size >= least:
                    v += gain
            for made, gain in makers:
                v += gain * (mask & made).bit_count()
            out[f] = v
        return out

    def counted(self, mask: int) -> tuple[dict[str, int], int]:
        """`_court` of the court `mask`: each Fatima's worth there with no king known, and
        their sum (do not change the dict: it is shared)."""
        got = self._counts.get(mask)
        if got is None:
            if len(self._counts) >= self.BOUND:
                self._counts.clear()
            worth = self.worth(mask)
            got = self._counts[mask] = worth, sum(worth.values())
        return got

    def total(self, mask: int) -> int:
        """The sum of `worth(mask)` (kept): the box's rules read a kind at a time, each
        counted when the Fatima it belongs to is in the court, rather than Fatima by
        Fatima; the partner asks the counts of many courts it only imagines (every court
        it sees give or take a Fatima), and needs no Fatima's own worth there."""
        if len(self._totals) >= self.BOUND:
            self._totals.clear()
        size, v = mask.bit_count(), 0
        for shift, printed in self._printed:
            v += printed[mask >> shift & 255]
        for both, gain in self._needs:
            if mask & both == both:
                v += gain
        for bit, gain in self._others:
            if mask & bit:
                v += gain * (size - 1)
        for bit, gain in self._alone:
            if mask == bit:
                v += gain
        for bit, least, gain in self._crowds:
            if mask & bit and size >= least:
                v += gain
        for bit, made, gain in self._makers:
            if mask & bit:
                v += gain * (mask & made).bit_count()
        self._totals[mask] = v
        return v

    def score(self, mask: int, king: str | None) -> int:
        """`score` of the court `mask` under `king` (None: not known)."""
        base = self._totals.get(mask)
        if base is None:
            base = self.total(mask)
        ruled = mask & self.ruled
        if king is None or not ruled:
            return base
        crown = self._crown.get((king, ruled))
        if crown is None:
            if len(self._crown) >= self.BOUND:
                self._crown.clear()
            crown = self._crown[(king, ruled)] = sum(_crowned(self.content, f, king)
                                                    for f in self.members(ruled))
        return base + crown


# The bits of each byte, lowest first (`Tally.total`'s printed points).
_BYTE_BITS = [[1 << i for i in range(8) if b >> i & 1] for b in range(256)]


def _by_bits(content: Content, tally: Tally, fatima: Fatima) -> tuple:
    """A Fatima's rules as bits, as `rule_holds` reads them with no king known: her
    printed points; each `with` as the bits it needs and its points (never, if it names a
    Fatima of no box); `alone`'s points; each `crowd` as its least size and points; each
    `per_maker` as the bits of the maker's other Fatima and its points; `per_other`'s
    points (summed: each counts the other Fatima alike). A `king` rule adds nothing here."""
    needs, crowds, makers = [], [], []
    alone = others = 0
    for rule in fatima.rule:
        op = rule.op
        if op == "with":
            if all(f in tally.bit for f in rule.fatima):
                needs.append((tally.mask(rule.fatima), rule.points))
        elif op == "alone":
            alone += rule.points
        elif op == "crowd":
            crowds.append((rule.at_least, rule.points))
        elif op == "per_maker":
            made = tally.mask(f for f in content.made_by[rule.maker] if f != fatima.id)
            makers.append((made, rule.points))
        elif op == "per_other":
            others += rule.points
        elif op != "king":
            raise AssertionError(op)
    return fatima.points, tuple(needs), alone, tuple(crowds), tuple(makers), others


# One per box (bounded; holds the content itself, never its id).
@lru_cache(maxsize=8)
def tally(content: Content) -> Tally:
    return Tally(content)
