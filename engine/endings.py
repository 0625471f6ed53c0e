"""Which page of the ending book a game reaches, and who wins: data in the book.

A family that lets its book decide names its *moments* (when a game may end: the final
count, a fatal blow, a stop) and the *facts* it can tell at each (the heroine was
poisoned; a rival lives). A page says when it is reached:

    at = "count"                                 # the moment
    if = ["heroine_poisoned", "not rival_lives"] # facts that must all hold ("not" negates)
    winners = "villains"                         # who wins, in the family's words

At a moment, the game reaches the first page of the book (in its order) whose facts all
hold. The book is checked once, at load time: every page names a moment the family
knows, facts it can tell at that moment and winners it knows, and every combination of
those facts reaches a page, so no game can end without one.
"""
from __future__ import annotations

from itertools import product
from typing import Mapping, Sequence

from engine.errors import StoryError
from engine.storyfiles import EndingBook, EndingPage


def holds(page: EndingPage, facts: Mapping[str, bool]) -> bool:
    for word in page.if_:
        negated = word.startswith("not ")
        if facts[word[4:] if negated else word] == negated:
            return False
    return True


def reach(book: EndingBook, moment: str, facts: Mapping[str, bool]) -> EndingPage:
    """The page a game reaches at `moment`, where `facts` say what is true."""
    for page in book.ending:
        if page.at == moment and holds(page, facts):
            return page
    raise AssertionError(f"no page for {moment} with {dict(facts)}: the load-time check prevents this")


def check(file: str, book: EndingBook, moments: Mapping[str, Sequence[str]], winners: Sequence[str]) -> None:
    """Raise StoryError unless every page is reachable by this family and every game
    reaches a page. `moments`: moment -> the facts the family tells then."""
    for i, page in enumerate(book.ending):
        where = f"ending.{i}"
        if page.at is None:
            raise StoryError(file, f"{where}.at", f"page {page.id!r} says no moment it is reached at;"
                             f" add at = one of: {', '.join(moments)}")
        if page.at not in moments:
            raise StoryError(file, f"{where}.at", f"{page.at!r} is not a moment of this game; use one of:"
                             f" {', '.join(moments)}")
        known = moments[page.at]
        for word in page.if_:
            fact = word[4:] if word.startswith("not ") else word
            if fact not in known:
                told = ", ".join(known) or "none"
                raise StoryError(file, f"{where}.if", f"{word!r}: at {page.at!r} the facts are: {told}"
                                 " (each may follow \"not \")")
        if page.winners is not None and not winners:
            raise StoryError(file, f"{where}.winners", "in this game the rules decide who wins, not the"
                             " page: leave `winners` out")
        if page.winners is not None and page.winners not in winners:
            raise StoryError(file, f"{where}.winners", f"{page.winners!r}: winners are one of: {', '.join(winners)}"
                             " (leave it out when nobody wins)")
    for moment, facts in moments.items():
        for values in product((False, True), repeat=len(facts)):
            facts_told = dict(zip(facts, values))
            if not any(p.at == moment and holds(p, facts_told) for p in book.ending):
                case = ", ".join(f if v else f"not {f}" for f, v in facts_told.items()) or "always"
                raise StoryError(file, "ending", f"no page is reached at {moment!r} when: {case};"
                                 " add a page for it (or one with no `if` last)")
