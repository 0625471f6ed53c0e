"""The player's terminal: every line fits the width, numbered options in the player's
words, `stop` asks first, `--hotseat --as` is refused, and the funny silences are gone.

Each test plays through the real CLI (click's CliRunner) at 60, 80 and 120 columns.
"""
from __future__ import annotations

import re

import pytest

from narrator.terminal import cells, wrap

WIDTHS = (60, 80, 120)


def fits(text: str, columns: int) -> None:
    for line in text.split("\n"):
        assert cells(line) <= columns, (columns, line)


@pytest.fixture
def at(cli, monkeypatch):
    """Run the CLI with the terminal `columns` wide."""
    def run(columns, *args, input=None):
        monkeypatch.setenv("COLUMNS", str(columns))
        return cli(*args, input=input)
    return run


def test_wrap_breaks_between_words_and_keeps_a_table_s_spacing():
    text = "  down not-yet  Not Yet: Move the first card of the opponent's hand to the back."
    lines = wrap(text, 40).split("\n")
    assert lines[0] == "  down not-yet  Not Yet: Move the first"
    assert all(cells(l) <= 40 for l in lines)
    words = " ".join(" ".join(l.split()) for l in lines).split()
    assert words == text.split()                                  # no word broken
    assert wrap("  3. up — use the card you hold", 30).split("\n")[1] == "     hold"   # under the text
    assert cells("本 1/12") == 7                                  # wide characters count twice


STORIES = [("fumie", ["hand", "table", "sheet", "help", "1", "log", "2", "quit"]),
           ("applerulette", ["hand", "me", "table", "help", "1", "1", "log", "quit"]),
           ("fatima", ["hand", "table", "pile", "help", "1", "log", "quit"]),
           ("funnytime", ["hand", "table", "sky", "help", "1", "1", "log", "quit"])]


@pytest.mark.parametrize("columns", WIDTHS)
@pytest.mark.parametrize("story,lines", STORIES)
def test_no_printed_line_is_wider_than_the_terminal(at, story, lines, columns):
    result = at(columns, "play", story, "--seed", 5, input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output
    fits(result.output, columns)
    assert "Nothing has changed" not in result.output
    slot = {"fumie": "fumie-basic-1", "applerulette": "applerulette-tale-1", "fatima": "fatima-chronicle-1",
            "funnytime": "funnytime-duel-1"}[story]
    for other in (at(columns, "cards", story), at(columns, "rules", story), at(columns, "stories"),
                  at(columns, "endings"), at(columns, "saves"), at(columns, "continue", input="quit\n"),
                  at(columns, "replay", slot), at(columns, "play", story, "--seed", 9, input="stop\nyes\n")):
        fits(other.output, columns)
        fits(other.stderr, columns)


@pytest.mark.parametrize("columns", WIDTHS)
def test_errors_fit_the_terminal_too(at, columns):
    result = at(columns, "play", "nowhere-story")
    assert result.exit_code == 1
    fits(result.stderr, columns)
    assert " ".join(result.stderr.split()).startswith("Error: there is no story 'nowhere-story'; the stories are:")


def test_options_are_numbered_and_seats_go_by_their_story_names(cli, tmp_path):
    from narrator.saves import Save

    result = cli("play", "applerulette", "--seed", 3, input="exchange hand bruno\nquit\n")
    out = result.output
    assert re.search(r"^ +2\. exchange hand bruno — exchange hands with Bruno$", out, flags=re.M)
    assert "(p2)" not in out and "exchange hand p2" not in out
    assert Save.read(tmp_path / "applerulette-tale-1.toml").actions[0] == ("p1", "exchange hand p2")
    again = cli("play", "applerulette", "--seed", 3, input="2\nquit\n")
    assert again.exit_code == 0
    assert Save.read(tmp_path / "applerulette-tale-2.toml").actions[0] == ("p1", "exchange hand p2")


def test_a_number_out_of_range_is_explained(cli):
    result = cli("play", "fumie", "--seed", 1, input="9\nquit\n")
    assert "There is no option 9: the options are numbered 1 to 5. Nothing has changed." in result.output


def test_for_fumie_says_what_each_option_does(cli):
    out = " ".join(cli("play", "fumie", "--seed", 1, input="quit\n").output.split())
    assert "2. down ask — face down: Ask Her Straight Out — The opponent shows you their hand." in out
    assert "5. stop — end the story here, on its page (you are asked first)" in out


def test_hotseat_with_as_is_refused(cli, tmp_path):
    result = cli("play", "fumie", "--hotseat", "--as", "fumie")
    assert result.exit_code == 1
    assert result.stderr == ("Error: --hotseat seats a player at every seat, so --as fumie has nothing to"
                             " choose: leave out --as to share the terminal, or --hotseat to play one seat\n")
    assert not list(tmp_path.glob("*.toml"))


def test_funnytime_asks_again_between_two_upkeep_choices(cli):
    """After `keep` the next Stock Pool card's upkeep is put to the player, not a bare prompt."""
    from narrator.library import load
    from narrator.session import Session
    from narrator import bots

    st = load("funnytime")
    seed = 2276097185
    session = Session.new(st, "duel", seed, {"aki": "human", "ren": "bot:partner"},
                          __import__("pathlib").Path("/nonexistent/x.toml"), None, autosave=False)
    rival = bots.make("partner", st, "ren", seed)
    partner = bots.make("partner", st, "aki", seed)
    lines = []
    kept = 0
    while session.ending() is None and len(lines) < 400:
        seat = session.to_act()[0]
        view = session.view(seat)
        if seat == "ren":
            session.act(seat, rival.choose(view))
            continue
        if view.decision.kind == "upkeep":
            action = next(a for a in view.legal if a.startswith("keep"))
            kept += 1
        elif view.decision.kind == "make" and view.me.stock == () and any(" " in a for a in view.legal):
            action = partner.choose(view)
        else:
            action = partner.choose(view)
        if action == "stop":
            action = next(a for a in view.legal if a != "stop")
        lines.append(action)
        session.act(seat, action)
        if kept >= 2:
            break
    if kept < 2:
        pytest.skip("this deal never kept two Stock Pool cards")
    out = cli("play", "funnytime", "--seed", seed, input="\n".join(lines) + "\nquit\n").output
    blocks = re.split(r"^Aki> .*$", out, flags=re.M)
    typed = re.findall(r"^Aki> (.*)$", out, flags=re.M)
    for i, line in enumerate(typed[:-1]):
        # every move is followed by what is asked next (or the rival's move), never a bare prompt
        assert blocks[i + 1].strip(), (i, line)
