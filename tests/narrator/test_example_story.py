"""The example story (examples/ferry): a new story of an existing family written as data
only — its own seats' names, cast, cards, ending book, voice and prompts, no Python —
found through --stories and NARRATOR_STORIES, played, explored, checked and narrated
without a word of the story it re-skins."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from narrator import bots
from narrator.library import add_folders, load
from narrator.session import Session

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
NOWHERE = Path("/nonexistent-narrator-test-folder/never-written.toml")


@pytest.fixture
def ferry():
    add_folders([EXAMPLES])
    yield load("ferry", fresh=True)
    add_folders([])


def other_stories_words() -> set[str]:
    """The words of the shipped stories the example must not borrow: the cast, characters,
    cards and places of the story it re-skins, and For Fumie's people and places too. (The
    family's own action words, "exchange apple", are the same in every story of it.)"""
    st = load("applerulette")
    folder = Path(str(st.folder))
    characters = tomllib.loads((folder / "characters.toml").read_text(encoding="utf-8"))["character"]
    words = ({n for n in st.info["cast"].values()} | {c.name for c in st.content.cards.values()}
             | {c["name"] for c in characters} | set(st.voice.get("cast", {}).values())
             | {"Snow White", "Queen", "dwarf", "dwarfs", "cottage", "forest", "storybook"})
    fumie = load("fumie")
    words |= set(fumie.info["cast"].values()) | set(fumie.voice.get("cast", {}).values())
    words |= {"June", "eleventh", "clubroom", "classroom", "shoe lockers", "level crossing", "soccer"}
    return {w.removeprefix("the ").removeprefix("The ") for w in words}


def told_words(text: str) -> set[str]:
    return {w for w in other_stories_words() if re.search(rf"\b{re.escape(w)}\b", text)}


def scripted(story, episode: str, seed: int) -> list[str]:
    """A game worked out in advance, as `narrator play ferry --as p1` seats it."""
    seats = {s: "human" if s == "p1" else "bot:partner" for s in story.seats_for({"episode": episode})}
    session = Session.new(story, episode, seed, seats, NOWHERE, None, autosave=False)
    players = {s: bots.make("partner", story, s, seed) for s in seats if s != "p1"}
    me = bots.make("random", story, "p1", seed)
    lines = []
    while session.ending() is None:
        seat = session.to_act()[0]
        action = (players.get(seat) or me).choose(session.view(seat))
        if seat == "p1":
            lines.append(action)
        session.act(seat, action)
    return lines


@pytest.mark.parametrize("seed", [3, 8])
def test_the_example_plays_and_reads_in_its_own_words(cli, ferry, seed):
    """Every episode of the example, played at the table and read back through replay at
    every seat (the ending page included): not one name, character, card or place of
    another story."""
    for episode in ferry.episodes:
        ep = episode["id"]
        played = cli("--stories", EXAMPLES, "play", f"ferry/{ep}", "--seed", seed, "--as", "p1",
                     input="\n".join(scripted(ferry, ep, seed)) + "\n")
        assert played.exit_code == 0, played.output
        titles = {p.title for p in ferry.content.books[ep].ending}
        assert any(f"  {t}\n" in played.output for t in titles)
        assert told_words(played.output) == set(), told_words(played.output)
        assert "The story moves on" not in played.output
        slot = f"ferry-{ep}-1"
        assert "Ines" in cli("--stories", EXAMPLES, "replay", slot).output
        for seat in ferry.seats_for({"episode": ep}):
            replayed = cli("--stories", EXAMPLES, "replay", slot, "--as", seat)
            assert replayed.exit_code == 0, replayed.output
            assert told_words(replayed.output) == set(), (seat, told_words(replayed.output))
            assert "The story moves on" not in replayed.output
    # The table itself (its screens, options and messages) speaks the example's words too.
    shown = cli("--stories", EXAMPLES, "play", "ferry", "--seed", seed, "--as", "p1",
                input="me\ntable\nhand\nhelp\n1\nquit\n").output
    shown += cli("--stories", EXAMPLES, "continue", input="me\nquit\n").output
    shown += cli("--stories", EXAMPLES, "cards", "ferry").output
    assert told_words(shown) == set(), told_words(shown)


def test_the_example_is_found_through_the_environment_too(cli, monkeypatch):
    monkeypatch.setenv("NARRATOR_STORIES", str(EXAMPLES))
    listed = cli("stories").output
    assert "ferry" in listed and "The Night Ferry" in listed
    explored = cli("explore", "ferry", "--games", 20, "--seed", 1)
    assert explored.exit_code == 0 and "The Night Ferry" in explored.output
    quit_ = cli("play", "ferry", "--seed", 1, input="1\nquit\n").output   # a move, so there is a save
    assert "The ferry waits at its mooring, lantern lit. Your game is saved" in quit_


def test_the_example_passes_the_authors_check(cli):
    result = cli("--stories", EXAMPLES, "check", "ferry", "--games", 1)
    assert result.exit_code == 0, result.output


def test_the_examples_templates_are_its_own(ferry):
    from narrator.narration import Narrator

    n = Narrator(ferry, 0, set())
    assert all(v.startswith("ferry/") for v in n.variants("turn"))
    assert n.env.get_template("ferry/turn.1.j2").filename.startswith(str(EXAMPLES))
