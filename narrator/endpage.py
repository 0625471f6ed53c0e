"""Ending pages, written over the game that ended.

A page's text in the story's ending book is a Jinja template (sandboxed, strict). It
sees the facts of the public log only, so nothing on the page is a secret, and each
helper answers only from what the log holds: `last("culprit_revealed")` is none in a
game where the culprit never came to light, so a page states a detail only when it
happened. From the profile it sees how many times the player has come to an end of
this episode and which endings they have seen. See docs/narration.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.events import Event
from engine.storyfiles import fields
from narrator.narration import environment_for


@dataclass(frozen=True)
class Page:
    id: str
    title: str
    text: str
    condition: str
    tone: str


def _matches(data: dict, match: dict) -> bool:
    return all(data.get(k) == v for k, v in match.items())


def facts(story, episode: str, ending_id: str, log: list[Event] | None = None, profile=None) -> dict:
    """What a page may say: the public log's facts and the player's own history."""
    public = [e for e in (log or ()) if e.seats is None]

    def every(kind: str, **match) -> list[dict]:
        return [e.data for e in public if e.kind == kind and _matches(e.data, match)]

    def last(kind: str, **match) -> dict | None:
        found = every(kind, **match)
        return found[-1] if found else None

    def happened(kind: str, **match) -> bool:
        return bool(every(kind, **match))

    def before(event: dict | None, *kinds: str) -> int:
        """How many public events of `kinds` came before `event` (data `last` or `every`
        gave, found by identity; every one of them for none): when in the game it was."""
        n = 0
        for e in public:
            if e.data is event:
                break
            n += e.kind in kinds
        return n

    def card(card_id: str | None) -> dict | None:
        c = story.content.cards.get(card_id) if card_id is not None else None
        if c is None:
            return None
        # Every field the story file prints on the card (each family's cards have their own).
        return {name: getattr(c, name) for name in fields(c)}

    page = story.content.page(episode, ending_id)
    book = profile.endings.get(story.id, {}).get(episode, {}) if profile is not None else {}
    end = last("ending") or {}
    return {
        "ending": {"id": page.id, "title": page.title, "tone": page.tone},
        "end": end, "cause": end.get("cause"),
        "every": every, "last": last, "happened": happened, "before": before, "card": card,
        "names": {s: story.seat_name(s) for s in story.seats}, "voice": story.voice,
        "episode": episode, "played": bool(public),
        # From the profile (none when it is not at hand, as in a replay).
        "tries": sum(u.count for u in book.values()) if profile is not None else None,
        "seen": sorted(book) if profile is not None else None,
        "first_time": book.get(ending_id) is not None and book[ending_id].count == 1 if profile is not None else None,
    }


def render(story, episode: str, ending_id: str, log: list[Event] | None = None, profile=None) -> Page:
    """The page of `ending_id` as this game (or, without a log, any game) wrote it."""
    page = story.content.page(episode, ending_id)
    env = environment_for(story)
    text = env.from_string(page.text).render(facts(story, episode, ending_id, log, profile))
    return Page(page.id, page.title, text, page.condition, page.tone)
