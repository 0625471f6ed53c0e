"""The README's commands, run as written: every `narrator` line of its examples exits 0.

The lines are read from README.md itself, so a command added there is run here too.
Words in capitals and brackets are filled in as a reader would: SLOT with a game just
played, FILE with a starter deck file, `[x|y]` each way and `[...]` with and without.
The play commands are scripted through standard input, as the README shows with
`< moves.txt`: a whole game to its ending page.

Not run here, each with the test that runs it: installing (`pip install`, which would
repoint the shared install; `.ci/run` runs the test command), playing over the network
(`host`/`join` need two processes: tests/net/test_network.py runs both on 127.0.0.1),
and a language model (`--llm URL`: tests/llm_unit/test_cli_llm.py runs `llm check` and a
narrated game against a local stand-in server).
"""
from __future__ import annotations

import re
import shlex
import zlib
from importlib.resources import files
from itertools import product
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"
# How many games the exploring line plays here (the README's 1,000 take minutes).
GAMES = "3"
ELSEWHERE = ("host", "join")          # the network: tests/net
DECK = str(files("stories") / "funnytime" / "decks" / "slapstick.toml")


def readme_lines() -> list[str]:
    """Every example line that runs narrator: indented, without its # comment."""
    out = []
    for line in README.read_text("utf-8").splitlines():
        if not line.startswith("    "):
            continue
        command = line.split("  #")[0].strip()
        if "pip install" in command:
            continue
        for part in command.split("&&"):
            part = part.strip()
            if part.startswith("narrator "):
                out.append(part)
    return out


def variants(line: str) -> list[list[str]]:
    """The line's words in each way a reader may fill it in: `[--bot a|b]` as nothing,
    `--bot a` and `--bot b`; `[--json]` as nothing and `--json`."""
    line = line.replace("< moves.txt", "")
    groups = re.findall(r"\[([^\]]*)\]", line)
    ways = []
    for group in groups:
        *words, last = group.split()
        ways.append(["", *(" ".join([*words, alt]) for alt in last.split("|"))])
    out = []
    for chosen in product(*ways):
        text = line
        for group, way in zip(groups, chosen):
            text = text.replace(f"[{group}]", way, 1)
        out.append(shlex.split(text)[1:])
    return out


def test_the_readme_lists_commands():
    lines = readme_lines()
    assert len(lines) >= 10 and any(line.startswith("narrator play") for line in lines)


@pytest.fixture
def played(cli, script):
    """Two games of For Fumie in the saves folder: (a finished one, one left half-way)."""
    result = cli("play", "fumie", "--seed", "3", "--slot", "finished", input=script(3).text)
    assert result.exit_code == 0, result.output
    result = cli("play", "fumie", "--seed", "4", "--slot", "unfinished", input="table\nup\nquit\n")
    assert result.exit_code == 0, result.output
    return {"replay": "finished", "continue": "unfinished"}


@pytest.mark.parametrize("line", readme_lines())
def test_a_readme_command_exits_0(line, cli, script, played, tmp_path):
    if line.split()[1] in ELSEWHERE:
        pytest.skip("two processes over 127.0.0.1: tests/net/test_network.py runs it")
    if "--llm" in line:
        pytest.skip("needs a model server: tests/llm_unit/test_cli_llm.py runs it against a stand-in")
    for words in variants(line):
        words = [played[words[0]] if w == "SLOT" else DECK if w == "FILE" else w for w in words]
        if "--games" in words:
            words[words.index("--games") + 1] = GAMES
        stdin, page = None, None
        if words[0] == "continue":
            stdin = "table\nquit\n"
        if words[0] == "play":
            if words[1] == "fumie" and len(words) == 2 or words[1:] == ["fumie", "--seed", "3"]:
                # A whole game, to its ending page, worked out with the sleeves the
                # profile knows by now (the partner weighs known cards by their text).
                from narrator.profile import Profile

                game = script(3, known=set(Profile.load(tmp_path).carried.get("sleeves", {}).get("fumie", ())))
                stdin, ended = game.text, game.session.ending()
                page = game.session.story.content.page("basic", ended.id).title
            else:
                stdin = "help\nhand\ntable\nlog\nsave\nquit\n"
            words += ["--slot", f"readme-{zlib.crc32(' '.join(words).encode())}"]
        result = cli(*words, input=stdin)
        assert result.exit_code == 0, (words, result.output[-2000:])
        assert "Traceback" not in result.output
        if page is not None:
            assert page in result.output, (words, page)
