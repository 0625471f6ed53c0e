"""The `narrator` command through click's CliRunner: exit codes and exact messages.

Every run passes `--saves tmp_path` (the `cli` fixture), so the real saves are never
touched. `play` is scripted through `input=`: when standard input is not a terminal the
REPL reads plain lines. The lines are worked out beforehand by playing the same game
(same seed, same seeded bot) through `Session` (the `script` fixture).
"""
from __future__ import annotations

import json
import os
import re

import pytest

from narrator.profile import Profile
from narrator.saves import Save
from narrator.session import Session
from narrator.library import load, story_ids


def sleeves(profile: Profile) -> set[str]:
    """The For Fumie cards the profile keeps as known (its `sleeves` table)."""
    return set(profile.carried.get("sleeves", {}).get("fumie", ()))


def flat(text: str) -> str:
    """Text with its line breaks and runs of spaces made single spaces (pages are wrapped,
    and a hyphenated word may be broken after its hyphen)."""
    return " ".join(re.sub(r"(?<=\w-)\n *(?=\w)", "", text).split())


def events(log):
    return [(e.kind, e.data, e.seats) for e in log]


def pages(story):
    return story.content.books["basic"].ending


LEFT = "\nThe day waits. Your game is saved; `narrator continue {slot}` picks it up.\n"


# --------------------------------------------------------------------- stories, rules
def test_stories_lists_fumie_and_its_basic_episode(cli):
    result = cli("stories")
    assert result.exit_code == 0
    # Other stories are listed too, each with its episodes; For Fumie's block reads:
    assert all(f"{sid} " in result.output for sid in story_ids())
    assert (
        "fumie        For Fumie  (Takeo / Fumie)\n"
        "    fumie/basic        For Fumie                      endings 0/10\n"
        "    fumie/murder       The Hidden Murderous Intent    endings 0/9\n"
        "    fumie/tadokoro     Mr. Tadokoro's Love            endings 0/9\n") in result.output


def test_stories_counts_the_endings_collected(cli, script):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    assert "fumie/basic        For Fumie                      endings 1/10" in cli("stories").output


def test_rules_prints_the_rules_with_the_rulings(cli, story):
    result = cli("rules", "fumie")
    assert result.exit_code == 0
    assert result.output == story.rules_text() + "\n"
    assert "## Rulings of this edition" in result.output
    assert "**Secrets**" in result.output


def test_rules_of_an_episode_name_are_the_story_rules(cli, story):
    assert cli("rules", "fumie/basic").output == story.rules_text() + "\n"


def test_rules_of_an_unknown_story(cli):
    result = cli("rules", "nope")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: there is no story 'nope'; the stories are: {', '.join(story_ids())}"
                             " (see `narrator stories`; --stories DIR or NARRATOR_STORIES add folders)\n")


# --------------------------------------------------------------------- play
def written_page(story, session, saves) -> str:
    """The ending page as the game wrote it: over its log, with the player's profile."""
    from narrator import endpage
    from narrator.profile import Profile
    return endpage.render(story, "basic", session.ending().id, session.log, Profile.load(saves)).text


def book_page(ending_id: str) -> dict:
    """The page as written in stories/fumie/endings/basic.toml."""
    import tomllib
    from importlib.resources import files

    data = tomllib.loads((files("stories") / "fumie" / "endings" / "basic.toml").read_text("utf-8"))
    return next(p for p in data["ending"] if p["id"] == ending_id)


def test_play_a_whole_game_to_its_ending_page(cli, script, story, tmp_path):
    game = script(3)
    result = cli("play", "fumie", "--seed", 3, input=game.text)
    assert result.exit_code == 0, result.output
    ending = game.session.ending()
    page = story.content.page("basic", ending.id)
    out = result.output
    written = book_page(ending.id)
    assert flat(written_page(story, game.session, tmp_path)) in flat(out)
    assert f"\n  {written['title']}\n" in out
    for paragraph in written["text"].strip().split("\n\n"):   # paragraphs kept apart
        assert flat(paragraph) in flat(out)
    assert out.startswith("For Fumie  (save: fumie-basic-1)\n"
                          "Takeo: you, Fumie: a bot. Type `help` for commands.\n")
    assert out.rstrip().endswith("A new ending is unlocked. `narrator endings` shows your collection.")
    assert f"({page.condition})" in out
    assert "Nothing has changed" not in out      # every scripted line was legal
    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.ended == ending.id
    assert (save.story, save.episode, save.seed) == ("fumie", "basic", 3)
    assert save.seats == {"takeo": "human", "fumie": "bot:partner"}
    assert save.actions == game.session.save.actions
    assert events(Session.resume(save.path, None, autosave=False).log) == events(game.session.log)


@pytest.mark.parametrize("seed", [0, 7, 10])
def test_play_as_fumie_with_varied_moves(cli, script, story, tmp_path, seed):
    game = script(seed, human="fumie", policy="random")
    result = cli("play", "fumie/basic", "--as", "fumie", "--seed", seed, input=game.text)
    assert result.exit_code == 0, result.output
    assert "Takeo: a bot, Fumie: you." in result.output
    assert flat(written_page(story, game.session, tmp_path)) in flat(result.output)
    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.actions == game.session.save.actions
    assert save.ended == game.session.ending().id


def test_stop_asks_first(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 2, input="stop\nno\nup\nquit\n")
    assert result.exit_code == 0
    assert "Stop the story here? It ends now, on its page, and cannot be taken back." in result.output
    assert "The story goes on. Nothing has changed." in result.output
    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.ended == "" and save.actions[0] == ("takeo", "up")


def test_stop_ends_the_game_on_its_page(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 2, input="stop\nyes\n")
    assert result.exit_code == 0
    from engine.fumie.content import STOPPED

    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.ended == STOPPED
    assert save.actions == [("takeo", "stop")]
    assert flat(book_page(STOPPED)["text"]) in flat(result.output)


def test_play_with_an_unusable_saves_folder(cli, tmp_path):
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("")
    result = cli("play", "fumie", "--seed", 1, input="", saves=not_a_folder)
    assert result.exit_code == 1
    assert str(not_a_folder) in result.stderr


def test_play_an_unknown_story_names_the_stories(cli, tmp_path):
    result = cli("play", "nope")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: there is no story 'nope'; the stories are: {', '.join(story_ids())}"
                             " (see `narrator stories`; --stories DIR or NARRATOR_STORIES add folders)\n")
    assert not tmp_path.exists() or not any(tmp_path.iterdir())


def test_play_an_unknown_episode_names_the_episodes(cli):
    result = cli("play", "fumie/nope")
    assert result.exit_code == 1
    assert result.stderr == ("Error: fumie has no episode 'nope'; its episodes are: fumie/basic,"
                             " fumie/murder, fumie/tadokoro\n")


def test_play_as_nobody_names_the_seats(cli, tmp_path):
    result = cli("play", "fumie", "--as", "nobody")
    assert result.exit_code == 1
    assert result.stderr == "Error: --as nobody: For Fumie has the seats takeo, fumie\n"
    assert not list(tmp_path.glob("*.toml"))


def test_play_in_a_slot_that_exists_refuses(cli, tmp_path):
    cli("play", "fumie", "--seed", 3, "--slot", "mine", input="up\n")
    before = (tmp_path / "mine.toml").read_bytes()
    result = cli("play", "fumie", "--seed", 4, "--slot", "mine", input="up\n")
    assert result.exit_code == 1
    assert result.stderr == ("Error: a save named 'mine' exists already; `narrator continue mine`"
                             " resumes it, or choose another --slot\n")
    assert (tmp_path / "mine.toml").read_bytes() == before


def test_play_with_an_unusable_slot_name(cli):
    result = cli("play", "fumie", "--slot", "../escape")
    assert result.exit_code == 1
    assert result.stderr == ("Error: '../escape' is not a usable save name: use letters, digits,"
                             " '-', '_' or '.' (and not \"profile\", the name of your profile)\n")


def test_new_games_take_new_slots(cli, tmp_path):
    for _ in range(2):
        assert cli("play", "fumie", "--seed", 1, input="up\n").exit_code == 0
    assert sorted(p.name for p in tmp_path.glob("fumie-*.toml")) == ["fumie-basic-1.toml",
                                                                    "fumie-basic-2.toml"]


def episode_order(out: str) -> list[str]:
    return [line.split(":")[0] for line in out.splitlines() if line.startswith("For Fumie")]


# --------------------------------------------------------------------- endings
def test_endings_before_any_game(cli, story):
    result = cli("endings")
    assert result.exit_code == 0
    n = len(pages(story))
    assert f"For Fumie: 0 of {n} endings\n" in result.output
    assert result.output.count("  · ") >= n
    assert episode_order(result.output) == ["For Fumie", "For Fumie — The Hidden Murderous Intent",
                                            "For Fumie — Mr. Tadokoro's Love"]
    for page in pages(story):
        assert page.title not in result.output


def _found(reached, first, times: str) -> str:
    return (f"  ✓ {'★●◐✗○'['true good bittersweet bad neutral'.split().index(reached.tone)]} {reached.title}"
            f" ({reached.tone}) — first reached {first:%Y-%m-%d}, {times}; `--read fumie/basic/{reached.id}`\n")


def test_endings_after_games_show_only_what_is_unlocked(cli, script, story, tmp_path):
    n = len(pages(story))
    game = script(3)
    assert cli("play", "fumie", "--seed", 3, input=game.text).exit_code == 0
    reached = story.content.page("basic", game.session.ending().id)
    profile = Profile.load(tmp_path)
    first = profile.endings["fumie"]["basic"][reached.id].first
    result = cli("endings")
    assert result.exit_code == 0
    assert f"For Fumie: 1 of {n} endings\n" in result.output
    assert _found(reached, first, "once") in result.output
    for page in pages(story):
        if page.id != reached.id:
            assert page.title not in result.output   # locked pages stay unspoiled

    # The same page again, now that the profile knows some sleeves (as the CLI will too;
    # the partner plays a card it can read by its text): it is not announced as new.
    known = sleeves(profile)
    seed = next(s for s in range(40) if script(s, known=known).session.ending().id == reached.id)
    again = script(seed, known=known)
    result = cli("play", "fumie", "--seed", seed, input=again.text)
    assert result.exit_code == 0
    assert "A new ending is unlocked" not in result.output
    assert _found(reached, first, "2 times") in cli("endings").output
    assert Profile.load(tmp_path).endings["fumie"]["basic"][reached.id].first == first

    # A different ending makes two.
    other = next(s for s in range(20) if script(s, known=sleeves(Profile.load(tmp_path)))
                 .session.ending().id != reached.id)
    third = script(other, known=sleeves(Profile.load(tmp_path)))
    assert cli("play", "fumie", "--seed", other, input=third.text).exit_code == 0
    out = cli("endings").output
    assert f"For Fumie: 2 of {n} endings\n" in out
    assert story.content.page("basic", third.session.ending().id).title in out


def test_sleeves_seen_in_a_game_are_kept_in_the_profile(cli, script, tmp_path):
    game = script(7)
    cli("play", "fumie", "--seed", 7, input=game.text)
    assert sleeves(Profile.load(tmp_path)) == set(game.session.state.known)
    assert game.session.state.known      # cards were used face up


# --------------------------------------------------------------------- continue
@pytest.mark.parametrize("named", [False, True], ids=["latest", "slot"])
def test_continue_resumes_exactly(cli, script, story, tmp_path, named):
    seed = 7
    game = script(seed, policy="random")
    k = len(game.lines) // 2
    assert 0 < k < len(game.lines)
    first = cli("play", "fumie", "--seed", seed, input="\n".join(game.lines[:k]) + "\n")
    assert first.exit_code == 0
    assert first.output.endswith(LEFT.format(slot="fumie-basic-1"))
    path = tmp_path / "fumie-basic-1.toml"
    saved = Save.read(path)
    assert saved.ended == ""

    # What was saved is exactly the game as it stood: resume it and compare.
    halfway = script(seed, policy="random", stop_after=k)
    resumed = Session.resume(path, None, autosave=False)
    assert events(resumed.log) == events(halfway.session.log)
    for seat in story.seats:
        assert resumed.view(seat).to_dict() == halfway.session.view(seat).to_dict()

    if named:  # a newer unfinished game must not be the one resumed
        cli("play", "fumie", "--seed", 99, input="up\n")
        os.utime(path, (1, 1))
        args = ("continue", "fumie-basic-1")
    else:
        args = ("continue",)
    result = cli(*args, input="\n".join(game.lines[k:]) + "\n")
    assert result.exit_code == 0, result.output
    assert result.output.startswith("For Fumie  (save: fumie-basic-1)\n"
                                    "Takeo: you, Fumie: a bot. Type `help` for commands.\n\n"
                                    "Previously, on the eleventh of June: ")
    assert flat(written_page(story, game.session, tmp_path)) in flat(result.output)
    done = Session.resume(path, None, autosave=False)
    assert events(done.log) == events(game.session.log)     # as if never interrupted
    assert Save.read(path).ended == game.session.ending().id


def test_continue_without_any_game(cli, tmp_path):
    result = cli("continue")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: no unfinished game in {tmp_path}; start one with"
                             " `narrator play STORY` (`narrator stories` lists them)\n")


def test_continue_an_unknown_slot(cli, tmp_path):
    result = cli("continue", "nothing-here")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: no save named 'nothing-here' in {tmp_path};"
                             " `narrator saves` lists them\n")


def test_continue_a_finished_game_says_so(cli, script, tmp_path):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    before = (tmp_path / "fumie-basic-1.toml").read_bytes()
    title = game.session.story.content.page("basic", game.session.ending().id).title
    result = cli("continue", "fumie-basic-1")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: the game in 'fumie-basic-1' is over (it ended with \"{title}\");"
                             " `narrator replay fumie-basic-1` reads it again\n")
    # and a plain `continue` finds no unfinished game
    result = cli("continue")
    assert result.exit_code == 1
    assert "no unfinished game" in result.stderr
    assert (tmp_path / "fumie-basic-1.toml").read_bytes() == before


def test_continue_a_hotseat_game_is_a_hotseat_game(cli, hotseat_script, tmp_path):
    game = hotseat_script(5)
    k = len(game.lines) // 2
    first = cli("play", "fumie", "--hotseat", "--seed", 5, input="\n".join(game.lines[:k]) + "\n")
    assert first.exit_code == 0
    assert first.output.endswith(LEFT.format(slot="fumie-basic-1"))
    rest = game.lines[k:]
    if rest[0] != "":
        rest = ["", *rest]      # the continued table opens behind a hand-off screen
    result = cli("continue", input="\n".join(rest) + "\n")
    assert result.exit_code == 0, result.output
    assert "Takeo: you, Fumie: you." in result.output
    before_first_prompt = result.output.split("> ", 1)[0]
    assert "Pass the terminal to" in before_first_prompt
    done = Session.resume(tmp_path / "fumie-basic-1.toml", None, autosave=False)
    assert events(done.log) == events(game.session.log)


# --------------------------------------------------------------------- replay
def test_replay_prints_the_story_the_same_every_time(cli, script, story):
    game = script(12)
    cli("play", "fumie", "--seed", 12, input=game.text)
    one = cli("replay", "fumie-basic-1")
    two = cli("replay", "fumie-basic-1")
    assert one.exit_code == 0
    assert one.output == two.output
    from narrator import endpage   # the page as it was written over this game
    page = endpage.render(story, "basic", game.session.ending().id, game.session.log)
    assert one.output.startswith("For Fumie  (seed 12)\n\n")
    assert flat(page.text) in flat(one.output)
    assert one.output.rstrip().endswith(page.text.split()[-1])


def test_replay_tells_only_what_both_saw_unless_asked_for_a_seat(cli, script, narrator_for):
    game = script(12)
    cli("play", "fumie", "--seed", 12, input=game.text)
    both = cli("replay", "fumie-basic-1").output
    as_takeo = cli("replay", "fumie-basic-1", "--as", "takeo").output
    from narrator import render
    from narrator.narration import tell_game

    log, marks = game.session.log, game.session.marks
    spectator = tell_game(narrator_for(12), log, marks, None)
    # What both saw is told from the public events alone: without the private ones the
    # telling is the same, word for word.
    public = [e for e in log if e.seats is None]
    cut = [sum(1 for e in log[:m] if e.seats is None) for m in marks]
    assert tell_game(narrator_for(12), public, cut, None) == spectator
    takeo = tell_game(narrator_for(12), log, marks, "takeo")
    assert spectator != takeo                        # Takeo saw his own draws
    for passages, output in ((spectator, both), (takeo, as_takeo)):
        at = 0
        for p in passages:
            found = output.find(render.prose(p), at)
            assert found >= 0, p
            at = found + len(render.prose(p))


def test_replay_of_an_unfinished_game(cli, script):
    game = script(7)
    cli("play", "fumie", "--seed", 7, input=game.lines[0] + "\n")
    result = cli("replay", "fumie-basic-1")
    assert result.exit_code == 0
    assert result.output.endswith("(The story goes on: `narrator continue fumie-basic-1`.)\n")


def test_replay_errors(cli):
    result = cli("replay", "nothing-here")
    assert result.exit_code == 1
    assert result.stderr == "Error: no save named 'nothing-here'; `narrator saves` lists them\n"
    cli("play", "fumie", "--seed", 1, input="up\n")
    result = cli("replay", "fumie-basic-1", "--as", "nobody")
    assert result.exit_code == 1
    assert result.stderr == "Error: --as nobody: the seats of this game are takeo, fumie\n"


def test_replay_writes_nothing(cli, script, tmp_path):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    before = {p.name: p.read_bytes() for p in tmp_path.iterdir()}
    cli("replay", "fumie-basic-1")
    assert {p.name: p.read_bytes() for p in tmp_path.iterdir()} == before


# --------------------------------------------------------------------- saves
def test_saves_lists_games(cli, script, story, tmp_path):
    assert cli("saves").output == f"No saves in {tmp_path}.\n"
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    cli("play", "fumie", "--seed", 4, input="up\n")
    os.utime(tmp_path / "fumie-basic-1.toml", (1, 1))
    out = cli("saves").output
    assert out == (f"{'fumie-basic-2':<20} fumie/basic  seed 4  1 actions, unfinished\n"
                   f"{'fumie-basic-1':<20} fumie/basic  seed 3  ended: \u201c{pages(story)[[p.id for p in pages(story)].index(game.session.ending().id)].title}\u201d\n")


# --------------------------------------------------------------------- explore
def test_explore_json(cli, story):
    result = cli("explore", "fumie", "--games", 300, "--seed", 0, "--json")
    assert result.exit_code == 0
    assert result.output.count("\n") == 1
    report = json.loads(result.output)
    assert {"story", "games", "actions", "seconds", "endings", "unreached"} <= set(report)
    assert report["story"] == "fumie"
    assert report["games"] == 300
    assert report["actions"] > 300
    assert report["seconds"] >= 0
    every = [p.id for p in pages(story) if p.id != "stopped"]
    assert sorted(report["endings"]) == sorted(every)
    assert sum(report["endings"].values()) == 300
    assert report["unreached"] == [e for e in every if report["endings"][e] == 0]


def test_explore_json_is_repeatable_but_for_the_time(cli):
    def counts():
        r = json.loads(cli("explore", "fumie", "--games", 50, "--seed", 5, "--json").output)
        return r["endings"], r["actions"]
    assert counts() == counts()


def test_explore_text_report(cli):
    result = cli("explore", "fumie/basic", "--games", 20, "--seed", 1, "--bot", "partner")
    assert result.exit_code == 0
    assert result.output.startswith("For Fumie: 20 games with partner bots, seed 1\n")
    assert "unreached: " in result.output
    assert "true ending rate: " in result.output


def test_explore_needs_at_least_one_game(cli):
    assert cli("explore", "fumie", "--games", 0).exit_code == 2


TIMINGS = {"seconds", "cpu_seconds", "games_per_second", "actions_per_second"}


def _untimed(output: str) -> dict:
    return {k: v for k, v in json.loads(output).items() if k not in TIMINGS}


def test_explore_with_two_jobs_repeats_for_the_same_seed(cli):
    runs = [_untimed(cli("explore", "fumie", "--games", 40, "--seed", 3, "--jobs", 2, "--json").output)
            for _ in range(2)]
    assert runs[0] == runs[1]
    assert runs[0]["jobs"] == 2 and runs[0]["games"] == 40
    assert sum(runs[0]["endings"].values()) == 40


def test_explore_with_one_job_plays_the_single_process_games(cli):
    """The figures the one-process explore prints for this seed (the bots draw from the
    seed and each seat's own clock, the events it has been told)."""
    report = _untimed(cli("explore", "fumie", "--games", 50, "--seed", 5, "--jobs", 1, "--json").output)
    assert report["actions"] == 881
    assert report["endings"] == {"crossing": 6, "dusk_words": 9, "hidden_heart": 10, "kanako": 3,
                                 "masahiro": 5, "nightfall": 3, "silence": 9, "true": 5, "unspoken": 0}


def test_explore_help_says_knowledge_stays_within_a_shard(cli):
    assert "within a shard only" in " ".join(cli("explore", "--help").output.split())


def test_explore_until_all_reports_the_games_and_the_impossible_pages(cli):
    result = cli("explore", "applerulette", "--until-all", "--players", 5, "--cap", 2, "--spoilers")
    assert result.exit_code == 0
    out = " ".join(result.output.split())
    assert "not every ending reached in 2 games (" in out
    assert "each dealt game followed by 7 that branch from its moves); unreached: " in out
    npc = next(p.title for p in load("applerulette").content.books["tale"].ending if p.id == "npc_snow_white")
    assert npc not in out.split("unreached: ")[1].split("not possible")[0]
    assert f"not possible at this table: {npc} " in out
    assert out.endswith("reached only when a player stops (no bot does): The Book Set Down")
    report = json.loads(cli("explore", "fumie", "--until-all", "--seed", 4, "--json").output)
    assert report["took"] == report["games"] and report["unreached"] == [] and report["not_possible"] == []


def test_explore_until_all_names_no_page_the_player_has_not_reached(cli):
    out = " ".join(cli("explore", "applerulette", "--until-all", "--players", 5, "--cap", 2).output.split())
    titles = [p.title for p in load("applerulette").content.books["tale"].ending]
    assert not [t for t in titles if t in out]
    assert "not possible at this table: (not yet in your collection: a bad ending)" in out


def test_explore_waits_for_no_page_only_a_players_stop_reaches(cli):
    # FunnyTime's `stop` is a surrender: no bot gives up, so explore does not count those
    # pages as unreached; its "stopped" page is a duel with no winner, which play reaches.
    report = json.loads(cli("explore", "funnytime", "--until-all", "--cap", 3, "--json").output)
    assert report["by_stopping"] == ["surrender_aki", "surrender_ren"]
    assert "stopped" in report["endings"] and not {"surrender_aki", "surrender_ren"} & set(report["endings"])
    out = " ".join(cli("explore", "funnytime", "--games", 3, "--jobs", 1, "--spoilers").output.split())
    assert "reached only when a player stops (no bot does): The Pen Goes Back in the Cup;" in out
