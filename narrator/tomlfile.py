"""Reading and writing the TOML files that hold a player's progress.

Writes are atomic (a temporary file in the same folder, fsync, rename), so a crash
never leaves half a save; the temporary files a killed write left behind are removed
by the next write. A file that cannot be read is reported with its path and the
problem, and left exactly as it is: nothing here overwrites a file it could not read.

Reading is bounded: a file larger than `MAX_BYTES`, nested deeper than `MAX_DEPTH`, or
holding an integer TOML cannot hold (beyond 64 bits) is refused with its path and key,
before anything is built from it.
"""
from __future__ import annotations

import os
import tempfile
import time
import tomllib
from pathlib import Path

import tomli_w


class BrokenFile(Exception):
    """A save or profile that exists but cannot be used; says which and why."""

    def __init__(self, path: Path, problem: str, fix: str):
        super().__init__(f"{path}: {problem}. {fix}")
        self.path, self.problem, self.fix = path, problem, fix


MAX_BYTES = 2 * 1024 * 1024       # a long game's save with its prose is a few hundred KiB
MAX_DEPTH = 16                    # tables and lists inside each other: no file needs more
INT_MIN, INT_MAX = -(2 ** 63), 2 ** 63 - 1
STALE = 600.0                     # seconds after which a temporary file is a killed write's


class Unreadable(ValueError):
    """TOML that cannot be used: too big, not UTF-8, not TOML, too deep, or past 64 bits.
    `syntax` holds the parser's own words when the text is not TOML at all."""

    def __init__(self, problem: str, syntax: str = ""):
        super().__init__(problem)
        self.syntax = syntax


def parse(raw: bytes, what: str, limit: int = MAX_BYTES) -> dict:
    """Bytes of a TOML file, parsed within the bounds; raises Unreadable saying why.
    Every TOML file narrator reads (saves, the profile, story files, decks) comes here."""
    if len(raw) > limit:
        raise Unreadable(f"this {what} is larger than {limit // 1024} KiB, more than any {what} needs")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise Unreadable(f"this {what} is not UTF-8 text") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise Unreadable(f"this {what} is not valid TOML ({err})", str(err)) from None
    except RecursionError:
        raise Unreadable(f"this {what} nests tables or lists more than {MAX_DEPTH} deep") from None
    problem = _bounds(data)
    if problem:
        raise Unreadable(problem)
    return data


def read_bytes(path, limit: int = MAX_BYTES) -> bytes:
    """At most limit + 1 bytes of the file: enough to know it is too big, no more."""
    with path.open("rb") as f:
        return f.read(limit + 1)


def read(path: Path, what: str, limit: int = MAX_BYTES) -> dict:
    try:
        return parse(read_bytes(path, limit), what, limit)
    except Unreadable as err:
        raise BrokenFile(path, str(err), _fix(what)) from None


def _bounds(data: dict) -> str | None:
    """What in parsed TOML goes past the bounds, naming the key; None if nothing does.
    Walked with a list, not recursion, so a deep file cannot exhaust the stack here."""
    todo: list[tuple[str, object, int]] = [("", data, 0)]
    while todo:
        key, value, depth = todo.pop()
        if depth > MAX_DEPTH:
            return f"`{key}` nests tables or lists more than {MAX_DEPTH} deep"
        if isinstance(value, dict):
            todo.extend((f"{key}.{k}" if key else str(k), v, depth + 1) for k, v in value.items())
        elif isinstance(value, list):
            todo.extend((f"{key}[{i}]", v, depth + 1) for i, v in enumerate(value))
        elif isinstance(value, int) and not isinstance(value, bool) and not INT_MIN <= value <= INT_MAX:
            return f"`{key}` is {str(value)[:30]}, beyond the 64-bit whole numbers TOML holds"
    return None


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _fix(what: str) -> str:
    return (f"Mend it by hand, or move it aside; narrator leaves a broken {what} untouched"
            " and will not overwrite it")


def write(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        # mkstemp makes the file private (0600); give it the mode a new file would have.
        os.chmod(tmp, path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask())
        with os.fdopen(fd, "wb") as f:
            f.write(tomli_w.dumps(data).encode("utf-8"))
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _sweep(path)


def _sweep(path: Path) -> None:
    """Remove the temporary files that killed writes left in `path`'s folder (old ones
    only: a write going on in another process right now keeps its own)."""
    now = time.time()
    for tmp in path.parent.glob(".*.toml.*.tmp"):
        try:
            if now - tmp.stat().st_mtime > STALE:
                tmp.unlink()
        except OSError:
            pass
