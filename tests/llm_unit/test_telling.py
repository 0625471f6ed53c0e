"""LLMTelling with a fake backend: the reply streamed as it comes, the offline prose as
the floor (failures, Ctrl-C, empty replies), one notice, a rest before trying again; and
whole games at the Table where a hostile model changes nothing but the words."""
from __future__ import annotations

import io
import tomllib
import unicodedata

import pytest

from narrator import bots
from narrator.llm.backends import LLMError
from narrator.llm.config import LLMConfig
from narrator.llm.telling import LLMTelling
from narrator.narration import Narrator
from narrator.repl import PlainReader, Table
from narrator.session import Session

SEATS = {"takeo": "human", "fumie": "bot:partner"}
OFFLINE = ["Takeo reaches the shoe lockers first.", "The rain has not stopped."]
PLAIN = "\n\n".join(OFFLINE)


class Fake:
    """A backend whose replies are chosen: each reply a list of pieces, where a piece that
    is an exception (or exception class) is raised at that point. The last reply repeats."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.calls: list[list[dict]] = []

    def stream(self, messages):
        self.calls.append(messages)
        reply = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        for piece in reply:
            if isinstance(piece, BaseException) or (isinstance(piece, type) and issubclass(piece, BaseException)):
                raise piece
            yield piece


def broken(kind="connect"):
    return [LLMError(kind, f"cannot connect ({kind})")]


@pytest.fixture
def view(story):
    state = story.family.new_game(story.content, story.seats, 3, {"episode": "basic"})
    return story.view(state, "takeo")


@pytest.fixture
def telling(story):
    """telling(backend, **settings) -> (LLMTelling, the notices it gave)."""
    def make(backend, **settings):
        notices: list[str] = []
        config = LLMConfig(url="http://llm.test/v1", model="m", **settings)
        return LLMTelling(story, "basic", backend, config, notice=notices.append), notices
    return make


def tell(t, view, offline=OFFLINE, reader="takeo"):
    written: list[str] = []
    text, by_model = t.tell(offline, reader, view, written.append)
    return text, by_model, written


# --------------------------------------------------------------------- a reply that works
def test_the_reply_streams_piece_by_piece(telling, view):
    pieces = ["The lockers ", "smell of ", "wet canvas.", " Fumie is not there yet."]
    t, notices = telling(Fake(pieces))
    text, by_model, written = tell(t, view)
    assert [w for w in written if w] == pieces
    assert text == "".join(pieces) and by_model is True
    assert notices == []


def test_the_prompt_holds_the_offline_account_and_the_story_so_far(telling, view):
    fake = Fake(["First passage."], ["Second passage."])
    t, _ = telling(fake)
    tell(t, view)
    tell(t, view, ["Fumie laughs."])
    system, user = fake.calls[0]
    assert system["role"] == "system" and user["role"] == "user"
    assert PLAIN.split("\n\n")[0] in user["content"] and "Takeo" in system["content"]
    assert "First passage." in fake.calls[1][1]["content"]    # remembered, for the next move
    assert "Fumie laughs." in fake.calls[1][1]["content"]


def test_memory_is_per_reader_and_short(telling, view):
    fake = Fake(["Again."])
    t, _ = telling(fake)
    for i in range(10):
        tell(t, view, [f"Moment {i}."])
    assert list(t.memory["takeo"]) == ["Again."] * 6
    assert "fumie" not in t.memory


def test_the_reply_is_cleaned_and_capped(telling, view):
    t, _ = telling(Fake(["Rain\x1b[31m", "\x1b]0;pwned\x07 falls.", "\x07" * 5, " x" * 1000]), max_chars=40)
    text, by_model, written = tell(t, view)
    assert by_model and len(text) <= 40 and len("".join(written)) <= 40
    assert "".join(written).startswith("Rain falls. x x")
    assert "\x1b" not in "".join(written) and "\x07" not in "".join(written)


def test_nothing_to_tell_asks_nothing(telling, view):
    fake = Fake(["never"])
    t, _ = telling(fake)
    assert t.tell([], "takeo", view, lambda text: pytest.fail("wrote")) == ("", False)
    assert fake.calls == []


# --------------------------------------------------------------------- the floor
def test_a_failure_shows_the_offline_prose(telling, view):
    t, notices = telling(Fake(broken()))
    text, by_model, written = tell(t, view)
    assert (text, by_model) == (PLAIN, False)
    assert "".join(written) == PLAIN
    assert len(notices) == 1 and "cannot connect" in notices[0] and "offline" in notices[0]


def test_a_failure_mid_reply_shows_what_came_then_the_offline_prose(telling, view):
    t, _ = telling(Fake(["The lockers ", LLMError("timeout", "too slow")]))
    text, by_model, written = tell(t, view)
    assert (text, by_model) == (PLAIN, False)
    assert "".join(written) == "The lockers \n…\n" + PLAIN


def test_the_notice_is_given_once_and_the_server_rests(telling, view):
    fake = Fake(broken())
    t, notices = telling(fake, retry_after=2)
    asked = []
    for _ in range(9):
        before = len(fake.calls)
        text, by_model, _ = tell(t, view)
        asked.append(len(fake.calls) > before)
        assert (text, by_model) == (PLAIN, False)
    # Tried, rests two moves, tried again...
    assert asked == [True, False, False] * 3
    assert len(notices) == 1 and "2 moves" in notices[0]


def test_the_server_is_tried_again_and_can_come_back(telling, view):
    fake = Fake(broken(), broken("http"), ["Back again."])
    t, notices = telling(fake, retry_after=1)
    results = [tell(t, view)[:2] for _ in range(5)]
    assert results == [(PLAIN, False), (PLAIN, False), (PLAIN, False), (PLAIN, False), ("Back again.", True)]
    assert len(fake.calls) == 3 and len(notices) == 1


def test_no_rest_when_retry_after_is_zero(telling, view):
    fake = Fake(broken())
    t, notices = telling(fake, retry_after=0)
    for _ in range(4):
        tell(t, view)
    assert len(fake.calls) == 4 and len(notices) == 1


@pytest.mark.parametrize("reply", [[], [""], ["   ", "\n\n"], ["\x1b[31m", "\x1b]0;t\x07", "\x00\x07"]],
                         ids=["nothing", "empty", "blank", "only-escapes"])
def test_an_empty_reply_is_offline(telling, view, reply):
    t, notices = telling(Fake(reply))
    text, by_model, written = tell(t, view)
    assert (text, by_model) == (PLAIN, False)
    assert "".join(written).strip().endswith(PLAIN.split("\n\n")[-1])
    assert len(notices) == 1 and "empty" in notices[0]


def test_ctrl_c_mid_reply_gives_the_offline_prose_and_no_rest(telling, view):
    fake = Fake(["Half ", KeyboardInterrupt], ["Whole."])
    t, notices = telling(fake)
    text, by_model, written = tell(t, view)
    assert (text, by_model) == (PLAIN, False)
    assert "".join(written) == "Half \n…\n" + PLAIN
    assert notices == []                                 # not the server's fault
    assert tell(t, view)[:2] == ("Whole.", True)         # asked again at once


def test_a_backend_that_raises_anything_else_is_a_failure_not_a_crash(telling, view):
    t, notices = telling(Fake([RuntimeError("the plug-in broke")]))
    assert tell(t, view)[:2] == (PLAIN, False)
    assert len(notices) == 1 and "the plug-in broke" in notices[0]


# --------------------------------------------------------------------- whole games
MEGA = "A" * 1_000_000
HOSTILE = ["The game is over, you won! ", "\x1b[2J\x1b[H", "\x1b]0;pwned\x07", "\x1b]52;c;cm0gLXJm\x07",
           "\x9b31m", "\x00\x08\x07\r", *(MEGA[i:i + 65536] for i in range(0, len(MEGA), 65536))]


def play(story, episode: str, seed: int, lines, path, llm=None):
    session = Session.new(story, episode, seed, SEATS, path, None)
    out = io.StringIO()
    reader = PlainReader(io.StringIO("\n".join(lines) + "\n"), out)
    table = Table(session, ("takeo",), {"fumie": bots.make("partner", story, "fumie", seed)}, reader,
                  out=out, llm=llm)
    assert table.run() == 0
    return session, out.getvalue()


def events(log):
    return [(e.kind, e.data, e.seats) for e in log]


def stray_controls(text: str) -> list[str]:
    return sorted({repr(c) for c in text if unicodedata.category(c) == "Cc" and c not in "\n\t"})


@pytest.mark.parametrize("episode, seed", [("basic", 3), ("basic", 11), ("murder", 2), ("tadokoro", 5)])
def test_a_hostile_model_changes_nothing_but_the_words(story, takeo_moves, tmp_path, episode, seed):
    lines = takeo_moves(episode, seed)
    plain, plain_out = play(story, episode, seed, lines, tmp_path / "plain.toml")
    fake = Fake(HOSTILE)
    notices: list[str] = []
    config = LLMConfig(url="http://llm.test/v1", model="m", max_chars=400)
    llm = LLMTelling(story, episode, fake, config, notice=notices.append)
    told, out = play(story, episode, seed, lines, tmp_path / "told.toml", llm)

    # The game is the same game.
    assert events(told.log) == events(plain.log)
    assert told.ending() == plain.ending() and told.save.actions == plain.save.actions
    assert len(fake.calls) > 5 and notices == []
    # The screen: nothing but text, and each model passage within the cap.
    assert "\x1b" not in out and stray_controls(out) == []
    assert "pwned" not in out and "cm0gLXJm" not in out
    kept = told.save.narration
    by_model = [k for k in kept if k["by"] == "llm"]
    assert len(by_model) == len(fake.calls)
    for k in by_model:
        assert len(k["text"]) <= 400 and k["text"] in out
        assert k["text"].startswith("The game is over, you won!")
    longest = max(len(run) for run in out.replace("\n", " ").split(" "))
    assert longest <= 400
    assert out.count("A") <= 400 * len(by_model) + plain_out.count("A")
    # The ending page is the game's own, not the model's claim.
    page = story.content.page(episode, plain.ending().id)
    assert page.title in out


def test_ctrl_c_and_failures_mid_game_let_the_game_go_on(story, takeo_moves, tmp_path):
    seed = 3
    lines = takeo_moves("basic", seed)
    plain, _ = play(story, "basic", seed, lines, tmp_path / "plain.toml")
    fake = Fake(["One ", KeyboardInterrupt], broken(), ["Fine."], [RuntimeError("odd")], ["Fine."])
    notices: list[str] = []
    llm = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1", retry_after=1), notices.append)
    told, out = play(story, "basic", seed, lines, tmp_path / "told.toml", llm)
    assert events(told.log) == events(plain.log)
    assert len(notices) == 1
    assert "Fine." in out and told.save.ended == plain.save.ended


def test_the_save_keeps_every_passage_shown(story, takeo_moves, tmp_path):
    """Up to the last move's: the move is saved before it is told, so the save is written
    again once its prose is kept."""
    seed = 11
    lines = takeo_moves("basic", seed)
    fake = Fake(["Told by the model."])
    llm = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1"), lambda text: None)
    told, _ = play(story, "basic", seed, lines, tmp_path / "told.toml", llm)
    on_disk = tomllib.loads((tmp_path / "told.toml").read_text(encoding="utf-8"))["narration"]
    assert on_disk == told.save.narration
    assert len(on_disk) == len(fake.calls)
    assert on_disk[-1]["to"] == len(told.log)           # the ending's own move
    # Each entry starts where the one before ended: nothing told twice, nothing missed.
    assert all(a["to"] <= b["at"] for a, b in zip(on_disk, on_disk[1:]))


def test_a_hot_seat_game_keeps_each_seats_story_whole(story, tmp_path):
    """At a shared terminal the model tells the seat at the screen; what waits for the other
    seat is shown offline at its hand-off, and kept too. Replay without --as reads neither
    seat's kept prose (each holds its own secrets)."""
    from click.testing import CliRunner

    from narrator.cli import main

    seed = 7
    dry = Session.new(story, "basic", seed, {"takeo": "human", "fumie": "human"}, tmp_path / "dry.toml", None,
                      autosave=False)
    lines, at_screen = [], None
    while dry.ending() is None:
        seat = dry.to_act()[0]
        if seat != at_screen:
            lines.append("")                      # Enter at the hand-off
            at_screen = seat
        view = dry.view(seat)
        action = "up" if "up" in view.legal else next(a for a in view.legal if a != "stop")
        lines.append(action)
        dry.act(seat, action)
    session = Session.new(story, "basic", seed, {"takeo": "human", "fumie": "human"}, tmp_path / "hs.toml", None)
    out = io.StringIO()
    fake = Fake(["Told by the model."])
    llm = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1"), lambda text: None)
    table = Table(session, ("takeo", "fumie"), {}, PlainReader(io.StringIO("\n".join(lines) + "\n"), out),
                  out=out, hotseat=True, llm=llm)
    assert table.run() == 0
    assert [e.kind for e in session.log] == [e.kind for e in dry.log]
    kept = tomllib.loads((tmp_path / "hs.toml").read_text(encoding="utf-8"))["narration"]
    for seat in ("takeo", "fumie"):
        mine = [k for k in kept if k["seat"] == seat]
        assert {k["by"] for k in mine} == {"llm", "offline"}
        assert all(a["to"] <= b["at"] for a, b in zip(mine, mine[1:]))
        # Every move that told this seat something is in its kept story.
        narrator = Narrator(story, seed, set(), "basic")
        told_at = [i for i, e in enumerate(session.log) if narrator.tell([e], i, seat)]
        assert all(any(k["at"] <= i < k["to"] for k in mine) for i in told_at), seat
    runner = CliRunner()

    def replay(*args):
        result = runner.invoke(main, ["--saves", str(tmp_path), "replay", "hs", *args], catch_exceptions=False)
        assert result.exit_code == 0, result.output
        return result.output

    assert "Told by the model." in replay("--as", "takeo") and "Told by the model." in replay("--as", "fumie")
    assert replay() == replay("--offline") and "Told by the model." not in replay()
