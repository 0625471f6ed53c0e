"""LLMTelling with a fake backend: colour after the offline prose, sentence by sentence
through the gate; the move budget counted from the request; a server that rests by the
wall clock and is never asked while an abandoned request may hold it; Ctrl-C; and whole
games at the Table where a hostile model changes nothing but the words."""
from __future__ import annotations

import io
import threading
import time
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
OFFLINE = ["Takeo reaches the shoe lockers first.", "The rain has not stopped, and Fumie is not there yet."]
GOOD = "The corridor smells of wet canvas and floor wax."


class Fake:
    """A backend whose replies are chosen: each reply a list of pieces, where a piece that
    is an exception (or exception class) is raised there, and a number is a pause in
    seconds. The last reply repeats."""

    def __init__(self, *replies):
        self.replies = list(replies)
        self.calls: list[list[dict]] = []
        self.options: list[dict] = []
        self.closed = 0

    def stream(self, messages, options=None):
        self.calls.append(messages)
        self.options.append(options or {})
        reply = self.replies.pop(0) if len(self.replies) > 1 else self.replies[0]
        try:
            for piece in reply:
                if isinstance(piece, BaseException) or (isinstance(piece, type) and issubclass(piece, BaseException)):
                    raise piece
                if isinstance(piece, (int, float)):
                    time.sleep(piece)
                    continue
                yield piece
        except GeneratorExit:
            self.closed += 1
            raise


class Clock:
    """A wall clock the test moves by hand (for the rests between requests); the budget
    itself is measured on the real one in the tests that time out."""

    def __init__(self):
        self.now = 1000.0

    def __call__(self):
        return self.now


@pytest.fixture
def telling(story):
    """telling(backend, **settings) -> (LLMTelling, the notices it gave)."""
    def make(backend, clock=time.monotonic, verbose=False, **settings):
        notices: list[str] = []
        config = LLMConfig(url="http://llm.test/v1", model="m", **settings)
        return LLMTelling(story, "basic", backend, config, notice=notices.append, clock=clock,
                          verbose=verbose), notices
    return make


def round_of(t, offline=OFFLINE, reader="takeo"):
    written: list[str] = []
    t.hear(reader, offline)
    return t.colour(reader, ("takeo", "fumie"), written.append), "".join(written)


# --------------------------------------------------------------------- what is shown
def test_a_good_sentence_is_shown_as_it_passes(telling):
    t, notices = telling(Fake(["The corridor smells ", "of wet canvas and floor wax.", " Somewhere a door",
                               " slides shut."]))
    text, written = round_of(t)
    assert text == written == GOOD + " Somewhere a door slides shut."
    assert t.tally.told == 1 and t.tally.sentences == 2 and notices == []


def test_the_first_refused_sentence_ends_the_reply(telling):
    t, _ = telling(Fake([GOOD + " Takeo puts the card face down on the discard pile. The rain goes on."]))
    text, written = round_of(t)
    assert text == written == GOOD
    assert t.tally.rejected == {"mechanical": 1}


@pytest.mark.parametrize("reply, reason", [
    ("<start_of_turn>model The rain falls on the pitch.", "template"),
    ("Narrator: The rain falls on the pitch.", "role"),
    ("- The rain falls on the pitch.", "list"),
    ("## The rain falls", "heading"),
    ("Earlier: the rain fell on the pitch.", "marker"),
    ("Senior Shidara waits at the gate in the rain.", "name"),
    ("Three umbrellas lean against the lockers in the rain.", "number"),
    ("雨が降っている。雨が降っている。雨が降っている。", "language"),
    ("It was a Japanese high school in the June rainy season, always.", "echo"),
])
def test_what_the_gate_refuses_never_reaches_the_screen(telling, reply, reason):
    t, _ = telling(Fake([reply]))
    text, written = round_of(t)
    assert text == written == ""
    assert t.tally.rejected[reason] == 1 and t.tally.told == 0


def test_a_reply_cut_mid_sentence_shows_only_its_whole_sentences(telling):
    t, _ = telling(Fake([GOOD + " Fumie ope"]))
    assert round_of(t)[0] == GOOD
    t, _ = telling(Fake(["Fumie opens the door of the clubroom and ste"]))
    assert round_of(t)[0] == "" and t.tally.rejected["unfinished"] == 1


def test_control_sequences_are_cleaned_before_the_gate(telling):
    t, _ = telling(Fake(["The corridor\x1b[31m smells \x1b]0;pwned\x07of wet", " canvas and floor wax."]))
    text, written = round_of(t)
    assert text == GOOD and "\x1b" not in written and "pwned" not in written


def test_sentences_held_behind_a_stray_escape_at_the_end_are_not_lost(telling):
    """The cleaner holds back text from an escape that may be cut in two; what it gives
    back when the reply ends is judged like the rest, whole sentences and all."""
    t, _ = telling(Fake([GOOD + " \x1b", " Somewhere a door slides shut. The rain goes on and on."]))
    text, written = round_of(t)
    assert text == written == GOOD + " Somewhere a door slides shut. The rain goes on and on."


def test_the_offline_prose_told_is_named_so_the_model_may_name_it(telling):
    t, _ = telling(Fake(["Senior Kondo draws the day on the whiteboard in three colours."]))
    assert round_of(t, ["Senior Kondo looks at the top three pieces of the day."])[0].startswith("Senior Kondo")


# --------------------------------------------------------------------- the request
def test_one_request_per_round_with_the_offline_prose_and_a_stable_prefix(telling):
    fake = Fake([GOOD], ["A second, quieter sentence follows it here."])
    t, _ = telling(fake)
    t.hear("takeo", [OFFLINE[0]])
    t.hear("takeo", [OFFLINE[1]])            # a bot's move in the same round
    t.colour("takeo", ("takeo", "fumie"), lambda text: None)
    assert len(fake.calls) == 1
    system, user = fake.calls[0]
    assert system["role"] == "system" and OFFLINE[0] in user["content"] and OFFLINE[1] in user["content"]
    round_of(t, ["Fumie laughs at something Risa has said."])
    assert fake.calls[1][0] == system                                # byte for byte the same
    # Memory is the offline prose, never what the model wrote.
    assert OFFLINE[0] in fake.calls[1][1]["content"] and GOOD not in fake.calls[1][1]["content"]
    options = fake.options[0]
    assert 0 < options["max_tokens"] <= 200 and "\n\n" in options["stop"]


def test_nothing_to_tell_asks_nothing(telling):
    fake = Fake(["never"])
    t, _ = telling(fake)
    assert t.colour("takeo", ("takeo", "fumie"), lambda text: pytest.fail("wrote")) == ""
    assert fake.calls == []


def test_a_template_that_drops_the_system_message_gets_it_folded(story):
    fake = Fake([GOOD])
    t = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1"), lambda text: None, fold_system=True)
    round_of(t)
    (only,) = fake.calls[0]
    assert only["role"] == "user" and only["content"].startswith('You are the storyteller of "For Fumie"')


# --------------------------------------------------------------------- time
def test_the_budget_counts_from_the_request_and_drops_a_late_reply(telling):
    fake = Fake([2.0, GOOD])          # the first words come only after the budget
    t, notices = telling(fake, move_budget=0.3)
    assert round_of(t) == ("", "")
    assert t.tally.failures == {"timeout": 1} and "budget" in notices[0]
    assert t.server.busy()            # the reply given up on may still hold the server


def test_a_trickling_reply_fails_the_budget(telling):
    words = [w + " " for w in (GOOD + " " + GOOD.replace("canvas", "wool")).split()]
    trickle = [x for w in words for x in (0.05, w)]
    t, _ = telling(Fake(trickle), move_budget=0.4)
    text, _ = round_of(t)
    assert t.tally.failures == {"timeout": 1}
    assert text in ("", GOOD)     # only whole sentences that passed before the time was up


def test_no_request_while_an_abandoned_one_may_hold_the_server(telling):
    release = threading.Event()

    class Stuck(Fake):
        def stream(self, messages, options=None):
            self.calls.append(messages)
            release.wait(5)
            yield GOOD

    class Ticking(Clock):
        def __call__(self):
            self.now += 0.25
            return self.now

    clock = Ticking()
    fake = Stuck([GOOD])
    t, _ = telling(fake, move_budget=0.2, retry_after=0, clock=clock)
    round_of(t)
    assert t.tally.failures == {"timeout": 1} and t.server.busy()
    clock.now += 60                      # however long: while it may hold the server, no request
    round_of(t)
    assert len(fake.calls) == 1
    release.set()
    t.server.abandoned.join(2)
    round_of(t)
    assert len(fake.calls) == 2


def test_after_a_failure_the_server_rests_by_the_wall_clock(telling):
    clock = Clock()
    fake = Fake([LLMError("connect", "cannot connect")], [LLMError("connect", "cannot connect")], [GOOD])
    t, notices = telling(fake, clock=clock, retry_after=20)
    round_of(t)
    for _ in range(5):                   # however many rounds: none asks before 20 s
        round_of(t)
    assert len(fake.calls) == 1
    clock.now += 21
    round_of(t)                          # fails again: now it rests 40 s
    assert len(fake.calls) == 2
    clock.now += 30
    round_of(t)
    assert len(fake.calls) == 2
    clock.now += 11
    assert round_of(t)[0] == GOOD and t.server.failures == 0
    assert len(notices) == 1 and "20 s" in notices[0]


def test_ctrl_c_counts_as_a_failure_and_a_second_one_leaves(telling):
    clock = Clock()
    fake = Fake([KeyboardInterrupt], [KeyboardInterrupt])
    t, notices = telling(fake, clock=clock, retry_after=0)
    assert round_of(t)[0] == ""
    assert t.tally.failures == {"interrupted": 1} and "Ctrl-C again" in notices[-1]
    clock.now += 1
    with pytest.raises(KeyboardInterrupt):
        round_of(t)


def test_a_backend_that_raises_anything_else_is_a_failure_not_a_crash(telling):
    t, notices = telling(Fake([RuntimeError("the plug-in broke")]))
    assert round_of(t)[0] == ""
    assert len(notices) == 1 and "the plug-in broke" in notices[0]


def test_verbose_names_each_refusal_and_failure(telling):
    t, notices = telling(Fake(["Player two plays a card."], [LLMError("http", "HTTP 500")]), verbose=True,
                         retry_after=0)
    round_of(t)
    round_of(t)
    assert any("refused, mechanical" in n for n in notices) and any("failed, http" in n for n in notices)
    assert "mechanical" in t.tally.summary() or "mechanical words" in t.tally.summary()


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


@pytest.mark.parametrize("episode, seed", [("basic", 3), ("murder", 2), ("tadokoro", 5)])
def test_a_hostile_model_changes_nothing_and_shows_nothing(story, takeo_moves, tmp_path, episode, seed):
    lines = takeo_moves(episode, seed)
    plain, plain_out = play(story, episode, seed, lines, tmp_path / "plain.toml")
    fake = Fake(HOSTILE)
    llm = LLMTelling(story, episode, fake, LLMConfig(url="http://llm.test/v1", model="m"), lambda text: None)
    told, out = play(story, episode, seed, lines, tmp_path / "told.toml", llm)
    assert events(told.log) == events(plain.log)
    assert told.ending() == plain.ending() and told.save.actions == plain.save.actions
    # One request per round: one per decision of the player's, and one before the ending.
    assert len(fake.calls) <= len(lines) + 1 and len(fake.calls) >= 2
    assert out.split("\n", 1)[1] == plain_out.split("\n", 1)[1]   # nothing it wrote passed (but the slot)
    assert "\x1b" not in out and stray_controls(out) == []
    assert not any(k["by"] == "llm" for k in told.save.narration)


def test_good_colour_follows_the_offline_prose_and_is_kept(story, takeo_moves, tmp_path):
    seed = 11
    lines = takeo_moves("basic", seed)
    plain, plain_out = play(story, "basic", seed, lines, tmp_path / "plain.toml")
    replies = [[f"The rain changes its mind for the {w} time this morning, and the gutters along the"
                " corridor windows go on talking to themselves about it."] for w in
               ("hundredth", "thousandth", "last", "first", "next", "quietest", "oddest", "saddest", "slowest",
                "fastest", "strangest", "gentlest", "loudest", "latest")]
    fake = Fake(*replies, [GOOD])
    llm = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1"), lambda text: None)
    told, out = play(story, "basic", seed, lines, tmp_path / "told.toml", llm)
    assert events(told.log) == events(plain.log)
    # Every line of the offline telling is on the screen, in order.
    lines_out = iter(out.splitlines())
    assert all(any(line == o for o in lines_out) for line in plain_out.splitlines()[1:] if line.strip())
    on_disk = tomllib.loads((tmp_path / "told.toml").read_text(encoding="utf-8"))["narration"]
    assert on_disk == told.save.narration
    by_model = [k for k in on_disk if k["by"] == "llm"]
    flat = " ".join(out.split())
    assert by_model and all(k["text"] in flat for k in by_model)
    colour = [line for line in out.splitlines() if "gutters" in line or "talking to themselves" in line]
    assert colour and max(len(line) for line in colour) <= 78          # wrapped as the prose is
    assert on_disk[-1]["to"] == len(told.log)


def test_a_hot_seat_game_keeps_each_seats_story_whole(story, tmp_path):
    """At a shared terminal the model colours the seat at the screen; what waits for the
    other seat is shown offline at its hand-off, and kept too."""
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
    fake = Fake([GOOD], ["Outside, the bell of the level crossing begins again."])
    llm = LLMTelling(story, "basic", fake, LLMConfig(url="http://x/v1"), lambda text: None)
    table = Table(session, ("takeo", "fumie"), {}, PlainReader(io.StringIO("\n".join(lines) + "\n"), out),
                  out=out, hotseat=True, llm=llm)
    assert table.run() == 0
    assert [e.kind for e in session.log] == [e.kind for e in dry.log]
    kept = tomllib.loads((tmp_path / "hs.toml").read_text(encoding="utf-8"))["narration"]
    for seat in ("takeo", "fumie"):
        mine = [k for k in kept if k["seat"] == seat]
        assert "offline" in {k["by"] for k in mine}
        narrator = Narrator(story, seed, set(), "basic")
        told_at = [i for i, e in enumerate(session.log) if narrator.tell([e], i, seat)]
        assert all(any(k["at"] <= i < k["to"] for k in mine if k["by"] == "offline") for i in told_at), seat
    # Each request was about one seat's own prose.
    for call in fake.calls:
        assert call[0]["content"] == fake.calls[0][0]["content"]


def test_a_second_ctrl_c_at_the_prompt_leaves_the_game(story, tmp_path):
    """The first Ctrl-C stops the model's reply; pressed again at once, at the prompt, it
    leaves the game (saved), instead of asking for the move again."""
    class Interrupted:
        interrupted = False

        def read(self, prompt, words):
            self.interrupted = True      # as PromptReader after a Ctrl-C
            return ""

    session = Session.new(story, "basic", 3, SEATS, tmp_path / "g.toml", None)
    out = io.StringIO()
    notices: list[str] = []
    llm = LLMTelling(story, "basic", Fake([KeyboardInterrupt]), LLMConfig(url="http://x/v1"), notices.append)
    table = Table(session, ("takeo",), {"fumie": bots.make("partner", story, "fumie", 3)}, Interrupted(),
                  out=out, llm=llm)
    assert table.run() == 0
    # It left before any move was made, so no save is kept (a game never played is no game).
    assert "Ctrl-C again" in notices[-1] and "Nothing was played, so nothing was saved." in out.getvalue()
    assert llm.tally.failures == {"interrupted": 1}


def test_a_request_given_up_on_rests_the_server_as_long_as_it_held_it(telling):
    """A server finishes reading a prompt before it notices nobody waits: after a timeout
    the next request waits at least as long as the last one had the server."""
    class Ticking(Clock):
        def __call__(self):
            self.now += 0.25
            return self.now

    clock = Ticking()
    t, _ = telling(Fake([3.0, GOOD]), clock=clock, move_budget=1.0, retry_after=0)
    round_of(t)
    assert t.tally.failures == {"timeout": 1}
    assert t.server.rest_until - clock.now >= 0.5      # the 1 s it held the server, less a tick or two
