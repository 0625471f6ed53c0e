"""A whole game narrated by a real model server (llama.cpp's, tiny random model) on
127.0.0.1: random weights write garbage, which the gate refuses; what is shown is clean,
kept with the save, and the game itself is exactly the one the offline narrator told."""
from __future__ import annotations

import tomllib

from click.testing import CliRunner

from narrator.cli import main
from narrator.library import load
from narrator.session import Session



def first_story_title() -> str:
    """`llm check` tries a round of the first story the library lists."""
    from narrator.library import load, story_ids

    return load(story_ids()[0]).title

def test_a_game_narrated_by_the_live_server(llm_server, tmp_path, monkeypatch):
    monkeypatch.setenv("NARRATOR_LLM_API_KEY", "sk-live-test-key")
    config = tmp_path / "config.toml"
    config.write_text("[llm]\nmax_chars = 100\ntemperature = 0.0\nretry_after = 0\n")   # a quick test
    runner = CliRunner()
    moves = "up\n" * 6 + "quit\n"
    args = ["--saves", str(tmp_path / "a"), "play", "fumie", "--seed", "5", "--bot", "partner"]
    with_model = runner.invoke(main, [*args, "--llm", llm_server, "--model", "tiny", "--llm-config", str(config)],
                               input=moves)
    offline = runner.invoke(main, ["--saves", str(tmp_path / "b"), *args[2:]], input=moves)
    assert with_model.exit_code == 0 and offline.exit_code == 0
    # The model changed nothing in the game.
    a = Session.resume(tmp_path / "a" / "fumie-basic-1.toml", None, autosave=False)
    b = Session.resume(tmp_path / "b" / "fumie-basic-1.toml", None, autosave=False)
    assert [(e.kind, e.data) for e in a.log] == [(e.kind, e.data) for e in b.log]
    # What was shown is clean, and kept with the save (without the key).
    assert not any(ord(ch) < 32 and ch not in "\n\t" for ch in with_model.output)
    saved = (tmp_path / "a" / "fumie-basic-1.toml").read_text()
    assert "sk-live-test-key" not in saved and "sk-live-test-key" not in with_model.output
    kept = tomllib.loads(saved)["narration"]
    assert kept and all(len(k["text"]) <= 100 for k in kept if k["by"] == "llm")
    # Every offline line is on the screen, whatever the model did.
    shown = iter(with_model.stdout.splitlines())
    assert all(any(line == s for s in shown) for line in offline.stdout.splitlines()[1:] if line.strip())
    replay = runner.invoke(main, ["--saves", str(tmp_path / "a"), "replay", "fumie-basic-1"])
    assert replay.exit_code == 0 and all(k["text"] in replay.output.replace("\n", " ") or "\n" in k["text"]
                                         for k in kept)


def test_llm_check_against_the_live_server(llm_server):
    result = CliRunner().invoke(main, ["llm", "check", "--llm", llm_server, "--model", "tiny"])
    assert result.exit_code == 0, result.output
    assert "models: tiny" in result.output and f"a round of {first_story_title()}" in result.output


def test_the_local_backend_runs_the_model_in_process(tiny_model):
    from narrator.llm.config import LLMConfig
    from narrator.llm.local import LocalGGUF

    backend = LocalGGUF(LLMConfig(backend="local", model=str(tiny_model), max_chars=60))
    assert backend.models() == ["tiny.gguf"]
    pieces = list(backend.stream([{"role": "user", "content": "Tell it."}]))
    assert all(isinstance(p, str) for p in pieces)
