"""The culprit of The Hidden Murderous Intent lasts three games in the profile, and is
never shown to Takeo's seat: not on his screen, not in his narration, not in the list of saves."""
from __future__ import annotations

import pytest

from engine.fumie.carry import CULPRIT_GAMES
from narrator.profile import Profile
from narrator.session import Session, default_slot
from narrator.library import load

STORY = load("fumie")


def start(folder, seed):
    profile = Profile.load(folder)
    seats = {"takeo": "human", "fumie": "bot:partner"}
    return Session.new(STORY, "murder", seed, seats, default_slot(folder, STORY, "murder"), profile)


def kept(folder) -> dict:
    """The culprit of the murder episode as the profile file keeps it."""
    return Profile.load(folder).carried["culprits"]["fumie"]["murder"]


def test_the_same_culprit_serves_three_games_then_a_new_one_is_set(tmp_path):
    culprits = [start(tmp_path, seed).state.culprit for seed in range(1, 4)]
    assert len(set(culprits)) == 1 and CULPRIT_GAMES == 3
    assert kept(tmp_path)["games"] == 3
    # The fourth game sets a new culprit: drawn afresh from its own seed, counted from one.
    fourth = start(tmp_path, 4)
    assert fourth.state.culprit == STORY.family.new_game(
        STORY.content, STORY.seats, 4, {"episode": "murder"}).culprit
    assert kept(tmp_path)["games"] == 1


def test_the_culprit_is_kept_across_runs_in_the_profile_file(tmp_path):
    first = start(tmp_path, 11).state.culprit
    text = (tmp_path / "profile.toml").read_text()
    assert "[culprits.fumie.murder]" in text and f'card = "{first}"' in text and "games = 1" in text
    assert start(tmp_path, 12).state.culprit == first


def test_a_kept_culprit_is_face_down_again_in_the_next_game(tmp_path):
    session = start(tmp_path, 11)
    session.state.culprit_shown = True          # revealed in that game
    nxt = start(tmp_path, 12)
    assert nxt.state.culprit == session.state.culprit and not nxt.state.culprit_shown
    assert nxt.view("takeo").culprit is None


def test_a_save_replays_with_its_culprit(tmp_path):
    session = start(tmp_path, 21)
    for _ in range(6):
        seat = session.to_act()[0]
        session.act(seat, session.view(seat).legal[0])
    again = Session.resume(session.save.path, None, autosave=False)
    assert again.state.culprit == session.state.culprit
    assert [(e.kind, e.data) for e in again.log] == [(e.kind, e.data) for e in session.log]


def test_a_broken_culprit_in_the_profile_is_reported_and_the_file_kept(tmp_path):
    broken = 'format_version = 1\n[culprits.fumie.murder]\ncard = "kondo"\ngames = 9\n'
    (tmp_path / "profile.toml").write_text(broken)
    from narrator.tomlfile import BrokenFile
    with pytest.raises(BrokenFile, match=r"culprits\.fumie\.murder should be a table with `card`"):
        Profile.load(tmp_path)
    assert (tmp_path / "profile.toml").read_text() == broken


def test_takeos_screen_and_the_saves_list_never_show_the_culprit(tmp_path):
    from click.testing import CliRunner
    from narrator.cli import main

    runner = CliRunner()
    for seed in range(8):
        folder = tmp_path / str(seed)
        result = runner.invoke(main, ["--saves", str(folder), "play", "fumie/murder", "--as", "takeo",
                                      "--seed", str(seed)], input="table\nsheet\nhand\n" + "up\n" * 40)
        assert result.exit_code == 0, result.output
        culprit = STORY.content.cards[kept(folder)["card"]]
        before_reveal = result.output.split("The culprit, revealed")[0]
        ending = result.output.rfind("────")
        told = before_reveal if "The culprit, revealed" in result.output else result.output[:ending]
        # The namesake clue cards carry suspects' names legitimately once face up, so look
        # for what only the culprit's own card would say: its line on the table.
        assert "only you know" not in told
        assert f"The culprit (only you know): {culprit.name}" not in result.output
        listing = runner.invoke(main, ["--saves", str(folder), "saves"]).output
        assert culprit.id not in listing and culprit.name not in listing


def test_fumie_sees_her_culprit_on_the_table(tmp_path):
    from click.testing import CliRunner
    from narrator.cli import main

    result = CliRunner().invoke(main, ["--saves", str(tmp_path), "play", "fumie/murder", "--as", "fumie",
                                       "--seed", "3"], input="table\nquit\n")
    culprit = STORY.content.cards[kept(tmp_path)["card"]]
    assert f"The culprit (only you know): {culprit.name if culprit.id in () else culprit.sleeve_name}" in result.output \
        or f"The culprit (only you know): {culprit.name}" in result.output


def test_takeos_narration_never_names_the_culprit_before_it_is_revealed():
    """Over many murder games, a passage told to Takeo names the culprit only when its
    event is about a card bearing that name (the clue with the culprit's name, once face
    up) or about an accusation, which names whoever Takeo named."""
    from narrator import bots
    from narrator.narration import Narrator

    g, content = STORY.family, STORY.content
    checked = 0
    for seed in range(150):
        st = g.new_game(content, STORY.seats, seed, {"episode": "murder"})
        players = {s: bots.make("random" if seed % 2 else "partner", STORY, s, seed) for s in STORY.seats}
        while g.ending(st) is None:
            seat = g.to_act(st)[0]
            g.apply(st, seat, g.parse(players[seat].choose(STORY.view(st, seat))))
        name = content.cards[st.culprit].name
        narrator = Narrator(STORY, seed, set(), "murder")
        for i, event in enumerate(st.log):
            if event.kind == "culprit_revealed":
                break
            for passage in narrator.tell([event], i, "takeo"):
                named = {content.cards[c].name for c in [event.data.get("card"), *event.data.get("cards", ())] if c}
                if name in passage:
                    assert any(name in n for n in named) or event.kind == "accused", (seed, event, passage)
                checked += 1
            assert event.kind != "culprit_set" or not event.visible_to("takeo")
    assert checked > 3000
