"""Saves and the profile on disk: round trips, atomic writes, and damaged files.

A damaged or hand-broken save or profile gives a clear error (exit 1) naming the file
and the problem, and its bytes are left exactly as they were.
"""
from __future__ import annotations

import os
import random
import tomllib

import pytest
import tomli_w

from narrator import bots, tomlfile
from narrator.profile import Profile
from narrator.saves import FORMAT_VERSION, Save
from narrator.session import Session
from narrator.tomlfile import BrokenFile

SEATS = ("takeo", "fumie")


def events(log):
    return [(e.kind, e.data, e.seats) for e in log]


# --------------------------------------------------------------------- round trips
@pytest.mark.parametrize("seed", range(30))
def test_save_and_resume_at_a_random_point(story, tmp_path, seed):
    rng = random.Random(seed)
    kinds = {s: rng.choice(["random", "partner"]) for s in SEATS}
    seats = {s: f"bot:{k}" for s, k in kinds.items()}
    path = tmp_path / "game.toml"
    session = Session.new(story, "basic", seed, seats, path, None)
    players = {s: bots.make(kinds[s], story, s, seed) for s in SEATS}
    stop = rng.randint(0, 30)
    while session.ending() is None and len(session.save.actions) < stop:
        seat = session.to_act()[0]
        session.act(seat, players[seat].choose(session.view(seat)))

    resumed = Session.resume(path, None, autosave=False)
    assert events(resumed.log) == events(session.log)
    assert resumed.save.actions == session.save.actions
    assert resumed.to_act() == session.to_act()
    assert resumed.ending() == session.ending()
    for seat in SEATS:
        assert resumed.view(seat).to_dict() == session.view(seat).to_dict()

    # Finish both the same way: the same ending, the same story.
    while session.ending() is None:
        seat = session.to_act()[0]
        action = players[seat].choose(session.view(seat))
        session.act(seat, action)
        resumed.act(seat, action)
    assert resumed.ending() == session.ending()
    assert events(resumed.log) == events(session.log)
    assert Save.read(path).ended == session.ending().id
    assert Session.resume(path, None, autosave=False).ending() == session.ending()


def test_a_save_keeps_every_field(tmp_path):
    path = tmp_path / "s.toml"
    save = Save(path, "fumie", "basic", 12345, {"takeo": "human", "fumie": "bot:random"},
                {"known": ["ball"]}, [("takeo", "up"), ("fumie", "down glance")],
                [{"at": 0, "to": 4, "seat": "takeo", "text": "Once, twice.", "by": "llm"}],
                ended="")
    save.write()
    back = Save.read(path)
    for field in ("story", "episode", "seed", "seats", "options", "actions", "narration", "created",
                  "ended"):
        assert getattr(back, field) == getattr(save, field), field
    assert back.slot == "s"
    data = tomllib.loads(path.read_text())
    assert data["actions"] == ["takeo: up", "fumie: down glance"]
    assert data["format_version"] == FORMAT_VERSION


def test_keys_this_narrator_does_not_know_are_kept_when_the_game_goes_on(cli, saved_game):
    """A key written by hand or by a later narrator of the same format is not this
    narrator's to drop: continuing the game writes it back as it was."""
    path, data = saved_game
    _break(path, dict(data, note="the game I played with Ren", later={"colour": "amber", "marks": [1, 2]}))
    moves = len(data["actions"])
    result = cli("continue", "g", input="1\nquit\n")
    assert result.exit_code == 0, result.output
    again = tomllib.loads(path.read_text())
    assert len(again["actions"]) > moves
    assert again["note"] == "the game I played with Ren"
    assert again["later"] == {"colour": "amber", "marks": [1, 2]}


@pytest.mark.parametrize("command", ["play", "host"])
def test_a_seed_a_save_cannot_hold_is_refused_before_the_game(cli, tmp_path, command):
    """TOML holds 64-bit whole numbers: a larger seed made a game whose save could never
    be read again, after it had said the game was saved."""
    result = cli(command, "fumie", "--seed", 2 ** 64, "--slot", "big", input="1\nquit\n")
    assert result.exit_code == 2 and "--seed" in result.output
    assert not (tmp_path / "big.toml").exists()
    edge = cli("play", "fumie", "--seed", 2 ** 63 - 1, "--slot", "edge", input="1\nquit\n")
    assert edge.exit_code == 0 and Save.read(tmp_path / "edge.toml").seed == 2 ** 63 - 1


def test_a_resumed_save_uses_the_sleeves_it_was_started_with(story, tmp_path):
    """The game's known sleeves are in the save: resuming does not depend on the profile."""
    path = tmp_path / "k.toml"
    known = sorted(story.content.cards)[:6]
    save = Save(path, "fumie", "basic", 3, {"takeo": "bot:partner", "fumie": "bot:partner"},
                {"known": known}, [])
    save.write()
    resumed = Session.resume(path, Profile(tmp_path / "profile.toml"), autosave=False)
    assert set(known) <= resumed.state.known


# --------------------------------------------------------------------- atomic writes
def test_write_replaces_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "deep" / "er" / "f.toml"
    tomlfile.write(path, {"a": 1})
    assert tomllib.loads(path.read_text()) == {"a": 1}
    tomlfile.write(path, {"b": [1, 2]})
    assert tomllib.loads(path.read_text()) == {"b": [1, 2]}
    assert [p.name for p in path.parent.iterdir()] == ["f.toml"]


def test_a_failed_write_leaves_the_old_file(tmp_path, monkeypatch):
    path = tmp_path / "f.toml"
    tomlfile.write(path, {"old": True})
    before = path.read_bytes()

    def broken(src, dst):
        raise OSError("disk full")
    monkeypatch.setattr(os, "replace", broken)
    with pytest.raises(OSError, match="disk full"):
        tomlfile.write(path, {"new": True})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["f.toml"]


def test_a_write_that_cannot_be_serialised_leaves_the_old_file(tmp_path):
    path = tmp_path / "f.toml"
    tomlfile.write(path, {"old": True})
    before = path.read_bytes()
    with pytest.raises(TypeError):
        tomlfile.write(path, {"new": object()})
    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["f.toml"]


def test_an_autosave_that_fails_leaves_the_last_good_save(story, tmp_path, monkeypatch):
    path = tmp_path / "g.toml"
    session = Session.new(story, "basic", 1, {"takeo": "human", "fumie": "bot:partner"}, path, None)
    session.act("takeo", "up")
    before = path.read_bytes()
    monkeypatch.setattr(os, "replace", lambda a, b: (_ for _ in ()).throw(OSError("gone")))
    seat = session.to_act()[0]
    with pytest.raises(OSError):
        session.act(seat, session.view(seat).legal[0])
    assert path.read_bytes() == before
    monkeypatch.undo()
    assert Session.resume(path, None, autosave=False).save.actions == [("takeo", "up")]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.toml"]


def test_read_reports_what_is_wrong(tmp_path):
    path = tmp_path / "x.toml"
    path.write_bytes(b"\xff\xfe not text")
    with pytest.raises(BrokenFile) as err:
        tomlfile.read(path, "save")
    assert err.value.path == path
    assert err.value.problem == "this save is not UTF-8 text"
    path.write_text("a = ")
    with pytest.raises(BrokenFile, match="this save is not valid TOML"):
        tomlfile.read(path, "save")


# --------------------------------------------------------------------- broken saves
@pytest.fixture
def saved_game(cli, script, tmp_path):
    """An unfinished game saved as tmp_path/g.toml, and its TOML data to break."""
    game = script(7, policy="random")
    cli("play", "fumie", "--seed", 7, "--slot", "g", input="\n".join(game.lines[:3]) + "\n")
    path = tmp_path / "g.toml"
    return path, tomllib.loads(path.read_text())


def _break(path, data=None, text=None):
    if text is None:
        text = tomli_w.dumps(data)
    path.write_text(text)
    return path.read_bytes()


def _refused(cli, path, before, *problem):
    for command in (("continue", path.stem), ("replay", path.stem)):
        result = cli(*command, input="up\n")
        assert result.exit_code == 1, (command, result.output)
        assert result.stderr.startswith(f"Error: cannot use {path}: "), result.stderr
        for words in problem:
            assert words in result.stderr, (command, result.stderr)
        assert path.read_bytes() == before
    return result.stderr


def test_a_save_that_is_not_toml(cli, saved_game):
    path, data = saved_game
    before = _break(path, text="story = 'fumie\nactions = [")
    _refused(cli, path, before, "this save is not valid TOML (",
             "Mend it by hand, or move it aside; narrator leaves a broken save untouched and will"
             " not overwrite it.")
    assert "(cannot be read: this save is not valid TOML" in cli("saves").output


def test_a_save_of_another_format_version(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, format_version=FORMAT_VERSION + 1))
    _refused(cli, path, before, f"format_version is {FORMAT_VERSION + 1}, this narrator reads 1 to {FORMAT_VERSION}.",
             "Use the narrator that wrote it, or start a new game.")


def test_a_save_without_a_format_version(cli, saved_game):
    path, data = saved_game
    before = _break(path, {k: v for k, v in data.items() if k != "format_version"})
    _refused(cli, path, before, "format_version is None, this narrator reads 1")


@pytest.mark.parametrize("key", ["seed", "story", "actions", "seats"])
def test_a_save_missing_a_key(cli, saved_game, key):
    path, data = saved_game
    before = _break(path, {k: v for k, v in data.items() if k != key})
    _refused(cli, path, before, f"`{key}` is missing")


def test_a_save_with_an_action_that_cannot_be_replayed(cli, saved_game):
    path, data = saved_game
    actions = list(data["actions"])
    actions.insert(1, "takeo: flip fumie 7")
    before = _break(path, dict(data, actions=actions))
    _refused(cli, path, before, "action 2 (takeo: flip fumie 7) cannot be replayed:",
             "remove that action and the ones after it to resume from before it.")


def test_a_save_that_names_an_ending_the_story_does_not_have_is_listed(cli, saved_game):
    """`ended` is written by narrator, but a hand or another version may change it: the
    listing says it does not know that ending, and goes on to the other saves."""
    path, data = saved_game
    before = _break(path, dict(data, ended="the-ending-of-another-version"))
    result = cli("saves")
    assert result.exit_code == 0
    assert "g " in result.output and "an ending this narrator does not know" in result.output
    assert path.read_bytes() == before


def test_a_save_with_an_action_that_is_not_an_action(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, actions=[*data["actions"], "fumie: dance"]))
    n = len(data["actions"]) + 1
    _refused(cli, path, before, f"action {n} (fumie: dance) cannot be replayed: 'dance' is not an action")


def test_a_save_with_an_action_without_a_seat(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, actions=["up"]))
    _refused(cli, path, before, "action 1 ('up') should look like \"SEAT: ACTION\"")


def test_a_save_with_an_action_of_a_seat_not_to_move(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, actions=["fumie: up"]))
    _refused(cli, path, before, "action 1 (fumie: up) cannot be replayed: It is takeo's move, not fumie's.")


def test_a_save_for_an_unknown_story(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, story="snow-white"))
    _refused(cli, path, before, "there is no story 'snow-white'",
             "This save is for a story this narrator does not have.")


def test_a_save_for_an_unknown_episode(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, episode="sequel"))
    _refused(cli, path, before, "fumie has no episode 'sequel'")


def test_a_save_with_other_seats(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, seats={"takeo": "human", "snow": "human"}))
    _refused(cli, path, before, "seats are ['snow', 'takeo'], but For Fumie has ['takeo', 'fumie']",
             "Mend the [seats] table.")


def test_a_save_with_unknown_known_cards(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, options={"known": ["no-such-card"]}))
    _refused(cli, path, before, "options.known should list card ids of the story")


def test_a_save_with_a_wrong_type_of_seed(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, seed="three"))
    _refused(cli, path, before, "`seed` is missing or is not a whole number")


def test_a_save_whose_options_are_not_a_table(cli, saved_game):
    path, data = saved_game
    text = tomli_w.dumps({k: v for k, v in data.items() if k != "options"}).replace(
        "seed =", "options = 3\nseed =", 1)
    before = _break(path, text=text)
    _refused(cli, path, before, "options")


def test_a_save_whose_narration_is_not_a_list(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, narration=5))
    _refused(cli, path, before, "narration")


def test_a_save_with_a_seat_of_unknown_kind(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, seats={"takeo": "human", "fumie": "robot"}))
    result = cli("continue", "g", input="up\n")
    assert result.exit_code == 1
    assert str(path) in result.stderr
    assert path.read_bytes() == before


def test_a_save_with_an_unknown_bot_names_the_file(cli, saved_game):
    path, data = saved_game
    before = _break(path, dict(data, seats={"takeo": "human", "fumie": "bot:nobody"}))
    result = cli("continue", "g", input="up\n")
    assert result.exit_code == 1
    assert "unknown bot 'nobody'" in result.stderr
    assert path.read_bytes() == before
    assert str(path) in result.stderr


def test_a_replay_error_reads_cleanly(cli, saved_game):
    path, data = saved_game
    _break(path, dict(data, actions=["takeo: flip fumie 7"]))
    result = cli("continue", "g")
    assert ".." not in result.stderr


def test_continue_without_slot_passes_over_a_broken_save(cli, saved_game, tmp_path):
    """With no SLOT, a broken save is not resumed (nor touched); a good one is."""
    path, data = saved_game
    broken = tmp_path / "broken.toml"
    broken.write_text("not = [toml")
    before = broken.read_bytes()
    result = cli("continue", input="")
    assert result.exit_code == 0
    assert "(save: g)" in result.output
    assert broken.read_bytes() == before


def test_a_broken_save_is_never_overwritten_by_a_new_game(cli, tmp_path):
    broken = tmp_path / "fumie-basic-1.toml"
    broken.write_text("not = [toml")
    before = broken.read_bytes()
    result = cli("play", "fumie", "--seed", 1, input="up\n")
    assert result.exit_code == 0
    assert "(save: fumie-basic-2)" in result.output
    assert broken.read_bytes() == before


# --------------------------------------------------------------------- broken profiles
@pytest.fixture
def profile_file(cli, script, tmp_path):
    """A profile with one ending unlocked, and its data to break."""
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    path = tmp_path / "profile.toml"
    return path, tomllib.loads(path.read_text()), game.session.ending().id


def _profile_refused(cli, path, before, *problem):
    """`endings` refuses and names the file; `play` and `continue` go on, say the profile
    is not being kept and name the file; and the file is left exactly as it was."""
    result = cli("endings")
    assert result.exit_code == 1, result.output
    assert result.stderr.startswith(f"Error: cannot use {path}: "), result.stderr
    for words in problem:
        assert words in result.stderr, result.stderr
    refused = result.stderr
    for command in (("play", "fumie", "--seed", "1"), ("continue",)):
        result = cli(*command, input="up\nquit\n")
        assert result.exit_code == 0, (command, result.output)
        assert f"(Your profile {path} cannot be read (" in result.output, (command, result.output)
        assert "so it is not being kept" in result.output, command
        assert path.read_bytes() == before, command
    return refused


@pytest.fixture
def unfinished(cli):
    cli("play", "fumie", "--seed", 5, "--slot", "half", input="up\n")


@pytest.mark.usefixtures("unfinished")
def test_a_profile_with_a_count_that_is_not_a_number(cli, profile_file):
    path, data, ending = profile_file
    data["endings"]["fumie"]["basic"][ending]["count"] = "x"
    before = _break(path, data)
    _profile_refused(cli, path, before,
                     f"endings.fumie.basic.{ending}.count should be a whole number of at least 1.",
                     "Mend that line, or move the profile aside to start a new one; narrator will"
                     " not overwrite it.")


@pytest.mark.usefixtures("unfinished")
def test_a_profile_that_is_not_toml(cli, profile_file):
    path, data, ending = profile_file
    before = _break(path, text="[endings\n")
    _profile_refused(cli, path, before, "this profile is not valid TOML (")


@pytest.mark.usefixtures("unfinished")
def test_a_profile_of_another_format_version(cli, profile_file):
    path, data, ending = profile_file
    before = _break(path, dict(data, format_version=7))
    # A later narrator's profile is not to be mended by hand: the advice is the later narrator.
    said = _profile_refused(cli, path, before, "format_version is 7; this narrator reads 1",
                            "a later narrator wrote it", "Use that one")
    assert "Mend that line" not in said


@pytest.mark.usefixtures("unfinished")
def test_a_profile_missing_a_first_date(cli, profile_file):
    path, data, ending = profile_file
    del data["endings"]["fumie"]["basic"][ending]["first"]
    before = _break(path, data)
    _profile_refused(cli, path, before, f"endings.fumie.basic.{ending}.first should be a date and time")


@pytest.mark.usefixtures("unfinished")
def test_a_profile_with_sleeves_that_are_not_a_list(cli, profile_file):
    path, data, ending = profile_file
    before = _break(path, dict(data, sleeves={"fumie": "ball"}))
    _profile_refused(cli, path, before, "sleeves.fumie should be a list of card ids")


@pytest.mark.usefixtures("unfinished")
def test_a_profile_whose_endings_are_not_a_table(cli, profile_file):
    path, data, ending = profile_file
    before = _break(path, dict(data, endings=3))
    _profile_refused(cli, path, before, "endings should be a table")


def test_replay_needs_no_profile(cli, profile_file):
    path, data, ending = profile_file
    _break(path, text="[endings\n")
    assert cli("replay", "fumie-basic-1").exit_code == 0


def test_a_slot_named_profile_does_not_replace_the_profile(cli, script):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    before = (cli.__closure__ and None) or cli("endings").output
    refused = cli("play", "fumie", "--seed", 3, "--slot", "profile", input=game.text)
    assert refused.exit_code == 1 and 'not "profile", the name of your profile' in refused.stderr
    assert cli("endings").output == before and "1 of" in before


def test_a_profile_with_unknown_sleeves_does_not_make_unresumable_saves(cli, tmp_path):
    (tmp_path / "profile.toml").write_text(
        'format_version = 1\n[endings]\n[sleeves]\nfumie = ["no-such-card"]\n')
    played = cli("play", "fumie", "--seed", 1, input="up\n")
    if played.exit_code == 1:   # refusing the profile up front, naming it, is fine too
        assert "profile.toml" in played.stderr
        return
    resumed = cli("continue", input="")
    assert resumed.exit_code == 0, resumed.stderr


def test_a_game_rewound_goes_on_as_if_the_moves_taken_back_were_never_made(story, tmp_path):
    from narrator import bots, undo
    from narrator.narration import tell_game

    path = tmp_path / "r.toml"
    session = Session.new(story, "basic", 1, {"takeo": "bot:random", "fumie": "bot:random"}, path, None)
    players = {s: bots.make("random", story, s, 1) for s in SEATS}   # a game of 25 moves

    def move():
        seat = session.to_act()[0]
        session.act(seat, players[seat].choose(session.view(seat)))

    for _ in range(4):
        move()
    session.rewind(2, undo.replay(session, session.save.actions[:2]))
    assert len(session.save.actions) == 2 and len(session.marks) == 3
    assert len(Save.read(path).actions) == 2
    for _ in range(3):
        move()
    # The cuts between moves are those the same moves make when the save is loaded.
    again = Session.resume(path, None, autosave=False)
    assert session.marks == again.marks
    assert tell_game(session.narrator(), session.log, session.marks, "takeo") == \
        tell_game(again.narrator(), again.log, again.marks, "takeo")
