"""What a player may type or pipe in: any digits, any bytes, any length, and a saves
folder that stops taking writes. Nothing aborts the game, and nothing is claimed saved
that was not."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("story", ["fumie", "fatima", "applerulette", "funnytime"])
def test_log_with_unicode_digits_is_not_a_number(cli, story):
    result = cli("play", story, "--seed", 1, input="log ²\nlog ①\nlog 99999999999999999999\n1\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Your game is saved" in result.output
    assert "`log ²`: give a number of passages, like `log 5`" in result.output


@pytest.mark.parametrize("line", ["action ²", "fight with ①", "discard ٣"])
def test_fatima_actions_with_unicode_digits_are_mistakes(cli, line):
    result = cli("play", "fatima", "--seed", 1, input=f"{line}\nquit\n")
    assert result.exit_code == 0, result.output
    assert "Nothing has changed" in result.output


def test_a_saved_action_with_unicode_digits_names_the_file(cli, tmp_path):
    cli("play", "fatima", "--seed", 1, input="1\nquit\n")    # a game never played leaves no save
    save = next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml")
    save.write_text(re.sub(r"actions = \[.*?\]", 'actions = ["p1: action ²"]', save.read_text(), flags=re.S))
    result = cli("continue", save.stem, input="quit\n")
    assert result.exit_code == 1
    assert str(save) in result.output and "action 1" in result.output


def _play(tmp_path, data: bytes, encoding: str = "utf-8:strict") -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    return subprocess.run([sys.executable, "-m", "narrator", "--saves", str(tmp_path), "play", "fumie",
                           "--seed", "1"], input=data, capture_output=True, cwd=ROOT, env=env, timeout=60)


@pytest.mark.parametrize("encoding", ["utf-8:strict", "ascii:strict", "latin-1", "utf-8"])
def test_any_bytes_on_standard_input_are_survived_in_any_encoding(tmp_path, encoding):
    done = _play(tmp_path, b"hand\n\xff\xfe\x80 up\n\x00\x1b[2J\nup\nquit\n", encoding)
    assert done.returncode == 0, done.stderr.decode(errors="replace")
    out = done.stdout.decode(errors="replace")
    assert "Your game is saved" in out
    saved = next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml").read_text()
    assert 'actions = [\n    "takeo: up",\n]' in saved or '"takeo: up"' in saved   # the move after the bytes


def test_a_long_line_is_cut_and_echoed_briefly_and_a_huge_paste_is_quick(tmp_path):
    done = _play(tmp_path, b"x" * 1_200 + b"\n" + b"up " * 14_000 + b"\nup\nquit\n")
    assert done.returncode == 0
    out = done.stdout.decode()
    assert "x" * 200 not in out and "up " * 100 not in out
    assert "Your game is saved" in out


def test_a_full_disk_is_never_called_saved(cli, tmp_path, monkeypatch):
    import errno

    from narrator import tomlfile

    cli("play", "fumie", "--seed", 1, input="up\nquit\n")
    real = tomlfile.write

    def full(path, data):
        if path.name != "profile.toml":
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, data)

    monkeypatch.setattr(tomlfile, "write", full)
    result = cli("continue", input="up\nquit\n")
    assert "Your game is saved" not in result.output
    assert "could not be saved" in result.output and "No space left" in result.output
    assert result.exit_code == 1
    monkeypatch.setattr(tomlfile, "write", real)
    result = cli("continue", input="quit\n")            # the disk has room again
    assert "Your game is saved" in result.output
