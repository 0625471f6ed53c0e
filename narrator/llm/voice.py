"""A story's voice for the model, read from the `[llm]` table of its story.toml: the
language, person and tense it narrates in, its places, one or two short examples of its
prose, and its mechanical words (what the gate refuses as talk of the rules).

The ordinary words of the story's own templates are read too, so the gate can tell a
sentence's first word ("Outside", "Somewhere") from a name it has never heard.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from engine.errors import StoryError
from narrator.llm.gate import Voice

PERSONS = {"first", "second", "third"}
TENSES = {"present", "past"}


@dataclass(frozen=True)
class StoryVoice:
    language: str
    person: str
    tense: str
    places: tuple[str, ...]
    examples: tuple[str, ...]
    mechanical: tuple[str, ...]
    vocabulary: frozenset[str]

    def gate_voice(self) -> Voice:
        return Voice(self.language, self.mechanical, self.vocabulary, self.person)


class VoiceError(StoryError):
    """A story's [llm] table that cannot be used: names the file and the key, like any
    broken story file."""


_read: dict[str, StoryVoice] = {}


def of(story) -> StoryVoice:
    """The story's voice, read once per process."""
    if story.id not in _read:
        _read[story.id] = read(story)
    return _read[story.id]


def read(story) -> StoryVoice:
    """The story's voice read afresh (for `narrator check`); VoiceError if it is broken."""
    return _voice(story.id, story.info.get("llm", {}))


def _voice(story_id: str, table) -> StoryVoice:
    where = f"stories/{story_id}/story.toml"

    def bad(key: str, problem: str) -> VoiceError:
        return VoiceError(where, f"llm.{key}" if key else "llm", problem)

    if not isinstance(table, dict):
        raise bad("", "should be a table, like [llm] person = \"third\"")
    person, tense = table.get("person", "third"), table.get("tense", "present")
    if person not in PERSONS:
        raise bad("person", f"should be one of {sorted(PERSONS)}, not {str(person)[:40]!r}")
    if tense not in TENSES:
        raise bad("tense", f"should be one of {sorted(TENSES)}, not {str(tense)[:40]!r}")
    language = table.get("language", "en")
    if not isinstance(language, str):
        raise bad("language", "should be text, like \"en\"")
    lists = {}
    for name in ("places", "examples", "mechanical"):
        value = table.get(name, [])
        # A string is a sequence of text too: "card" would be the words c, a, r and d.
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad(name, "should be a list of text, like [\"the clubroom\", \"the station\"]")
        lists[name] = tuple(value)
    return StoryVoice(language, person, tense, lists["places"],
                      lists["examples"], lists["mechanical"], _vocabulary(story_id))


@lru_cache(maxsize=16)
def _vocabulary(story_id: str) -> frozenset[str]:
    """The lower-case words of the story's templates, less Jinja's own syntax, and of the
    lines of its voice (voice.toml), which the templates say."""
    from narrator.library import load
    from narrator.narration import _environment

    env = _environment()
    text = []
    for name in env.list_templates(extensions=["j2"]):
        if name.startswith((f"{story_id}/", "_generic/")):
            source = env.loader.get_source(env, name)[0]
            text.append(re.sub(r"\{[%{#].*?[%}#]\}", " ", source, flags=re.S))
    text += _strings(getattr(load(story_id), "voice", {}) or {})
    return frozenset(w for w in re.findall(r"(?<![A-Za-z])[a-z]+(?:['’][a-z]+)?", " ".join(text)))


def _strings(value) -> list[str]:
    """Every line of text in a voice table, however deep."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []
