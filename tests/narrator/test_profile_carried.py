"""What a family carries between games lives in the profile as plain data in the tables
the family names; the profile file written before the family hook reads the same."""
from __future__ import annotations

import pytest

from narrator.library import load
from narrator.profile import Profile
from narrator.session import Session, default_slot
from narrator.tomlfile import BrokenFile

OLD = """format_version = 1

[endings.fumie.basic.saved]
first = 2026-11-29T13:00:00Z
count = 2

[sleeves]
fumie = ["umbrella", "watch"]

[culprits.fumie.murder]
card = "{culprit}"
games = 2
"""


def old_profile(folder) -> str:
    culprit = load("fumie").content.suspects("murder")[0]
    text = OLD.format(culprit=culprit)
    (folder / "profile.toml").write_text(text)
    return culprit


def test_a_profile_of_the_earlier_layout_reads_and_is_written_back_the_same(tmp_path):
    old_profile(tmp_path)
    before = (tmp_path / "profile.toml").read_text()
    profile = Profile.load(tmp_path)
    profile.record(lambda disk: None)     # read, change nothing, write
    again = Profile.load(tmp_path)
    assert again.carried == profile.carried and again.endings == profile.endings
    assert again.carried["sleeves"]["fumie"] == ["umbrella", "watch"]
    assert "[culprits.fumie.murder]" in before and "[culprits.fumie.murder]" in (tmp_path / "profile.toml").read_text()


def test_a_new_game_starts_from_what_is_kept_and_keeps_on(tmp_path):
    culprit = old_profile(tmp_path)
    story = load("fumie")
    seats = {"takeo": "bot:partner", "fumie": "bot:partner"}
    game = Session.new(story, "murder", 5, seats, default_slot(tmp_path, story, "murder"), Profile.load(tmp_path))
    known = [c for c in ("umbrella", "watch") if c in story.content.cards]
    assert game.save.options["known"] == known and game.save.options["culprit"] == culprit
    assert game.state.culprit == culprit
    # The culprit served its third game; the other sections stay as they were.
    kept = Profile.load(tmp_path)
    assert kept.carried["culprits"]["fumie"]["murder"] == {"card": culprit, "games": 3}
    assert "saved" in kept.endings["fumie"]["basic"]
    # Played on, the game's sleeves are kept as it turns them.
    while game.ending() is None:
        seat = game.to_act()[0]
        game.act(seat, game.view(seat).legal[0])
    learned = {e.data["card"] for e in game.log if e.kind == "sleeve"}
    assert set(Profile.load(tmp_path).carried["sleeves"]["fumie"]) == set(known) | learned


def test_a_family_that_carries_nothing_leaves_the_profile_alone(tmp_path):
    old_profile(tmp_path)
    before = (tmp_path / "profile.toml").read_text()
    story = load("fatima")
    game = Session.new(story, "chronicle", 2, {s: "bot:random" for s in story.seats_for({"players": 2})},
                       default_slot(tmp_path, story, "chronicle"), Profile.load(tmp_path), table={"players": 2})
    assert game.save.options == {"players": 2}
    assert (tmp_path / "profile.toml").read_text() == before


def test_an_entry_of_a_story_this_narrator_lacks_is_kept_as_it_is(tmp_path):
    text = 'format_version = 1\n\n[sleeves]\nsome_other_story = 7\n'
    (tmp_path / "profile.toml").write_text(text)
    Profile.load(tmp_path).record(lambda disk: disk.unlock("fumie", "basic", "saved"))
    assert Profile.load(tmp_path).carried["sleeves"]["some_other_story"] == 7


@pytest.mark.parametrize("line, where", [
    ('[sleeves]\nfumie = "watch"\n', "sleeves.fumie should be a list of card ids"),
    ('[culprits.fumie]\nmurder = 3\n', "culprits.fumie.murder should be a table with `card`"),
    ('sleeves = 4\n', "sleeves should be a table"),
])
def test_a_broken_entry_is_named_and_the_file_kept(tmp_path, line, where):
    text = "format_version = 1\n" + line
    (tmp_path / "profile.toml").write_text(text)
    with pytest.raises(BrokenFile, match=where.replace(".", r"\.")):
        Profile.load(tmp_path)
    assert (tmp_path / "profile.toml").read_text() == text
