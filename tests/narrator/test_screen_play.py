"""The player's terminal in play: undo, the recap on `continue`, colour and the theme,
the status line, and the joiner's own commands."""
from __future__ import annotations

import io

import pytest

from narrator.saves import Save


def flat(text: str) -> str:
    return " ".join(text.split())


# --------------------------------------------------------------------- undo
def test_undo_takes_back_a_panel_laid_face_down(cli, tmp_path):
    result = cli("play", "funnytime", "--seed", 7, input="1\n2\nundo\nquit\n")
    assert "You peel the last choice off the board before the ink is dry" in result.output
    save = Save.read(tmp_path / "funnytime-duel-1.toml")
    assert len(save.actions) == 1                        # the second panel is taken back
    # and the game goes on from there exactly as a save of that one action does
    again = cli("continue", input="quit\n")
    assert again.exit_code == 0


def test_undo_is_refused_after_a_hidden_draw_and_says_why(cli, tmp_path):
    result = cli("play", "fumie", "--seed", 7, input="1\nrewind\nquit\n")
    assert ("That move cannot be taken back: since that move you have been shown something only you"
            " could see.") in flat(result.output)
    assert len(Save.read(tmp_path / "fumie-basic-1.toml").actions) >= 1


def test_for_fumie_calls_it_winding_the_watch(cli):
    out = cli("play", "fumie", "--seed", 7, input="help\nundo\nquit\n").output
    assert "  rewind take back your last move" in out
    assert "'undo' is not an action" in out or "undo" not in out.split("Takeo> undo")[1].split("Takeo>")[0].split()[:1]


def test_undo_with_nothing_to_take_back(cli):
    out = cli("play", "funnytime", "--seed", 7, input="undo\nquit\n").output
    assert "There is no move of yours to take back yet (`undo`)." in out


def test_undo_is_refused_with_another_human_at_the_table(cli):
    out = cli("play", "funnytime", "--hotseat", "--seed", 7, input="\n1\nundo\nquit\n").output
    assert "`undo` is for solo play: another player has seen this move" in out


# --------------------------------------------------------------------- previously
@pytest.mark.parametrize("story,words", [
    ("fumie", "Previously, on the eleventh of June:"), ("applerulette", "Previously, at the feast:"),
    ("fatima", "Previously, in the chronicle:"), ("funnytime", "Previously, at the studio:")])
def test_continue_opens_with_a_recap_not_the_last_passages(cli, story, words):
    played = cli("play", story, "--seed", 5, input="1\nquit\n")
    assert "picks it up" in played.output
    out = cli("continue", input="quit\n").output
    head = out.split("\n\n")[1]
    assert head.startswith(words)
    assert "the story so far, in brief" not in out
    assert len(head) < 400                               # short: a few sentences


# --------------------------------------------------------------------- colour
def test_colour_only_for_a_terminal_and_never_with_no_color(monkeypatch):
    from narrator import style

    class Tty(io.StringIO):
        def isatty(self):
            return True
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert style.wants_colour(Tty(), "dark") and style.wants_colour(Tty(), "light")
    assert not style.wants_colour(io.StringIO(), "dark")          # not a terminal
    assert not style.wants_colour(Tty(), "none")
    monkeypatch.setenv("NO_COLOR", "1")
    assert not style.wants_colour(Tty(), "dark")


def test_the_painter_gives_each_kind_its_own_look(tmp_path):
    from narrator import style

    class Tty(io.StringIO):
        def isatty(self):
            return True

        def fileno(self):
            raise io.UnsupportedOperation

    out = Tty()
    painter = style.Painter(out, "dark")
    for kind in ("prose", "options", "error"):
        painter.write(f"a {kind}", kind)
    text = out.getvalue()
    assert text.count("\x1b[") >= 3
    looks = {line.split("a ")[0] for line in text.splitlines() if "a " in line}
    assert len(looks) == 3                                 # three different escapes
    light = Tty()
    style.Painter(light, "light").write("a prose", "prose")
    assert light.getvalue() != text.splitlines()[0]


def test_a_theme_that_does_not_exist(cli, monkeypatch):
    monkeypatch.setenv("NARRATOR_THEME", "purple")
    result = cli("play", "fumie", input="quit\n")
    assert result.exit_code == 1
    assert "there is no theme 'purple'; the themes are dark, light, none" in result.stderr
    monkeypatch.delenv("NARRATOR_THEME")
    assert cli("play", "fumie", "--theme", "light", input="quit\n").exit_code == 0


def test_piped_play_has_no_escapes(cli):
    assert "\x1b" not in cli("play", "fumie", "--seed", 1, input="hand\nquit\n").output


# --------------------------------------------------------------------- the status line
@pytest.mark.parametrize("story,counts", [
    ("fumie", ["turn 1", "decks Takeo", "face down Takeo 0/4"]),
    ("applerulette", ["turn 1", "pile ", "guests still alive"]),
    ("fatima", ["turn ", "deck ", "your points", "hand "]),
    ("funnytime", ["本 1/", "stars 21/21", "Botsu 0/39", "deck "])])
def test_the_status_line_shows_the_story_the_moment_and_the_counts(cli, story, counts):
    out = cli("play", story, "--seed", 5, input="quit\n").output
    status = next(line for line in out.split("\n[")[1:]).split("]")[0]
    for c in counts:
        assert c in status, (c, status)
    assert "your move" in status


def test_the_prompt_shows_the_status_in_a_bottom_toolbar(story, tmp_path):
    from narrator.repl import Table
    from narrator.session import Session

    class Toolbar:
        interactive = True

        def __init__(self):
            self.status = []

        def read(self, prompt, words, status=None):
            self.status.append(status)
            return None
    session = Session.new(story, "basic", 1, {"takeo": "human", "fumie": "bot:partner"}, tmp_path / "t.toml", None)
    reader = Toolbar()
    Table(session, ("takeo",), {}, reader, out=io.StringIO()).run()
    assert reader.status[0].strip().startswith("For Fumie · turn 1 · decks Takeo")


# --------------------------------------------------------------------- the joiner
def test_the_joiner_answers_help_log_and_save_itself():
    from narrator.net.join import Client

    class Lines:
        def __init__(self, lines):
            self.lines = list(lines)

        def read(self, prompt, words, interrupt="", status=None):
            return self.lines.pop(0) if self.lines else None

    class Socket:
        def close(self):
            pass

    out = io.StringIO()
    client = Client(Socket(), Lines(["help", "log", "log 1", "save", "quit"]), out, "127.0.0.1:7", "CODE")
    client.handle({"type": "welcome", "name": "Fumie", "commands": ["hand", "table"]})
    client.handle({"type": "tell", "text": "The rain begins."})
    client.handle({"type": "tell", "text": "Takeo looks up."})
    assert client.handle({"type": "prompt", "decision": "Your turn.", "legal": ["up"]}) == 0
    text = out.getvalue()
    assert "Commands: hand, table, help, log, save, quit." in text
    assert "  log    the story so far as you were told it" in text
    after_log = text.split("Your turn.")[1]
    assert after_log.count("The rain begins.") == 1 and after_log.count("Takeo looks up.") == 2
    assert "The host keeps this game and saves it after every move; if you leave, rejoin with: narrator join 127.0.0.1:7 CODE" in text


# --------------------------------------------------------------------- paging
class Screenful:
    """A person at a terminal typing the given lines (None when they run out)."""
    interactive = True

    def __init__(self, lines):
        self.lines, self.prompts = list(lines), []

    def read(self, prompt, words, status=None):
        self.prompts.append(prompt)
        return self.lines.pop(0) if self.lines else None


def _log_at_a_short_terminal(story, tmp_path, monkeypatch, lines):
    from narrator import bots
    from narrator.repl import Table
    from narrator.session import Session

    monkeypatch.setenv("LINES", "12")
    session = Session.new(story, "basic", 1, {"takeo": "human", "fumie": "bot:partner"}, tmp_path / "p.toml", None)
    reader, out = Screenful(lines), io.StringIO()
    Table(session, ("takeo",), {"fumie": bots.make("partner", story, "fumie", 1)}, reader, out=out).run()
    return reader, out.getvalue()


def test_a_long_log_comes_a_screenful_at_a_time(story, tmp_path, monkeypatch):
    reader, out = _log_at_a_short_terminal(story, tmp_path, monkeypatch, ["1", "1", "1", "log 50", "", "", "", "quit"])
    asked = [p for p in reader.prompts if p.startswith("— more")]
    assert len(asked) >= 2          # the story so far is longer than two screens of 12 lines
    # and every passage of it is shown, from the first, as the player turns the pages
    first = out.split("\n\n")[1].splitlines()[0]
    assert out.count(first) >= 2


def test_q_stops_the_paging(story, tmp_path, monkeypatch):
    full, _ = _log_at_a_short_terminal(story, tmp_path / "a", monkeypatch, ["1", "1", "1", "log 50", "", "", "", "", "", "quit"])
    cut, _ = _log_at_a_short_terminal(story, tmp_path / "b", monkeypatch, ["1", "1", "1", "log 50", "q", "quit"])
    more = lambda r: sum(p.startswith("— more") for p in r.prompts)  # noqa: E731
    assert more(cut) == 1 < more(full)
