"""One episode of a For Fumie box as the rules read it at every move, read from it once.

A turn asks the same questions of the box again and again: which cards have an END in
this episode, and under what condition; which ★ cards fire when drawn, when the
Protagonist effect is used, or change the face-down limit; what each sheet offers and
ends with. The answers are fixed by the content and the episode, so each game holds
them ready (`State.box`), made once per box and episode, conditions compiled.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from engine import legality
from engine.fumie.actions import STOP, UP, Action
from engine.fumie.conditions import Test
from engine.fumie.content import FACE_DOWN_LIMIT, Common, Content, Star

# An END or a sheet's page, as the rules test it: (the ending, its condition or None).
Rule = tuple[str, Test | None]


@dataclass(frozen=True, slots=True)
class EpisodeBox:
    ends: dict[str, tuple[Rule, ...]]        # card -> its END rules that work in the episode
    sheet_ends: dict[tuple[str, str], tuple[Rule, ...]]   # (seat, "face_down"/"exhausted") -> pages
    limits: dict[str, int]                   # ★ card -> the face-down limit it sets, face up
    drawn: frozenset[str]                    # ★ cards that are shown when drawn, once known
    protagonist: dict[str, Star]             # ★ cards that follow the Protagonist effect
    fewest_down: int                         # no pile ends the day with fewer face-down cards
    turn: dict[str, legality.Choices]        # seat -> a turn's choices: up, each way down, stop
    commons: dict[str, dict[str, Common]]    # seat -> its sheet side's common effects by id
    choose_common: dict[str, tuple[Action, ...]]   # seat -> choosing one (a Protagonist effect)
    accusations: tuple[Action, ...]          # naming each suspect (expansion 1)


@lru_cache(maxsize=64)   # bounded; holds the content itself (never its id)
def episode_box(content: Content, episode: str) -> EpisodeBox:
    def rules(pages) -> tuple[Rule, ...]:
        return tuple((p.ending, None if p.if_ is None else content.test(p.if_)) for p in pages)

    sheets = {seat: content.sheets[(seat, episode)] for seat in content.seats}
    stars = content.stars
    return EpisodeBox(
        ends={c: rules(r for r in card.end if r.works_in(episode))
              for c, card in content.cards.items() if c in content.enders(episode)},
        sheet_ends={(seat, when): rules(r for r in sheet.end if r.when == when)
                    for seat, sheet in sheets.items() for when in ("face_down", "exhausted")},
        limits={c: s.limit or FACE_DOWN_LIMIT for c, s in stars.get("face_down_limit", {}).items()},
        drawn=frozenset(stars.get("drawn", ())),
        protagonist=dict(stars.get("protagonist", {})),
        fewest_down=content.fewest_down,
        turn={seat: legality.Choices((UP, *(Action("down", (c.id,)) for c in sheet.common), STOP))
              for seat, sheet in sheets.items()},
        commons={seat: {c.id: c for c in sheet.common} for seat, sheet in sheets.items()},
        choose_common={seat: tuple(Action("effect", (c.id,)) for c in sheet.common)
                       for seat, sheet in sheets.items()},
        accusations=tuple(Action("accuse", (s,)) for s in content.suspects(episode)),
    )
