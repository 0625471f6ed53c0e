"""The LLM flags through the real CLI (click's CliRunner): `llm check`, a whole game on
a server that refuses every connection, what the save keeps, replay of it, and the key."""
from __future__ import annotations

import tomllib

import pytest
from click.testing import CliRunner

from narrator.cli import main

KEY = "sk-never-written-5b0e7d21"
NOTICE = "The LLM narrator failed"


@pytest.fixture
def refused(closed_port) -> str:
    return f"http://127.0.0.1:{closed_port}/v1"


def save_of(tmp_path, slot: str) -> dict:
    return tomllib.loads((tmp_path / f"{slot}.toml").read_text(encoding="utf-8"))


# --------------------------------------------------------------------- llm check
def test_llm_check_on_a_refused_port(cli, refused):
    result = cli("llm", "check", "--llm", refused, "--model", "m")
    assert result.exit_code == 1
    assert "Is the server running" in result.output and refused in result.output
    assert "Traceback" not in result.output


def test_llm_check_without_a_server_says_how_to_give_one(cli):
    result = cli("llm", "check")
    assert result.exit_code == 1 and "--llm URL" in result.output and "NARRATOR_LLM_URL" in result.output


def test_llm_check_with_a_bad_setting_in_the_config_file(cli, tmp_path, refused):
    config = tmp_path / "config.toml"
    config.write_text(f'[llm]\nurl = "{refused}"\ntotal_timeout = "soon"\n', encoding="utf-8")
    result = cli("llm", "check", "--llm-config", config)
    assert result.exit_code == 1 and "total_timeout should be a number" in result.output
    config.write_text('[llm]\nurl = "http://x/v1"\nmodle = "m"\n', encoding="utf-8")
    result = cli("llm", "check", "--llm-config", config)
    assert result.exit_code == 1 and "modle" in result.output


# --------------------------------------------------------------------- a game on a dead server
@pytest.fixture(scope="module")
def dead_server_game(tmp_path_factory, takeo_moves):
    """One whole game played through the CLI with --llm at a refused port and a key in the
    environment; shared by the tests below (it is the slow part)."""
    import socket

    folder = tmp_path_factory.mktemp("saves")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    runner = CliRunner()
    env = {"NARRATOR_LLM_API_KEY": KEY, "NARRATOR_CONFIG": None, "NARRATOR_LLM_URL": None,
           "NARRATOR_LLM_MODEL": None, "NARRATOR_LLM_BACKEND": None, "OPENAI_API_KEY": None,
           "XDG_CONFIG_HOME": str(tmp_path_factory.mktemp("xdg"))}
    lines = takeo_moves("basic", 3)
    result = runner.invoke(main, ["--saves", str(folder), "play", "fumie", "--llm", f"http://127.0.0.1:{port}/v1",
                                  "--model", "m", "--seed", "3", "--slot", "dead"],
                           input="\n".join(lines) + "\n", env=env, catch_exceptions=False)
    return folder, result, env


def test_the_game_plays_to_the_end_on_offline_narration(dead_server_game):
    folder, result, _ = dead_server_game
    assert result.exit_code == 0, result.output
    save = tomllib.loads((folder / "dead.toml").read_text(encoding="utf-8"))
    assert save["ended"]
    # The failure is told once, on stderr, with what to check.
    assert result.stderr.count(NOTICE) == 1
    assert "Is the server running" in result.stderr
    assert NOTICE not in result.stdout


def test_the_save_keeps_the_offline_prose_that_was_shown(dead_server_game):
    folder, result, _ = dead_server_game
    save = tomllib.loads((folder / "dead.toml").read_text(encoding="utf-8"))
    kept = save["narration"]
    assert kept and {k["by"] for k in kept} == {"offline"} and {k["seat"] for k in kept} == {"takeo"}
    for entry in kept:
        assert entry["text"] and entry["at"] < entry["to"]
        assert " ".join(entry["text"].split()[:6]) in " ".join(result.stdout.split())
    assert all(a["to"] <= b["at"] for a, b in zip(kept, kept[1:]))
    # The last move's prose too, though the move was saved before it was told.
    from narrator.session import Session

    session = Session.resume(folder / "dead.toml", None, autosave=False)
    assert kept[-1]["to"] == len(session.log)


def test_replay_reads_the_kept_prose_and_offline_tells_it_again(dead_server_game):
    folder, _, env = dead_server_game
    runner = CliRunner()

    def replay(*args):
        result = runner.invoke(main, ["--saves", str(folder), "replay", "dead", *args], env=env,
                               catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    kept, fresh = replay("--as", "takeo"), replay("--as", "takeo", "--offline")
    assert kept == fresh                       # every passage fell back to the offline prose
    assert replay() == kept                    # one person played: their story is the story
    assert replay("--offline") != kept         # told to nobody in particular: public events only


def test_the_key_is_never_written(dead_server_game):
    folder, result, env = dead_server_game
    assert KEY not in result.output and KEY not in result.stderr
    for path in folder.rglob("*"):
        if path.is_file():
            assert KEY not in path.read_text(encoding="utf-8", errors="replace"), path
    assert (folder / "profile.toml").exists()
    runner = CliRunner()
    for args in (["replay", "dead"], ["saves"], ["llm", "check", "--llm", "http://127.0.0.1:9/v1"]):
        out = runner.invoke(main, ["--saves", str(folder), *args], env=env)
        assert KEY not in out.output


# --------------------------------------------------------------------- turning it on, or not
def test_a_config_file_without_an_llm_table_leaves_the_model_off(cli, tmp_path, takeo_moves, monkeypatch):
    folder = tmp_path / "narrator"
    folder.mkdir()
    (folder / "config.toml").write_text("# settings for something else\n[other]\nx = 1\n", encoding="utf-8")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path))
    lines = takeo_moves("basic", 4)
    result = cli("play", "fumie", "--seed", 4, "--slot", "plain", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert "narration" not in save_of(tmp_path, "plain") and NOTICE not in result.output


def test_a_config_file_with_an_llm_table_turns_it_on(cli, tmp_path, takeo_moves, refused, monkeypatch):
    config = tmp_path / "mine.toml"
    config.write_text(f'[llm]\nurl = "{refused}"\nmodel = "m"\nretry_after = 100\n', encoding="utf-8")
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    lines = takeo_moves("basic", 4)
    result = cli("play", "fumie", "--seed", 4, "--slot", "on", input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    assert result.stderr.count(NOTICE) == 1 and "100 s" in result.stderr
    assert save_of(tmp_path, "on")["narration"]


def test_a_bad_llm_setting_stops_play_before_it_starts(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 4, "--model", "m")     # a model but no server
    assert result.exit_code == 1 and "LLM narration" in result.output and "--llm URL" in result.output
    assert not list(tmp_path.glob("fumie-*.toml"))
    result = cli("play", "fumie", "--seed", 4, "--llm", "http://x/v1", "--llm-backend", "nosuch")
    assert result.exit_code == 1 and "no LLM backend named 'nosuch'" in result.output


def test_continue_does_not_keep_the_brief_retelling_twice(cli, tmp_path, takeo_moves, refused):
    lines = takeo_moves("basic", 5)
    half = len(lines) // 2
    first = cli("play", "fumie", "--seed", 5, "--slot", "half", "--llm", refused,
                input="\n".join(lines[:half]) + "\nquit\n")
    assert first.exit_code == 0
    before = save_of(tmp_path, "half")["narration"]
    second = cli("continue", "half", "--llm", refused, input="\n".join(lines[half:]) + "\n")
    assert second.exit_code == 0, second.output
    kept = save_of(tmp_path, "half")["narration"]
    assert kept[:len(before)] == before
    assert all(a["to"] <= b["at"] for a, b in zip(kept, kept[1:]))
    assert save_of(tmp_path, "half")["ended"]
