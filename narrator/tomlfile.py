"""Reading and writing the TOML files that hold a player's progress.

Writes are atomic (a temporary file in the same folder, fsync, rename), so a crash
never leaves half a save. A file that cannot be read is reported with its path and the
problem, and left exactly as it is: nothing here overwrites a file it could not read.
"""
from __future__ import annotations

import os
import tempfile
import tomllib
from pathlib import Path

import tomli_w


class BrokenFile(Exception):
    """A save or profile that exists but cannot be used; says which and why."""

    def __init__(self, path: Path, problem: str, fix: str):
        super().__init__(f"{path}: {problem}. {fix}")
        self.path, self.problem, self.fix = path, problem, fix


def read(path: Path, what: str) -> dict:
    try:
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise BrokenFile(path, f"this {what} is not UTF-8 text", _fix(what)) from None
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as err:
        raise BrokenFile(path, f"this {what} is not valid TOML ({err})", _fix(what)) from None


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
