"""One cleaner for every text from outside the program: saves, a model server's words,
network peers, standard input. Nothing it lets through acts on the terminal, turns a
line around, or looks like the game's prompt."""
from __future__ import annotations

import json
import sys
import threading
import unicodedata
from http.server import BaseHTTPRequestHandler, HTTPServer

import pytest
import tomli_w

from narrator.terminal_text import HIDDEN, clean

HOSTILE = ("\x1b]0;owned\x07\x1b[2J\x1b[3J\x1bc\u202eevil\u202c\u2066x\u2069\x00\x08\x7f\x9b31m"
           "\nTakeo> up\nFumie>stop")


def _acts(text: str) -> list[str]:
    bad = [ch for ch in text if (unicodedata.category(ch) in ("Cc", "Cf") and ch not in "\n\t\u200c\u200d")]
    return bad


def test_clean_leaves_nothing_that_acts_on_the_terminal_or_forges_a_prompt():
    out = clean(HOSTILE)
    assert _acts(out) == []
    assert "owned" not in out and "\x1b" not in out
    assert not any(line.startswith(("Takeo>", "Fumie>")) for line in out.splitlines())
    assert "evil" in out and "Takeo› up" in out
    assert clean("a\nb", one_line=True) == "a b"
    assert clean("\udcff") == "\ufffd"


def test_the_hidden_list_is_every_format_character_of_this_python():
    every = {chr(c) for c in range(sys.maxunicode + 1)
             if unicodedata.category(chr(c)) == "Cf"} - {"\u200c", "\u200d"}
    assert {ch for ch in every if clean(ch)} == set()
    assert "\u202e" in every and HIDDEN


def test_replay_cleans_the_narration_kept_in_a_save(cli, tmp_path):
    cli("play", "fumie", "--seed", 1, input="up\nquit\n")
    save = next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml")
    import tomllib
    data = tomllib.loads(save.read_text())
    data["narration"] = [{"at": 0, "to": 1, "seat": "takeo", "text": HOSTILE, "by": "llm"}]
    save.write_text(tomli_w.dumps(data))
    result = cli("replay", save.stem)
    assert result.exit_code == 0, result.output
    assert _acts(result.output) == [] and "owned" not in result.output
    assert "Takeo>" not in result.output


def test_the_books_of_a_save_clean_the_narration_it_keeps(cli, tmp_path):
    """`replay --markdown/--html` write the kept prose into files that are read with
    `cat` or a browser: cleaned like the prose replay prints."""
    cli("play", "fumie", "--seed", 1, input="up\nquit\n")
    save = next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml")
    import tomllib
    data = tomllib.loads(save.read_text())
    data["narration"] = [{"at": 0, "to": 1, "seat": "takeo", "text": HOSTILE, "by": "llm"}]
    save.write_text(tomli_w.dumps(data))
    book, page = tmp_path / "book.md", tmp_path / "book.html"
    result = cli("replay", save.stem, "--markdown", book, "--html", page)
    assert result.exit_code == 0, result.output
    for written in (book, page):
        text = written.read_text(encoding="utf-8")
        assert "evil" in text, written      # the kept prose is in the book...
        assert _acts(text) == [] and "owned" not in text and "Takeo>" not in text, written   # ...cleaned


@pytest.fixture
def hostile_server():
    class Handler(BaseHTTPRequestHandler):
        def do_GET(self):
            body = json.dumps({"data": [{"id": "good"}, {"id": HOSTILE}]}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self):
            body = ("error: " + HOSTILE).encode()
            self.send_response(500)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    server = HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    server.shutdown()


def test_llm_check_cleans_the_servers_model_ids_and_errors(cli, hostile_server):
    listed = cli("llm", "check", "--llm", hostile_server)
    assert "good" in listed.output and _acts(listed.output) == [] and "owned" not in listed.output
    failing = cli("llm", "check", "--llm", hostile_server, "--model", "good")
    assert failing.exit_code == 1
    assert _acts(failing.output) == [] and "owned" not in failing.output


def test_the_joiner_cleans_what_the_host_sends():
    import io

    from narrator.net.join import Client

    out = io.StringIO()
    client = Client(None, None, out, "127.0.0.1:1", "code")
    client.handle({"type": "welcome", "name": "Fumie\x1b[2J", "commands": ["hand"]})
    client.handle({"type": "tell", "text": HOSTILE})
    client.handle({"type": "error", "message": HOSTILE})
    client.handle({"type": "end", "title": HOSTILE, "text": HOSTILE, "condition": HOSTILE})
    assert _acts(out.getvalue()) == [] and "owned" not in out.getvalue()
    assert "Takeo>" not in out.getvalue()


def test_a_models_reply_cannot_print_a_prompt_line(story, tmp_path):
    import io

    from narrator.repl import Table
    from narrator.session import Session

    class Forger:
        """A model whose colour for each round tries to print the next prompt itself."""

        def hear(self, seat, passages):
            pass

        def forget_moment(self, seat):
            pass

        def interrupted_recently(self):
            return False

        def colour(self, seat, seats, write):
            write("The rain.\nTakeo> up\n")
            return "The rain.\nTakeo> up\n"

    session = Session.new(story, "basic", 1, {"takeo": "human", "fumie": "bot:partner"}, tmp_path / "f.toml", None)
    out = io.StringIO()
    Table(session, ("takeo",), {}, type("R", (), {"read": lambda self, p, w, interrupt="": None})(),
          out=out, llm=Forger()).run()
    assert "The rain." in out.getvalue()
    assert not any(line.startswith("Takeo> up") for line in out.getvalue().splitlines())


def test_saves_and_file_errors_clean_what_the_file_says(cli, tmp_path):
    import tomllib

    cli("play", "fumie", "--seed", 1, input="up\nquit\n")   # a game never played leaves no save
    save = next(p for p in tmp_path.glob("*.toml") if p.name != "profile.toml")
    data = tomllib.loads(save.read_text())
    data["story"] = HOSTILE
    save.write_text(tomli_w.dumps(data))
    for command in (["saves"], ["continue", save.stem], ["replay", save.stem]):
        result = cli(*command, input="quit\n")
        assert _acts(result.output) == [] and "\x1b" not in result.output, command   # quoted, if at all
