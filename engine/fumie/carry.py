"""What For Fumie carries from game to game, kept in the player's profile per story.

`sleeves`: the cards whose effect side shows in its sleeve. A card once used face up is
known ever after, in every episode (the rulebook's sleeves).
`culprits`: for each episode with a hidden culprit (expansion 1), the culprit and how
many games it has served. The rulebook: "the same culprit may be used for up to 3 games
in total"; then a new one is drawn.
"""
from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from engine.contract import Carried, Kept, Options
from engine.errors import BadOption
from engine.events import Event
from engine.fumie.content import Content

SLEEVES, CULPRITS = "sleeves", "culprits"
_KEPT = frozenset(("sleeve", "culprit_set"))   # the events that tell what a game carries
CULPRIT_GAMES = 3


def _whole(n: object) -> bool:
    return isinstance(n, int) and not isinstance(n, bool)


def problem(section: str, entry: Any) -> tuple[str, str] | None:
    """(where in the entry, what is wrong) with one story's entry of a section, or None."""
    if section == SLEEVES:
        if not isinstance(entry, list) or not all(isinstance(c, str) for c in entry):
            return "", "should be a list of card ids"
        return None
    if not isinstance(entry, dict):
        return "", "should be a table"
    for episode, kept in entry.items():
        if not isinstance(kept, dict) or not isinstance(kept.get("card"), str) \
                or not _whole(kept.get("games")) or not 1 <= kept["games"] <= CULPRIT_GAMES:
            return episode, f"should be a table with `card` (a card id) and `games` (1 to {CULPRIT_GAMES})"
    return None


def options(content: Content, episode: str, kept: Kept) -> Options:
    """The cards known so far, and the culprit still serving, if any."""
    out: Options = {"known": list(_known(content, tuple(kept.get(SLEEVES, ()))))}
    if episode in content.culprit_episodes:
        culprit = kept.get(CULPRITS, {}).get(episode)
        # A kept culprit no longer in the story (an older edition) is let go: a new one is drawn.
        if culprit is not None and culprit["games"] < CULPRIT_GAMES \
                and culprit["card"] in content.suspects(episode):
            out["culprit"] = culprit["card"]
    return out


@lru_cache(maxsize=64)   # bounded; holds the content itself (never its id)
def _known(content: Content, sleeves: tuple[str, ...]) -> tuple[str, ...]:
    """The cards a profile's sleeves show, sorted: ids an older edition used read as the
    cards they became, ids the story no longer has at all let go. Every game of an
    explore or an evening begins from the sleeves the last one left, most often the same,
    so they are read once."""
    renamed, cards = content.renamed, content.cards
    return tuple(sorted({c for c in (renamed.get(k, k) for k in sleeves) if c in cards}))


def keep(content: Content, episode: str, kept: Kept, events: Sequence[Event]) -> Kept | None:
    """Learn the sleeves the events turned; count a game for the culprit a new game set."""
    sleeves = list(kept.get(SLEEVES, ()))
    culprits = dict(kept.get(CULPRITS, {}))
    changed = False
    for e in [e for e in events if e.kind in _KEPT]:   # a game's hundred events, a few kept
        if e.kind == "sleeve" and e.data["card"] not in sleeves:
            sleeves.append(e.data["card"])
            changed = True
        elif e.kind == "culprit_set":
            card, served = e.data["card"], culprits.get(episode)
            if served is not None and served["card"] == card and served["games"] < CULPRIT_GAMES:
                culprits[episode] = {"card": card, "games": served["games"] + 1}
            else:
                culprits[episode] = {"card": card, "games": 1}
            changed = True
    if not changed:
        return None
    out = {**kept, SLEEVES: sorted(sleeves)}
    if culprits:
        out[CULPRITS] = culprits
    return out


def saved(content: Content, episode: str, options: Options) -> Options:
    """A save's known cards and culprit, checked against the story (ids an older edition
    used read as the cards they became)."""
    known = options.get("known", [])
    if isinstance(known, list):
        known = [content.renamed.get(k, k) if isinstance(k, str) else k for k in known]
    if not isinstance(known, list) or not all(isinstance(k, str) and k in content.cards for k in known):
        raise BadOption("options.known should list card ids of the story")
    culprit = options.get("culprit")
    if culprit is not None and culprit not in content.suspects(episode):
        raise BadOption(f"options.culprit {culprit!r} cannot be the culprit of {episode!r}")
    return {**options, "known": known, "culprit": culprit}


def faces(options: Options) -> list[str]:
    """The sleeves a game's readers know from its start."""
    return list(options.get("known", []))


CARRIED: Carried[Content] = Carried((SLEEVES, CULPRITS), problem, options, keep, saved, faces)
