"""Every TOML file narrator reads (saves, the profile) is read within bounds and typed:
too deep, too big, a wrong type or an integer past 64 bits is a clear error naming the
file and the key, never a crash, and the file is left as it was."""
from __future__ import annotations

import os
import time

import pytest
import tomli_w

from narrator import tomlfile
from narrator.profile import Profile
from narrator.saves import Save
from narrator.tomlfile import BrokenFile

DEEP = "x = " + "[" * 20_000 + "]" * 20_000 + "\n"


def _a_save(cli, tmp_path, story="fumie"):
    cli("play", story, "--seed", 1, input="1\nquit\n")   # one move: a game never played leaves no save
    return next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml")


def test_a_deeply_nested_save_is_a_clear_error_for_saves_and_continue(cli, tmp_path):
    save = _a_save(cli, tmp_path)
    save.write_text(save.read_text() + DEEP)
    before = save.read_bytes()
    listed = cli("saves")
    assert listed.exit_code == 0 and "cannot be read" in listed.output and "deep" in listed.output
    resumed = cli("continue", save.stem)
    assert resumed.exit_code == 1 and str(save) in resumed.output and "deep" in resumed.output
    assert cli("continue").exit_code == 1          # passed over, with a word, not a crash
    assert save.read_bytes() == before


@pytest.mark.parametrize("command", [["endings"], ["saves"], ["play", "fumie", "--seed", "1"]])
def test_a_deeply_nested_profile_is_a_clear_error_for_every_command(cli, tmp_path, command):
    (tmp_path / "profile.toml").write_text("format_version = 1\n" + DEEP)
    result = cli(*command, input="quit\n")
    assert "RecursionError" not in result.output
    if command[0] == "endings":
        assert result.exit_code == 1 and "profile.toml" in result.output and "deep" in result.output
    elif command[0] == "play":      # the game goes on, and says the profile is not being kept
        assert result.exit_code == 0 and "profile.toml" in result.output and "deep" in result.output
        assert "so it is not being kept" in result.output


def test_a_huge_profile_is_refused_quickly_with_a_message(cli, tmp_path):
    (tmp_path / "profile.toml").write_text("format_version = 1\n" + "# padding\n" * 700_000)
    result = cli("endings")
    assert result.exit_code == 1 and "larger than" in result.output and "profile.toml" in result.output


@pytest.mark.parametrize("key,value,problem", [
    ("format_version", True, "format_version"),
    ("created", "yesterday", "created"),
    ("updated", 5, "updated"),
    ("seed", 10 ** 30, "seed"),
])
def test_a_save_with_a_wrong_type_names_the_key(cli, tmp_path, key, value, problem):
    save = _a_save(cli, tmp_path)
    import tomllib
    data = tomllib.loads(save.read_text())
    data[key] = value
    save.write_text(tomli_w.dumps(data))
    with pytest.raises(BrokenFile) as err:
        Save.read(save)
    assert problem in str(err.value) and str(save) in str(err.value)


def test_a_profile_count_past_64_bits_or_a_boolean_version_is_refused(tmp_path):
    path = tmp_path / "profile.toml"
    path.write_text('format_version = true\n')
    with pytest.raises(BrokenFile, match="format_version"):
        Profile.load(tmp_path)
    path.write_text('format_version = 1\n[endings.fumie.basic.crossing]\nfirst = 2026-01-01T00:00:00Z\n'
                    f'count = {10 ** 30}\n')
    with pytest.raises(BrokenFile, match="endings.fumie.basic.crossing.count"):
        Profile.load(tmp_path)


def test_a_count_at_the_top_stays_within_64_bits(tmp_path):
    path = tmp_path / "profile.toml"
    path.write_text(f'format_version = 1\n[endings.fumie.basic.crossing]\nfirst = 2026-01-01T00:00:00Z\n'
                    f'count = {tomlfile.INT_MAX}\n')
    profile = Profile.load(tmp_path)
    profile.record(lambda p: p.unlock("fumie", "basic", "crossing"))
    assert Profile.load(tmp_path).endings["fumie"]["basic"]["crossing"].count == tomlfile.INT_MAX


def test_a_funnytime_save_with_a_bad_decks_option_is_a_clear_error(cli, tmp_path):
    save = _a_save(cli, tmp_path, "funnytime")
    import tomllib
    data = tomllib.loads(save.read_text())
    data["options"]["decks"] = 5
    save.write_text(tomli_w.dumps(data))
    for command in ("continue", "replay"):
        result = cli(command, save.stem, input="quit\n")
        assert result.exit_code == 1, result.output
        assert str(save) in result.output and "decks" in result.output


def test_stale_temporary_files_are_removed_by_the_next_write(tmp_path):
    path = tmp_path / "game.toml"
    stale, fresh = tmp_path / ".other.toml.abc123.tmp", tmp_path / ".game.toml.def456.tmp"
    stale.write_text("half of another save")
    fresh.write_text("a write going on now")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    tomlfile.write(path, {"a": 1})
    assert not stale.exists() and fresh.exists() and path.exists()


def test_story_and_deck_files_are_read_within_the_same_bounds(tmp_path):
    from importlib.resources.abc import Traversable  # noqa: F401 - a Path is one too

    from engine.errors import StoryError
    from narrator import decks, library

    deep = tmp_path / "story.toml"
    deep.write_text(DEEP)
    with pytest.raises(StoryError, match="deep"):
        library._read(deep, "stories/x/story.toml")
    with pytest.raises(decks.DeckFileError, match="deep"):
        decks.read(str(deep))
