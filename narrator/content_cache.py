"""A story's validated content, kept between runs in the user cache folder.

Validating a story's files is most of what loading it costs, and they rarely change: the
content validated last time is kept (pickled) under a key made of everything it was made
from — each of the story's files (path, size, modification time), the source files of
the family's engine that validated it, and narrator's and Python's versions. A change to
any of them is a new key, so stale content is never used. The cache is only ever a
shortcut: a missing, unreadable or damaged entry is validated afresh and written again,
and a cache folder that cannot be written is simply not used. Each story folder keeps
one entry, the latest: storing content for a folder removes what was kept for it before
(its files or narrator changed), so the cache does not grow with every edit or upgrade.

Content read back must be as quick to use as content made: see `Keeper`.
"""
from __future__ import annotations

import copyreg
import hashlib
import os
import pickle
import sys
import tempfile
from functools import cache
from pathlib import Path
from typing import Any

from narrator import __version__

ENV = "NARRATOR_CACHE"      # another cache folder (tests, read-only homes); empty turns it off
# How objects are written (`Keeper`): part of the key, so content written another way is
# never read as if written this way.
LAYOUT = 3


def folder() -> Path | None:
    where = os.environ.get(ENV)
    if where is not None:
        return Path(where).expanduser() / "content" if where else None
    import platformdirs

    return Path(platformdirs.user_cache_dir("narrator", appauthor=False)) / f"content-{__version__}"


def _files(root: Path, suffixes: tuple[str, ...] | None = None):
    for base, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(names):
            if suffixes is None or name.endswith(suffixes):
                yield Path(base) / name


def key(place: Any, loader: Any) -> str | None:
    """The key of the content validated by `loader` from the story folder `place`, or None
    when `place` is not a folder on disk (a story inside an archive is not cached)."""
    if not isinstance(place, Path) or not place.is_dir():
        return None
    # The content was validated by this pydantic: its installed files stand for its version
    # (found without importing it, which start-up would pay for).
    from importlib.util import find_spec

    spec = find_spec("pydantic")
    models = Path(spec.origin).parent if spec is not None and spec.origin else None
    models_stamp = f"{models}:{(models / 'version.py').stat().st_mtime_ns}" \
        if models is not None and (models / "version.py").exists() else ""
    folder_tag = hashlib.sha256(str(place.resolve()).encode()).hexdigest()[:16]
    digest = hashlib.sha256(f"{LAYOUT}\0{__version__}\0{sys.version}\0{models_stamp}\0{place.resolve()}".encode())
    _stamp(digest, place, None)
    digest.update(_engine_stamp(getattr(loader, "__module__", "")).encode())
    return f"{folder_tag}-{digest.hexdigest()}"     # the story folder's, then the content's


@cache
def _engine_stamp(module_name: str) -> str:
    """The stamp of the source files of the family's engine whose loader is in
    `module_name`, and of the engine's core: read once a process, for the code that
    validates is the code imported then. Read at every load, an engine upgraded under a
    running process would have had it keep content of the old shape under the new key."""
    module = sys.modules.get(module_name, None)
    source = Path(getattr(module, "__file__", "") or "")
    if not source.name:
        return ""
    engine = source.parent
    digest = hashlib.sha256()
    _stamp(digest, engine, (".py",))
    _stamp(digest, engine.parent, (".py",), own_only=True)   # the core: not the other families
    return digest.hexdigest()


def _stamp(digest, root: Path, suffixes: tuple[str, ...] | None, own_only: bool = False) -> None:
    for path in _files(root, suffixes):
        if own_only and path.parent != root:
            continue
        st = path.stat()
        digest.update(f"\0{path}\0{st.st_size}\0{st.st_mtime_ns}".encode())


def fetch(name: str | None) -> Any | None:
    """The content kept under this key, or None (never there, unreadable or damaged)."""
    where = folder()
    if name is None or where is None:
        return None
    try:
        with open(where / f"{name}.pickle", "rb") as f:
            return pickle.load(f)
    except Exception:       # noqa: BLE001 - any damage at all means: validate afresh
        return None


def store(name: str | None, content: Any) -> None:
    """Keep `content` under this key, written whole or not at all."""
    where = folder()
    if name is None or where is None:
        return
    try:
        where.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=where, suffix=".tmp")
        with os.fdopen(fd, "wb") as f:
            Keeper(f, protocol=pickle.HIGHEST_PROTOCOL).dump(content)
        os.replace(tmp, where / f"{name}.pickle")
        _forget_older(where, name)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass


class Keeper(pickle.Pickler):
    """Pickles content so that each object read back keeps its attributes inline.

    Why: an object made by its class keeps its attributes in the object itself (Python
    3.11), and reading one is a quick, specialised lookup. Unpickled the default way, its
    attributes are put in a dictionary of its own, and every read of one then costs
    several times as much: content read from this cache made explore 0.3-4 % slower a
    move than content validated afresh (bench/instructions.py, with and without
    NARRATOR_CACHE). So an object of a plain class (one that pickles itself the default
    way) is written as its class and its attributes, and read back by setting each
    attribute in turn, as its __init__ did (`_set_inline`)."""

    def reducer_override(self, obj: Any) -> Any:
        cls = type(obj)
        # A builtin, a class, or what keeps more than attributes (a dict's, list's or
        # set's items, which the default reduction writes beside them): the default way.
        if cls.__module__ == "builtins" or isinstance(obj, _HOLDERS) or not _plain(cls):
            return NotImplemented
        state = getattr(obj, "__dict__", None)
        if type(state) is not dict:
            return NotImplemented
        return copyreg.__newobj__, (cls,), state, None, None, _set_inline


_HOLDERS = (type, dict, list, set, frozenset, tuple, str, bytes, bytearray, int, float, complex)


@cache
def _plain(cls: type) -> bool:
    """Whether `cls` pickles its objects the default way (no method of its own for it)."""
    return (cls.__reduce_ex__ is object.__reduce_ex__ and cls.__reduce__ is object.__reduce__
            and cls.__getstate__ is object.__getstate__ and not hasattr(cls, "__setstate__")
            and not hasattr(cls, "__slots__") and not hasattr(cls, "__getnewargs_ex__")
            and not hasattr(cls, "__getnewargs__"))


def _set_inline(obj: Any, state: dict[str, Any]) -> None:
    """Give an unpickled object its attributes one by one, as its __init__ did (in the
    same order, so objects of a class share their layout); frozen records included."""
    for name, value in state.items():
        object.__setattr__(obj, name, value)


def _forget_older(where: Path, name: str) -> None:
    """Remove what was kept for the same story folder under other keys: it can never be
    fetched again by this narrator, and another that still wants it validates afresh."""
    folder_tag, _, _ = name.partition("-")
    for old in where.glob(f"{folder_tag}-*.pickle"):
        if old.name != f"{name}.pickle":
            try:
                old.unlink()
            except OSError:
                pass
