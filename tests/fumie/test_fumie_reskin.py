"""A second story of the For Fumie family, with seats, cast and title of its own (For
Fumie's files, re-seated): its screens, cards and bots work from that story, not from
For Fumie's seat names or files."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from narrator.library import add_folders

FUMIE = Path(__file__).resolve().parents[2] / "stories" / "fumie"
SEATS = {"takeo": "aoi", "fumie": "ren"}


@pytest.fixture
def library(tmp_path):
    folder = tmp_path / "stories" / "lantern"
    shutil.copytree(FUMIE, folder)
    story = (folder / "story.toml").read_text("utf-8")
    story = story.replace('id = "fumie"', 'id = "lantern"').replace('title = "For Fumie"', 'title = "The Lantern Night"')
    for old, new in SEATS.items():
        # the seats by id (the cards keep their ids: `takeo` is also a card)
        story = re.sub(rf'"{old}"', f'"{new}"', story)
        story = re.sub(rf"\b{old} = ", f"{new} = ", story)
    story = story.replace('family = "ren"', 'family = "fumie"')
    story = re.sub(r'^aoi = "Takeo"', 'aoi = "Aoi"', story, flags=re.M)
    story = re.sub(r'^ren = "Fumie"', 'ren = "Ren"', story, flags=re.M)
    (folder / "story.toml").write_text(story, "utf-8")
    sheets = (folder / "sheets.toml").read_text("utf-8")
    for old, new in SEATS.items():
        sheets = sheets.replace(f'seat = "{old}"', f'seat = "{new}"')
    (folder / "sheets.toml").write_text(sheets, "utf-8")
    yield folder.parent
    add_folders([])


def test_the_culprits_sheet_is_the_keepers_of_this_story(cli, library):
    out = cli("--stories", library, "play", "lantern/murder", "--seed", 2, "--as", "aoi",
              input="table\nquit\n").output
    assert "The culprit lies face down on Ren's sheet." in out


def test_the_card_list_is_this_storys(cli, library):
    out = cli("--stories", library, "cards", "lantern").output
    assert out.startswith("The Lantern Night's cards:")


def test_the_partner_bots_sit_at_this_storys_seats(cli, library):
    result = cli("--stories", library, "explore", "lantern/murder", "--games", 6, "--seed", 1,
                 "--bot", "partner", "--jobs", 1)
    assert result.exit_code == 0, result.output
