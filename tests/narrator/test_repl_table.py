"""The REPL: its commands, mistakes, leaving, piped scripts, and the hot-seat hand-off.

What a command shows is compared with `narrator.render` of the seat's view at that
moment (the game is worked out beforehand through `Session`, the `script` fixture).
"""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

from narrator import render
from narrator.narration import tell_game
from narrator.screens import fumie as screen
from narrator.saves import Save
from narrator.session import Session

LEFT = "\nThe day waits. Your game is saved; `narrator continue {slot}` picks it up.\n"


def names(story):
    return {s: story.seat_name(s) for s in story.seats}


def answers(output: str, prompt: str) -> list[str]:
    """What the REPL printed after each line typed at `prompt` (up to the next prompt)."""
    parts = re.split(r"^(?:Takeo|Fumie)> .*$", output, flags=re.M)
    typed = re.findall(r"^((?:Takeo|Fumie)> .*)$", output, flags=re.M)
    return [(t, parts[i + 1]) for i, t in enumerate(typed) if t.startswith(prompt)]


# --------------------------------------------------------------------- a piped game
def test_a_scripted_game_through_piped_standard_input(tmp_path, script, story):
    game = script(3)
    commands = ["hand", "table", "sheet", "log", "log 2", "help", "save", "dance wildly", ""]
    moves = "\n".join([*commands, *game.lines]) + "\n"
    env = {k: v for k, v in os.environ.items() if k != "NARRATOR_SAVES"}
    env["PYTHONIOENCODING"] = "utf-8"
    done = subprocess.run([sys.executable, "-m", "narrator", "--saves", str(tmp_path), "play", "fumie",
                           "--seed", "3"], input=moves.encode(), capture_output=True, env=env,
                          timeout=120)
    out = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode()
    assert done.stderr == b""
    page = story.content.page("basic", game.session.ending().id)
    assert f"\n  {page.title}\n" in out
    (typed, said), = answers(out, "Takeo> dance wildly")
    assert "Nothing has changed" in said
    assert "'dance wildly' is not an action" in said
    assert "up, down ask, down not-yet, down think, stop" in said
    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.ended == page.id
    assert save.actions == game.session.save.actions   # the commands changed nothing


# --------------------------------------------------------------------- the commands
def test_hand_shows_your_own_hand(cli, script, story):
    result = cli("play", "fumie", "--seed", 8, input="hand\nquit\n")
    view = script(8, stop_after=0).session.view("takeo")
    (_, said), = answers(result.output, "Takeo> hand")
    assert screen.hand(view, names(story)) in said
    for face in view.me.hand:   # every card of the hand, by the name the seat knows
        assert face.sleeve_name in said


def test_hand_as_fumie(cli, script, story):
    result = cli("play", "fumie", "--as", "fumie", "--seed", 8, input="hand\nquit\n")
    view = script(8, human="fumie", stop_after=0).session.view("fumie")
    (_, said), = answers(result.output, "Fumie> hand")
    assert screen.hand(view, names(story)) in said


@pytest.mark.parametrize("seed,seat", [(0, "takeo"), (2, "takeo"), (0, "fumie"), (1, "fumie")])
def test_table_never_shows_what_was_not_seen(cli, script, story, named_cards, seed, seat):
    """Before every move of a whole game, `table` draws the seat's view: the other hand's
    unseen cards are "(a card you have not seen)" and face-down pile cards are never
    identified, by any name."""
    game = script(seed, human=seat, policy="random")
    typed = "".join(f"table\n{line}\n" for line in game.lines)
    args = ("--as", seat) if seat != "takeo" else ()
    result = cli("play", "fumie", *args, "--seed", seed, input=typed)
    assert result.exit_code == 0
    tables = answers(result.output, f"{story.seat_name(seat)}> table")
    assert len(tables) == len(game.states)
    unseen_total = face_down_total = 0
    for (_, said), state in zip(tables, game.states):
        view = story.view(state, seat)
        assert screen.table(view, names(story)) in said
        other = state.sides[view.other.seat]
        unseen = [c for c in other.hand if c not in other.shown]
        face_down = [c for s in state.sides.values() for c, up in s.discard if not up]
        assert said.count("(a card you have not seen)") == len(unseen)
        assert said.count("face down — never identified") == len(face_down)
        assert named_cards(said, unseen + face_down, quoted_ok=True) == {}
        unseen_total += len(unseen)
        face_down_total += len(face_down)
    assert unseen_total and face_down_total      # the game had secrets to keep


def test_sheet_lists_the_common_effects(cli, story):
    result = cli("play", "fumie", "--seed", 1, input="sheet\nquit\n")
    (_, said), = answers(result.output, "Takeo> sheet")
    sheet = story.content.sheets[("takeo", "basic")]
    assert said.startswith("\nTakeo's sheet — common effects for a card used face down:\n")
    wide = max(len(c.id) for c in sheet.common)   # the names line up in a column
    for c in sheet.common:
        assert f"  down {c.id:<{wide}}  {c.name}: {c.text}\n" in said


def test_help_lists_commands_and_what_is_legal(cli):
    result = cli("play", "fumie", "--seed", 1, input="help\nquit\n")
    (_, said), = answers(result.output, "Takeo> help")
    for word in ("help", "hand", "table", "sheet", "log", "save", "quit"):
        assert re.search(rf"^  {word} +\S", said, flags=re.M), word
    for word in ("rewind",):   # For Fumie's name for undo
        assert re.search(rf"^  {word} +\S", said, flags=re.M), word
    assert "Actions: up, down ask, down not-yet, down think, stop. Or type an option's number.\n" in said


def test_save_says_where(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 1, input="up\nsave\nquit\n")
    (_, said), = answers(result.output, "Takeo> save")
    assert f"Saved in slot fumie-basic-1 ({tmp_path / 'fumie-basic-1.toml'})." in said


def test_log_repeats_what_was_told(cli, script, narrator_for):
    moves = script(1).lines[:4]
    result = cli("play", "fumie", "--seed", 1, input="\n".join(moves) + "\nlog 3\nlog 500\nlog\nquit\n")
    played = script(1, stop_after=4).session
    # Told move by move, as the table told it (a move's bookkeeping folds into one line).
    told = [render.prose(p) for p in tell_game(narrator_for(1), played.log, played.marks, "takeo")]
    assert len(told) > 4
    (_, three), (_, many), (_, whole) = answers(result.output, "Takeo> log")
    assert three == "\n" + "".join(p + "\n\n" for p in told[-3:]) + "\n"
    # More than were told is all of them (not a slice from a negative start), and plain
    # `log` is the whole story so far.
    assert many == whole == "\n" + "".join(p + "\n\n" for p in told) + "\n"


def test_log_0_shows_nothing(cli):
    result = cli("play", "fumie", "--seed", 1, input="log 0\nquit\n")
    (_, said), = answers(result.output, "Takeo> log 0")
    assert said.strip() == "Nothing has been told yet."


@pytest.mark.parametrize("line,why", [
    ("flip takeo 9", "'flip takeo 9' is not possible now."),
    ("order 1 2 3", "'order 1 2 3' is not possible now."),
    ("down dance", "'down dance' is not possible now."),
    ("down", "'down': write it as `down EFFECT`."),
    ("yes please", "'yes please': write it as `yes`."),
    ("dance", "'dance' is not an action or a command; actions look like: up, down EFFECT,"
              " effect EFFECT, flip PILE POSITION, order N N N..., accuse PERSON, yes, no, stop."),
])
def test_a_mistake_says_why_and_what_is_legal_and_changes_nothing(cli, tmp_path, line, why):
    cli("play", "fumie", "--seed", 1, input="down not-yet\n")
    before = Save.read(tmp_path / "fumie-basic-1.toml").actions
    result = cli("continue", input=f"{line}\nquit\n")
    (_, said), = answers(result.output, f"Takeo> {line}")
    assert said == (f"\n{why}\nWhat you can do now: up, down ask, down not-yet, down think, stop"
                    " (or a number from 1 to 5). Nothing has changed.\n\n")
    assert Save.read(tmp_path / "fumie-basic-1.toml").actions == before


def test_a_command_does_not_put_the_decision_again(cli):
    result = cli("play", "fumie", "--seed", 1, input="hand\ntable\nsheet\nquit\n")
    assert result.output.count("Your turn.") == 1


def test_actions_are_read_whatever_their_case_and_spacing(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 1, input="  UP  \nquit\n")
    assert "Nothing has changed" not in result.output
    assert Save.read(tmp_path / "fumie-basic-1.toml").actions[0] == ("takeo", "up")


# --------------------------------------------------------------------- leaving
def test_quit_leaves_with_the_continue_hint(cli, script, tmp_path):
    result = cli("play", "fumie", "--seed", 1, input="up\nquit\nup\n")
    assert result.exit_code == 0
    assert result.output.endswith(LEFT.format(slot="fumie-basic-1"))
    save = Save.read(tmp_path / "fumie-basic-1.toml")
    assert save.ended == ""
    assert save.actions == script(1, stop_after=1).session.save.actions   # the last line unread


def test_end_of_input_mid_game_keeps_the_save_and_continue_resumes(cli, script, tmp_path):
    game = script(9, policy="random")
    result = cli("play", "fumie", "--seed", 9, input=game.lines[0] + "\n")
    assert result.exit_code == 0
    assert result.output.endswith(LEFT.format(slot="fumie-basic-1"))
    path = tmp_path / "fumie-basic-1.toml"
    assert Save.read(path).actions[0] == ("takeo", game.lines[0])
    again = cli("continue", input="\n".join(game.lines[1:]) + "\n")
    assert again.exit_code == 0
    assert Save.read(path).ended == game.session.ending().id


def test_end_of_input_before_any_move_leaves_no_save(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 1, input="")
    assert result.exit_code == 0
    assert result.output.endswith("\nNothing was played, so nothing was saved.\n")
    assert not list(tmp_path.glob("fumie-*.toml"))
    assert "no unfinished game" in cli("continue").stderr


def test_a_blank_line_does_nothing(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 1, input="\n\nup\n\nquit\n")
    assert result.exit_code == 0
    assert "Nothing has changed" not in result.output
    assert Save.read(tmp_path / "fumie-basic-1.toml").actions[0] == ("takeo", "up")


# --------------------------------------------------------------------- hot-seat
@pytest.mark.parametrize("seed", [1, 4, 6])
def test_hotseat_hand_off_hides_the_other_hand(cli, hotseat_script, story, named_cards, tmp_path, seed):
    game = hotseat_script(seed)
    assert len(game.handoffs) >= 3
    result = cli("play", "fumie", "--hotseat", "--seed", seed, input=game.text)
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Takeo: you, Fumie: you." in out

    # A hand-off before every change of player, and before the very first prompt.
    marks = re.findall(r"^Pass the terminal to (\w+)'s player\.$|^(Takeo|Fumie)> ", out, flags=re.M)
    sequence = [("handoff", a) if a else ("prompt", b) for a, b in marks]
    at = None
    for what, who in sequence:
        if what == "handoff":
            at = who
        else:
            assert who == at, f"{who}'s prompt without a hand-off to {who}"
    handed = [who for what, who in sequence if what == "handoff"]
    assert handed == [story.seat_name(h["seat"]) for h in game.handoffs]

    # Between each hand-off and that player's prompt: nothing of the other hand that
    # player has not been told of.
    segments = re.split(r"^Pass the terminal to \w+'s player\.$", out, flags=re.M)[1:]
    assert len(segments) == len(game.handoffs)
    secrets_kept = 0
    for segment, handoff in zip(segments, game.handoffs):
        who = story.seat_name(handoff["seat"])
        shown = segment.split(f"\n{who}> ", 1)[0]
        assert named_cards(shown, handoff["secret"]) == {}, (who, shown)
        secrets_kept += len(handoff["secret"])
    assert secrets_kept

    # And the game is the game worked out beforehand.
    done = Session.resume(tmp_path / "fumie-basic-1.toml", None, autosave=False)
    assert [(e.kind, e.data) for e in done.log] == [(e.kind, e.data) for e in game.session.log]
    page = story.content.page("basic", game.session.ending().id)
    assert page.title in out


def test_hotseat_opening_deal_waits_for_its_player(cli):
    """Nothing about either hand is told before the first hand-off."""
    result = cli("play", "fumie", "--hotseat", "--seed", 2, input="")
    before = result.output.split("Pass the terminal to", 1)[0]
    assert "sees what is coming" not in before
    assert "keeping" not in before
    assert result.output.endswith("\nNothing was played, so nothing was saved.\n")


@pytest.mark.parametrize("seed", [3, 8])
def test_hotseat_commands_after_a_hand_off_show_only_your_side(cli, hotseat_script, story, named_cards,
                                                               seed):
    """After each hand-off the incoming player types `hand` and `table` before moving:
    nothing up to their move names a card of the other hand they were not told of."""
    game = hotseat_script(seed)
    lines = []
    for line in game.lines:
        lines.append(line)
        if line == "":
            lines += ["hand", "table", "log"]
    result = cli("play", "fumie", "--hotseat", "--seed", seed, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    segments = re.split(r"^Pass the terminal to \w+'s player\.$", result.output, flags=re.M)[1:]
    assert len(segments) == len(game.handoffs)
    for segment, handoff in zip(segments, game.handoffs):
        who = story.seat_name(handoff["seat"])
        before_move = re.split(rf"^{who}> (?!hand$|table$|log$).*$", segment, maxsplit=1, flags=re.M)[0]
        assert f"{who}> hand" in before_move and f"{who}> table" in before_move
        assert named_cards(before_move, handoff["secret"], quoted_ok=True) == {}, (who, before_move)


# --------------------------------------------------------------------- completion
class Recorder:
    """A reader that answers from a list and remembers the words offered for completion."""

    def __init__(self, lines):
        self.lines, self.offered = list(lines), []

    interactive = False

    def read(self, prompt, words, interrupt="", status=None):
        self.offered.append((prompt, list(words)))
        return self.lines.pop(0) if self.lines else None


def test_the_prompt_offers_the_legal_actions_and_the_commands(story, tmp_path):
    from narrator.repl import COMMANDS, Table

    session = Session.new(story, "basic", 1, {"takeo": "human", "fumie": "bot:partner"},
                          tmp_path / "t.toml", None)
    reader = Recorder(["hand"])
    out = open(tmp_path / "out.txt", "w")
    Table(session, ("takeo",), {}, reader, out=out).run()
    prompt, words = reader.offered[0]
    assert prompt == "Takeo> "
    assert words == [*session.view("takeo").legal, "hand", "table", "sheet",
                     *("rewind" if c == "undo" else c for c in COMMANDS)]   # For Fumie winds the watch
    assert words[:5] == ["up", "down ask", "down not-yet", "down think", "stop"]


def test_tab_completes_what_is_legal(monkeypatch):
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from narrator.repl import PromptReader

    reader = PromptReader.__new__(PromptReader)
    seen = {}

    class Session:
        def prompt(self, prompt, completer, bottom_toolbar=None):
            seen["completer"] = completer
            return "  up  "
    reader.session = Session()
    assert reader.read("Takeo> ", ["up", "down ask", "down not-yet", "flip fumie 1", "hand"]) == "up"

    def complete(text):
        doc = Document(text, len(text))
        return [c.text for c in seen["completer"].get_completions(doc, CompleteEvent(completion_requested=True))]
    assert complete("down n") == ["down not-yet"]
    assert complete("fl") == ["flip fumie 1"]
    assert complete("ha") == ["hand"]
    assert complete("zz") == []


def test_the_terminal_reader_on_end_of_input_and_interrupt():
    from narrator.repl import PromptReader

    reader = PromptReader.__new__(PromptReader)

    class Ended:
        def prompt(self, *a, **k):
            raise EOFError

    class Interrupted:
        def prompt(self, *a, **k):
            raise KeyboardInterrupt
    reader.session = Ended()
    assert reader.read("> ", []) is None
    reader.session = Interrupted()
    assert reader.read("> ", []) == ""
