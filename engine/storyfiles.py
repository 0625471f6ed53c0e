"""What every story's files share: the story records, the format version, validation
with errors that name the file, the key and the fix, and the ending book.

Each family validates its own cards with its own records; these are the parts that
would otherwise be written once per family.

A record (a `Frozen` subclass) is a frozen dataclass: declaring one, and reading one
back from the content kept between runs (narrator.content_cache), needs no pydantic.
pydantic is imported only to validate a story's files (`check`), which it does on the
records themselves (it validates stdlib dataclasses: their fields' types, the
constraints given with `Field`, and the checks marked with `model_validator` or
`field_validator`, run from `__post_init__`). So a game whose content was validated
before starts without building a single pydantic model.
"""
from __future__ import annotations

import dataclasses
import typing
from collections.abc import Iterable, Sequence
from typing import Any, Callable, Literal, TypeVar, dataclass_transform

from engine.errors import StoryError

FORMAT_VERSION = 1
# The page every ending book keeps for a game a player gives up (`stop`): it is found by
# a player's word, never by play, so explore does not count it among the pages to reach.
STOPPED = "stopped"


def Field(default: Any = dataclasses.MISSING, **constraints: Any) -> Any:
    """A record's field with pydantic's constraints (`pattern`, `ge`, `min_length`, `alias`
    ...), kept in the field's metadata, where pydantic reads them when it validates."""
    if isinstance(default, (list, dict, set)):
        empty = type(default)
        return dataclasses.field(default_factory=empty, metadata=constraints)
    return dataclasses.field(default=default, metadata=constraints)


_CHECK = "__story_check__"


def model_validator(*, mode: Literal["after"]) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Marks a record's method that checks the whole record once its fields are read
    (pydantic's spelling); it raises ValueError saying what is wrong."""
    def mark(fn: Callable[..., Any]) -> Callable[..., Any]:
        setattr(fn, _CHECK, None)
        return fn
    return mark


def field_validator(name: str) -> Callable[[Any], Any]:
    """Marks a record's classmethod that checks one field's value (pydantic's spelling);
    a problem it raises is reported at that field."""
    def mark(fn: Any) -> Any:
        setattr(fn.__func__ if isinstance(fn, classmethod) else fn, _CHECK, name)
        return fn
    return mark


class FieldProblem(ValueError):
    """A field's check failed: the message, and the field it is about."""

    def __init__(self, field: str, message: str):
        super().__init__(message)
        self.field = field


@dataclass_transform(kw_only_default=True, frozen_default=True, field_specifiers=(Field,))
class Frozen:
    """A story record: no unknown keys (a typo is an error), immutable once loaded.

    What a record does with its fields (made from keywords, compared, hashed and shown
    by them, never changed) is written here once for every record: the dataclass
    machinery only gathers each record's fields. Generating those methods for each
    record class, six small functions compiled apiece, cost about 0.4 ms a class at
    every start-up."""

    # Read by pydantic when it validates the record (see `check`); inherited.
    __pydantic_config__ = {"extra": "forbid", "populate_by_name": True}
    # (field or None for the whole record, method name): the checks __post_init__ runs.
    __story_checks__: typing.ClassVar[list[tuple[str | None, str]]] = []
    __story_fields__: typing.ClassVar[tuple[dataclasses.Field[Any], ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for name, value in list(vars(cls).items()):      # an empty list default: a fresh one each
            if isinstance(value, (list, dict, set)) and name in cls.__dict__.get("__annotations__", {}):
                setattr(cls, name, Field(value))
        cls.__doc__ = cls.__doc__ or cls.__name__        # (else dataclass works one out from a signature)
        dataclasses.dataclass(init=False, repr=False, eq=False)(cls)
        cls.__story_fields__ = dataclasses.fields(typing.cast(Any, cls))
        marked = {attr: getattr(fn, "__func__", fn) for klass in reversed(cls.__mro__)
                  for attr, fn in vars(klass).items() if hasattr(getattr(fn, "__func__", fn), _CHECK)}
        checks = [(getattr(fn, _CHECK), attr) for attr, fn in marked.items()]
        # Field checks first, then the whole record's, as pydantic orders them.
        cls.__story_checks__ = [c for c in checks if c[0] is not None] + [c for c in checks if c[0] is None]

    def __init__(self, **values: Any) -> None:
        for field in self.__story_fields__:
            if field.name in values:
                value = values.pop(field.name)
            elif field.default is not dataclasses.MISSING:
                value = field.default
            elif field.default_factory is not dataclasses.MISSING:
                value = field.default_factory()
            else:
                raise TypeError(f"{type(self).__name__}() needs {field.name!r}")
            object.__setattr__(self, field.name, value)
        if values:
            raise TypeError(f"{type(self).__name__}() has no field {next(iter(values))!r}")
        self.__post_init__()

    def __post_init__(self) -> None:
        for field, attr in type(self).__story_checks__:
            if field is None:
                getattr(self, attr)()
                continue
            try:
                getattr(type(self), attr)(getattr(self, field))
            except ValueError as err:
                raise FieldProblem(field, str(err)) from None

    def __eq__(self, other: object) -> bool:
        if other.__class__ is self.__class__:
            return self.__dict__ == other.__dict__
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple(getattr(self, f.name) for f in self.__story_fields__))

    def __repr__(self) -> str:
        shown = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in self.__story_fields__)
        return f"{type(self).__qualname__}({shown})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")


def fields(record: Any) -> tuple[str, ...]:
    """The names of a record's fields."""
    return tuple(f.name for f in dataclasses.fields(record))


def as_data(value: Any) -> Any:
    """A record as plain data (dicts, lists, text and numbers), as JSON would hold it."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_data(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, (list, tuple)):
        return [as_data(v) for v in value]
    if isinstance(value, dict):
        return {k: as_data(v) for k, v in value.items()}
    return value


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


M = TypeVar("M")


class Invalid(ValueError):
    """Data that is not a valid record: pydantic's errors, each a dict (type, loc, msg)."""

    def __init__(self, errors: list[dict[str, Any]]):
        super().__init__(errors[0]["msg"] if errors else "invalid")
        self.problems = errors

    def errors(self) -> list[dict[str, Any]]:
        return self.problems

    def error_count(self) -> int:
        return len(self.problems)


# pydantic words a few problems of a dataclass otherwise than those of a model; story
# authors read the model's words.
_WORDING = {
    "unexpected_keyword_argument": ("extra_forbidden", "Extra inputs are not permitted"),
    "dataclass_type": ("model_type", None),
}


_adapters: dict[type, Any] = {}     # record -> its pydantic validator, built on first use


def _adapter(model: type) -> Any:
    if model not in _adapters:
        from pydantic import TypeAdapter

        _adapters[model] = TypeAdapter(model)
    return _adapters[model]


def check(model: type[M], data: Any) -> M:
    """`data` as the record `model`, validated by pydantic; raises Invalid."""
    from pydantic import ValidationError

    try:
        return typing.cast(M, _adapter(model).validate_python(data))
    except ValidationError as err:
        problems = []
        for error in err.errors():
            e: dict[str, Any] = dict(error)
            cause = (e.get("ctx") or {}).get("error")
            if isinstance(cause, FieldProblem):
                e["loc"] = (*e["loc"], cause.field)
            if e["type"] in _WORDING:
                kind, msg = _WORDING[e["type"]]
                e["type"] = kind
                e["msg"] = msg or e["msg"].replace("a dictionary or an instance", "a valid dictionary or instance")
            problems.append(e)
        raise Invalid(problems) from None


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
        return check(model, data)
    except Invalid as err:
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
    import difflib      # only a broken file needs it, not a game's start-up

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


def _keys(model: type, seen: set[type] | None = None) -> set[str]:
    """Every key the record and the records inside it know (their fields and aliases)."""
    seen = set() if seen is None else seen
    if model in seen:
        return set()
    seen.add(model)
    keys: set[str] = set()
    hints = typing.get_type_hints(model)
    for field in dataclasses.fields(model):
        keys.add(field.metadata.get("alias") or field.name)
        for inner in _models(hints[field.name]):
            keys |= _keys(inner, seen)
    return keys


def _models(annotation: Any) -> list[type]:
    if isinstance(annotation, type) and dataclasses.is_dataclass(annotation):
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
