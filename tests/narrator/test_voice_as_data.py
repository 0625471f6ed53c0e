"""The voice is data: For Fumie's templates name none of its people, places or days
themselves, and Snow White's none of its guests or characters; they take them from the
story's folder (story.toml's cast, voice.toml, the card and character files).

Shown by a re-skin written as data only: For Fumie's folder copied as a new story
("lantern"), every name and setting word of For Fumie's replaced in its data files, and
For Fumie's templates copied into its own `prompts/` unchanged. Whole games of every
episode, played at the table and read back through `narrator replay` at each seat (the
ending page included), must then read none of For Fumie's words.
"""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from narrator import bots
from narrator.library import add_folders, load
from narrator.session import Session

ROOT = Path(__file__).resolve().parents[2]
NOWHERE = Path("/nonexistent-narrator-test-folder/never-written.toml")

# For Fumie's names and setting words, and what the re-skin says instead.
RESKIN = {
    "Takeo": "Haru", "Fumie": "Sora", "Ryosuke": "Daichi", "Masahiro": "Kenta", "Kondo": "Ueno",
    "Shidara": "Arai", "Tadokoro": "Mori", "Kanako": "Emi", "Risa": "Noa", "Mihara": "Ito",
    "Nogami": "Sakai", "Grandfather": "Great-aunt", "Kyoto": "Nara", "June": "August",
    "eleventh": "twentieth", "2-B": "3-A", "clubroom": "boathouse", "club room": "boathouse",
    "classroom": "lantern hall", "shoe lockers": "lantern stalls", "shoe locker": "lantern stall",
    "soccer": "rowing", "level crossing": "river bridge", "railway crossing": "river bridge",
}
# Names are capitalised (the lower-case ones are ids: seats, cards); setting words in any case.
NAMES = [w for w in RESKIN if w[0].isupper()]
PLACES = [w for w in RESKIN if not w[0].isupper()]
WORDS = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in NAMES) + r")\b|(?i:\b(?:"
                   + "|".join(re.escape(w) for w in PLACES) + r")\b)")


def replaced(text: str) -> str:
    for word in sorted(RESKIN, key=len, reverse=True):
        flags = 0 if word in NAMES else re.I
        text = re.sub(rf"\b{re.escape(word)}\b",
                      lambda m: RESKIN[word] if m.group(0)[0].islower() else RESKIN[word][:1].upper() + RESKIN[word][1:],
                      text, flags=flags)
    return text


def copied_as(folder: Path, source: str, story_id: str, words) -> Path:
    """`folder/story_id`: the shipped story `source` with `words` applied to every data file,
    its templates copied as they are (so only the data can change what they say)."""
    story = folder / story_id
    shutil.copytree(ROOT / "stories" / source, story, ignore=shutil.ignore_patterns("__pycache__"))
    for path in story.rglob("*"):
        if path.is_file():
            path.write_text(words(path.read_text(encoding="utf-8")), encoding="utf-8")
    info = story / "story.toml"
    info.write_text(re.sub(rf'^id = "{source}"$', f'id = "{story_id}"', info.read_text(encoding="utf-8"),
                           flags=re.M), encoding="utf-8")
    (story / "prompts").mkdir()
    for template in (ROOT / "prompts" / source).glob("*.j2"):
        shutil.copy(template, story / "prompts" / template.name)
    return folder


def reskin(folder: Path) -> Path:
    """`folder/lantern`: For Fumie's data with its words replaced, its templates copied as they are."""
    return copied_as(folder, "fumie", "lantern", replaced)


@pytest.fixture
def lantern(tmp_path):
    folder = reskin(tmp_path / "library")
    add_folders([folder])
    yield folder, load("lantern", fresh=True)
    add_folders([])


def scripted(story, episode: str, seed: int) -> list[str]:
    """The lines a player at the first seat types in a game worked out in advance."""
    seats = {s: "human" if s == story.seats[0] else "bot:partner" for s in story.seats_for({"episode": episode})}
    session = Session.new(story, episode, seed, seats, NOWHERE, None, autosave=False)
    players = {s: bots.make("partner", story, s, seed) for s in seats if s != story.seats[0]}
    me = bots.make("random", story, story.seats[0], seed)
    lines = []
    while session.ending() is None:
        seat = session.to_act()[0]
        action = (players.get(seat) or me).choose(session.view(seat))
        if seat == story.seats[0]:
            lines.append(action)
        session.act(seat, action)
    return lines


def test_the_reskin_replaced_every_word_in_its_data(lantern):
    folder, _ = lantern
    leftover = {m.group(0) for p in (folder / "lantern").rglob("*.toml")
                for m in WORDS.finditer(p.read_text(encoding="utf-8"))}
    assert leftover == set()


@pytest.mark.parametrize("episode", ["basic", "murder", "tadokoro"])
@pytest.mark.parametrize("seed", [2, 7])
def test_for_fumies_templates_take_every_word_from_the_story(cli, lantern, episode, seed):
    folder, story = lantern
    first = story.seats[0]
    played = cli("--stories", folder, "play", f"lantern/{episode}", "--seed", seed, "--as", first,
                 input="\n".join(scripted(story, episode, seed)) + "\n")
    assert played.exit_code == 0, played.output
    slot = f"lantern-{episode}-1"
    for seat in story.seats:
        replayed = cli("--stories", folder, "replay", slot, "--as", seat)
        assert replayed.exit_code == 0, replayed.output
        assert "Haru" in replayed.output and "Sora" in replayed.output
        found = {m.group(0) for m in WORDS.finditer(replayed.output)}
        assert found == set(), (seat, found, [line for line in replayed.output.splitlines() if WORDS.search(line)][:5])
    assert not WORDS.search(played.output), [line for line in played.output.splitlines() if WORDS.search(line)][:5]


# --------------------------------------------------------------------- Snow White
# Snow White's guests and characters, and what a re-skin of hers calls them instead.
MASQUE = {
    "Ada": "Aino", "Bruno": "Boris", "Clara": "Cilla", "Dieter": "Dmitri", "Elsa": "Eeva", "Fritz": "Feliks",
    "Greta": "Galina", "Hans": "Harri", "Quiet Guest": "Silent Mask", "Snow White": "Lumi", "Queen": "Tsarina",
    "Prince": "Count", "Huntsman": "Ranger", "Green": "Moss", "Grey": "Ash", "Black": "Soot", "Rose": "Briar",
    "Old Peddler Woman": "Tinker Wife", "Mirror's Servant": "Glass-Keeper",
}
MASQUE_WORDS = re.compile(r"\b(?:" + "|".join(re.escape(w) for w in MASQUE) + r")\b")


@pytest.fixture
def masque(tmp_path):
    def masked(text: str) -> str:
        for word in sorted(MASQUE, key=len, reverse=True):
            text = re.sub(rf"\b{re.escape(word)}\b", MASQUE[word], text)
        return text

    folder = copied_as(tmp_path / "library", "applerulette", "masque", masked)
    add_folders([folder])
    yield folder, load("masque", fresh=True)
    add_folders([])


@pytest.mark.parametrize("seed", [2, 7])
def test_snow_whites_templates_take_their_guests_and_characters_from_the_story(cli, masque, seed):
    folder, story = masque
    played = cli("--stories", folder, "play", "masque/tale", "--seed", seed, "--as", "p1",
                 input="\n".join(scripted(story, "tale", seed)) + "\n")
    assert played.exit_code == 0, played.output
    for seat in story.seats_for({"episode": "tale"}):
        replayed = cli("--stories", folder, "replay", "masque-tale-1", "--as", seat)
        assert replayed.exit_code == 0, replayed.output
        assert "Lumi" in replayed.output
        found = {m.group(0) for m in MASQUE_WORDS.finditer(replayed.output)}
        assert found == set(), (seat, found, [x for x in replayed.output.splitlines() if MASQUE_WORDS.search(x)][:5])

