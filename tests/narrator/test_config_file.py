"""The config file (NARRATOR_CONFIG, --llm-config, or the user's config folder) from a
player's hand: whatever is in it, narrator says which file and what is wrong, and starts
nothing (no game, no save) on a file it cannot use."""
from __future__ import annotations

import pytest

from narrator.llm.config import ConfigError, asks_for_llm, resolve

DEEP = "x = " + "[" * 3000 + "]" * 3000 + "\n"
BROKEN = [
    pytest.param(b"\xff\xfe[llm]\n", "not UTF-8", id="not-utf8"),
    pytest.param(DEEP.encode(), "nests", id="deep"),
    pytest.param(b"x = 1\n" * 100_000, "larger than", id="huge"),
]


@pytest.mark.parametrize("raw, words", BROKEN)
def test_an_unreadable_config_file_is_named_with_its_problem(tmp_path, raw, words):
    path = tmp_path / "config.toml"
    path.write_bytes(raw)
    with pytest.raises(ConfigError) as caught:
        resolve({"url": "http://127.0.0.1:9/v1"}, str(path), environ={})
    assert str(path) in str(caught.value) and words in str(caught.value)
    assert asks_for_llm(path)      # a file that cannot be read is reported, not passed over


@pytest.mark.parametrize("text, table", [("llm = 5\n", "[llm]"), ('narration = "on"\n', "[narration]")])
def test_a_setting_where_a_table_belongs_says_so(cli, tmp_path, monkeypatch, text, table):
    config = tmp_path / "config.toml"
    config.write_text(text, encoding="utf-8")
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    result = cli("play", "fumie", "--seed", 4, input="quit\n")
    assert result.exit_code == 1 and f"{table} should be a table" in result.output
    assert str(config) in result.output


@pytest.mark.parametrize("raw, words", BROKEN)
def test_play_with_an_unreadable_config_file_stops_with_a_message(cli, tmp_path, monkeypatch, raw, words):
    config = tmp_path / "config.toml"
    config.write_bytes(raw)
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    result = cli("play", "fumie", "--seed", 4, "--slot", "g", input="quit\n")
    assert result.exit_code == 1 and words in result.output and str(config) in result.output
    assert config.read_bytes() == raw


@pytest.mark.parametrize("command", [["play", "fumie", "--seed", 4], ["host", "fumie", "--seed", 4]])
@pytest.mark.parametrize("setting", ["theme", "narration"])
def test_a_bad_screen_setting_stops_the_game_before_it_leaves_a_save(cli, tmp_path, monkeypatch, command, setting):
    if setting == "theme":
        monkeypatch.setenv("NARRATOR_THEME", "sepia")
    else:
        config = tmp_path / "config.toml"
        config.write_text("[narration]\nverbose = 1\n", encoding="utf-8")
        monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    for _ in range(2):
        result = cli(*command, input="quit\n")
        assert result.exit_code == 1 and ("sepia" in result.output or "verbose" in result.output)
    assert not list(tmp_path.glob("fumie-*.toml"))
