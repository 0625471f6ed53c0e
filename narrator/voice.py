"""A story's voice as data: its cast, places and setting lines, and the narrator's own
words between events (a player leaving, a move's bookkeeping folded into one line).

It is read from the story folder's `voice.toml`, else from a `[voice]` table of its
`story.toml`; templates see it as `voice` (see docs/narration.md). Nothing here is
checked against a family: the keys below are the narrator's, and the tables `cast`,
`places`, `setting` and `words` are the author's to fill as the templates need.
"""
from __future__ import annotations

import tomllib
from importlib.resources.abc import Traversable

from engine.errors import StoryError

FILE = "voice.toml"
# The keys the narrator reads, with what each is for (the author's check names them).
KEYS = {
    "format_version": "the voice file's format, 1",
    "quit": "the line said when a player leaves a game part way through",
    "previously": "the words that open the recap when a game is continued (\"Previously, at the feast:\")",
    "fold": "[fold] kinds = [...]: bookkeeping events told as one line per move",
    "progress": "[progress] kind, field, total: how far the story has come, 0 to 1",
    "cast": "the people of the story, as the templates name them",
    "places": "the places of the story",
    "setting": "setting lines: weather, light, the hour",
    "words": "any other words the templates share",
}
PROGRESS_KEYS = {"kind": "the event kind counted", "field": "a number in the event's data to add up instead of counting",
                 "total": "the count at which the story is done"}
FOLD_KEYS = {"kinds": "the event kinds that are bookkeeping",
             "before": "the event kinds that open a new stretch of the story (a turn, an issue): "
                       "the bookkeeping folded so far is told before them, not under them"}
BEFORE = ("turn",)   # engine.turns' own: a turn told on its own is a new stretch
QUIT = "The story waits for you."
PREVIOUSLY = "Previously:"


def suggest(key: str, known) -> str:
    """"unknown key 'flavor'; did you mean 'flavour'?" (or just the first half)."""
    import difflib      # only a broken file needs it, not a game's start-up

    close = difflib.get_close_matches(key, list(known), n=1, cutoff=0.6)
    return f"unknown key {key!r}" + (f"; did you mean {close[0]!r}?" if close else f"; the keys are: {', '.join(known)}")


def read(folder: Traversable, name: str, info: dict) -> dict:
    """The voice of the story in `folder` (`name` is how errors call the folder)."""
    path = folder / FILE
    if path.is_file():
        where = f"{name}/{FILE}"
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except tomllib.TOMLDecodeError as err:
            raise StoryError(where, "(file)", f"is not valid TOML: {err}") from None
    else:
        where = f"{name}/story.toml"
        data = info.get("voice", {})
        if not isinstance(data, dict):
            raise StoryError(where, "voice", "should be a table: [voice]")
    check(data, where)
    return data


def check(data: dict, where: str) -> None:
    """Raise StoryError on the first thing wrong with a voice table."""
    for key, value in data.items():
        if key not in KEYS:
            raise StoryError(where, key, suggest(key, KEYS))
    if "quit" in data and not isinstance(data["quit"], str):
        raise StoryError(where, "quit", 'should be a line of text: quit = "..."')
    fold = data.get("fold", {})
    if not isinstance(fold, dict):
        raise StoryError(where, "fold", 'should be a table: [fold] kinds = ["draw", "turn"]')
    for key in fold:
        if key not in FOLD_KEYS:
            raise StoryError(where, f"fold.{key}", suggest(key, FOLD_KEYS))
    for key, example in (("kinds", '["draw", "turn"]'), ("before", '["turn", "issue"]')):
        kinds = fold.get(key, [])
        if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
            raise StoryError(where, f"fold.{key}", f"should list event kinds: {key} = {example}")
    progress = data.get("progress", {})
    if not isinstance(progress, dict):
        raise StoryError(where, "progress", 'should be a table: [progress] kind = "draw", total = 30')
    for key in progress:
        if key not in PROGRESS_KEYS:
            raise StoryError(where, f"progress.{key}", suggest(key, PROGRESS_KEYS))
    if progress:
        if not isinstance(progress.get("kind"), str):
            raise StoryError(where, "progress.kind", 'should name the event kind counted: kind = "draw"')
        total = progress.get("total")
        if not isinstance(total, (int, float)) or isinstance(total, bool) or total <= 0:
            raise StoryError(where, "progress.total", "should be a number above 0: the count at which the story is done")
        if "field" in progress and not isinstance(progress["field"], str):
            raise StoryError(where, "progress.field", 'should name a number in the event\'s data: field = "count"')
    setting = data.get("setting", {})
    hours = setting.get("hours") if isinstance(setting, dict) else None
    _check_wordings(data.get("words", {}), "words", len(hours) if isinstance(hours, list) else None, where)


def _check_wordings(value, path: str, hours: int | None, where: str) -> None:
    """A list of wordings under `words` holds lines of text, or tables of a line that fits
    some hours of the story's day only: { text = "...", hours = [first, last] }, counted
    from 0 among the voice's [setting] hours. A table wrong in shape is named here, at
    load, not met as a template error in the middle of a game."""
    if isinstance(value, dict):
        for key, inner in value.items():
            _check_wordings(inner, f"{path}.{key}", hours, where)
        return
    if not isinstance(value, list):
        return
    example = '{ text = "...", hours = [first, last] }'
    for i, line in enumerate(value):
        if isinstance(line, list):
            _check_wordings(line, f"{path}[{i}]", hours, where)
        if not isinstance(line, dict):
            continue
        at = f"{path}[{i}]"
        if set(line) != {"text", "hours"} or not isinstance(line["text"], str):
            raise StoryError(where, at, f"a wording kept for some hours is written {example}")
        span = line["hours"]
        whole = isinstance(span, list) and len(span) == 2 and all(
            isinstance(h, int) and not isinstance(h, bool) for h in span)
        if not whole or not 0 <= span[0] <= span[1] or (hours is not None and span[1] >= hours):
            most = f" and below {hours}, the [setting] hours" if hours is not None else ""
            raise StoryError(where, f"{at}.hours", f"should be [first, last], whole numbers from 0{most}")


def folded_kinds(voice: dict) -> frozenset[str]:
    return frozenset(voice.get("fold", {}).get("kinds", ()))


def fold_before(voice: dict) -> frozenset[str]:
    """The kinds before which a move's folded bookkeeping is told (those not folded)."""
    fold = voice.get("fold", {})
    return frozenset(fold.get("before", BEFORE)) - folded_kinds(voice)


def quit_line(voice: dict) -> str:
    return voice.get("quit", QUIT)


def previously(voice: dict) -> str:
    return voice.get("previously", PREVIOUSLY)
