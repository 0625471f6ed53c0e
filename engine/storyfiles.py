"""What every story's files share: the format version, validation with errors that
name the file, the key and the fix, and the ending book.

Each family validates its own cards with its own models; these are the parts that
would otherwise be written once per family.
"""
from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from typing import Any, Callable, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from engine.errors import StoryError

FORMAT_VERSION = 1
# The page every ending book keeps for a game a player gives up (`stop`): it is found by
# a player's word, never by play, so explore does not count it among the pages to reach.
STOPPED = "stopped"


class Frozen(BaseModel):
    """A story record: no unknown keys (a typo is an error), immutable once loaded."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)


class EndingPage(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    title: str
    tone: Literal["true", "good", "bittersweet", "bad", "neutral"]
    condition: str
    text: str
    # When the family lets the book decide (see engine.endings): the moment, the facts
    # that must hold, and who wins.
    at: str | None = None
    if_: tuple[str, ...] = Field((), alias="if")
    winners: str | None = None


class EndingBook(Frozen):
    format_version: int
    episode: str
    ending: list[EndingPage] = Field(min_length=1)


M = TypeVar("M", bound=BaseModel)


def validated(model: type[M], data: dict[str, Any], file: str) -> M:
    """`data` (one parsed file) as `model`; raises StoryError naming the file and key."""
    version = data.get("format_version")
    if version != FORMAT_VERSION:
        raise StoryError(
            file, "format_version",
            f"is {version!r}, but this version of narrator reads format_version = {FORMAT_VERSION};"
            " update the file or narrator",
        )
    try:
        return model.model_validate(data)
    except ValidationError as err:
        # A misspelt key is the likeliest cause of the "required" one beside it: say it first.
        first = sorted(err.errors(), key=lambda e: e["type"] != "extra_forbidden")[0]
        key = ".".join(_named(data, first["loc"])) or "(top level)"
        more = f" (and {err.error_count() - 1} more problems)" if err.error_count() > 1 else ""
        problem = first["msg"]
        if first["type"] == "extra_forbidden":
            problem = unknown_key(str(first["loc"][-1]), _keys(model))
        raise StoryError(file, key, problem + more) from None


def unknown_key(key: str, known: Iterable[str]) -> str:
    """"unknown key 'flavor'; did you mean 'flavour'?" (the nearest key, when one is near)."""
    close = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    return f"unknown key {key!r}" + (f"; did you mean {close[0]!r}?" if close else "")


def _named(data: Any, loc: Sequence[int | str]) -> list[str]:
    """A validation error's place, with list entries named by their id where they have
    one (card.ball.flavour, not card.3.flavour)."""
    out: list[str] = []
    at = data
    for part in loc:
        item = None
        if isinstance(part, int) and isinstance(at, list) and 0 <= part < len(at):
            item = at[part]
        elif isinstance(at, dict):
            item = at.get(part)
        out.append(str(item["id"]) if isinstance(part, int) and isinstance(item, dict)
                   and isinstance(item.get("id"), str) else str(part))
        at = item
    return out


def _keys(model: type[BaseModel], seen: set[type[BaseModel]] | None = None) -> set[str]:
    """Every key the model and the models inside it know (their fields and aliases)."""
    seen = set() if seen is None else seen
    if model in seen:
        return set()
    seen.add(model)
    keys: set[str] = set()
    for name, field in model.model_fields.items():
        keys.add(field.alias or name)
        for inner in _models(field.annotation):
            keys |= _keys(inner, seen)
    return keys


def _models(annotation: Any) -> list[type[BaseModel]]:
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return [annotation]
    return [m for arg in getattr(annotation, "__args__", ()) for m in _models(arg)]


def reader(folder: Any, prefix: str,
           read: Callable[[Any, str], dict[str, Any]]) -> Callable[..., tuple[str, dict[str, Any]]]:
    """`named("endings", "basic.toml")` -> (its name for messages, its parsed data).
    The caller's `read` does the I/O; the engine only knows the files' names."""
    def named(*parts: str) -> tuple[str, dict[str, Any]]:
        path = folder
        for part in parts:
            path = path / part
        name = "/".join((prefix, *parts))
        return name, read(path, name)
    return named
