"""The hot-seat hand-off: the screen and its scrollback are wiped before the next
player comes, and Ctrl-C there leaves the game (saved) instead of showing the next
seat's secrets."""
from __future__ import annotations

import io

from narrator.repl import WIPE, PromptReader, Table, wipe
from narrator.session import Session


class Keys:
    """Answers prompts from a list; "^C" is Ctrl-C, answered as PromptReader does."""

    def __init__(self, lines):
        self.lines = list(lines)

    def read(self, prompt, words, interrupt=""):
        line = self.lines.pop(0) if self.lines else None
        return interrupt if line == "^C" else line


def test_ctrl_c_at_a_hand_off_leaves_without_showing_the_next_seat(story, tmp_path):
    session = Session.new(story, "basic", 3, {"takeo": "human", "fumie": "human"}, tmp_path / "h.toml", None)
    out = io.StringIO()
    table = Table(session, ("takeo", "fumie"), {}, Keys(["", "up", "^C", "hand"]), out=out, hotseat=True,
                  clear=lambda: wipe(out))
    assert table.run() == 0
    after = out.getvalue().rsplit(WIPE, 1)[1]
    assert "Pass the terminal to Fumie" in after and "Your game is saved" in after
    assert "Fumie>" not in after
    assert table.at_screen == "takeo"
    assert Session.resume(tmp_path / "h.toml", None, autosave=False).save.actions == [("takeo", "up")]


def test_the_wipe_clears_the_scrollback_too():
    out = io.StringIO()
    wipe(out)
    assert "\x1b[3J" in out.getvalue() and "\x1b[2J" in out.getvalue()


def test_prompt_reader_turns_ctrl_c_into_leaving_where_asked():
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    with create_pipe_input() as keys:
        reader = PromptReader.__new__(PromptReader)
        reader.session = PromptSession(input=keys, output=DummyOutput())
        keys.send_text("\x03")
        assert reader.read("Fumie, press Enter when you are ready. ", [], interrupt=None) is None
        keys.send_text("\x03")
        assert reader.read("Takeo> ", ["up"]) == ""
        keys.send_text("up\r")
        assert reader.read("Takeo> ", ["up"]) == "up"


def test_a_pasted_page_is_cut_to_a_line():
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from narrator.repl import LINE_LIMIT, _paste_cut
    from prompt_toolkit import PromptSession

    with create_pipe_input() as keys:
        reader = PromptReader.__new__(PromptReader)
        reader.session = PromptSession(input=keys, output=DummyOutput(), key_bindings=_paste_cut())
        keys.send_text("\x1b[200~" + "up " * 13_000 + "\x1b[201~\r")
        assert reader.read("Takeo> ", ["up"]) == ("up " * 100)[:LINE_LIMIT]
        keys.send_text("\x1b[200~up\x1b[201~\r")
        assert reader.read("Takeo> ", ["up"]) == "up"


def test_a_page_typed_in_at_once_is_read_as_one_paste_and_cut():
    from prompt_toolkit import PromptSession
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.output import DummyOutput

    from narrator.repl import LINE_LIMIT, _paste_cut
    from narrator.typing_input import PasteAware

    with create_pipe_input() as keys:
        paste_aware = PasteAware(keys)
        keys.send_text("up " * 300 + "\r")
        got = paste_aware.read_keys()
        assert [k.key for k in got] == [Keys.BracketedPaste, Keys.ControlM]
        keys.send_text("up\r")                   # typing stays keys
        assert [k.key for k in paste_aware.read_keys()] == ["u", "p", Keys.ControlM]
        reader = PromptReader.__new__(PromptReader)
        reader.session = PromptSession(input=PasteAware(keys), output=DummyOutput(), key_bindings=_paste_cut())
        keys.send_text("up " * 13_000 + "\r")
        assert reader.read("Takeo> ", ["up"]) == ("up " * 100)[:LINE_LIMIT]
