"""A real model as the adversary: Gemma 3 270M (a base model) served by llama.cpp on
127.0.0.1 narrates a seeded game of every story through `--llm`, under a small budget.

On the captured screen no sentence of the model's breaks the gate's rules; the game
(state, log, actions) and its offline telling are those of the same game played
offline; every request holds only the story's own text and prose told to the reader (so
no other seat's secret); and every round kept its budget.
"""
from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from narrator.cli import main
from narrator.library import load
from narrator.llm import prompt, voice
from narrator.llm.gate import Gate, Sentences, names_in, numbers_in
from narrator.llm.openai import OpenAIChat
from narrator.llm.telling import LLMTelling
from narrator.narration import Narrator, tell_game
from narrator.session import Session
from tests.llm.cassettes import opening_round
from tests.llm.livegames import STORIES, moves

BUDGET = 8.0          # seconds a round may wait: small, so the whole run stays short
MOVES = 4             # the reader's own moves per game: each is one round of colour
SLACK = 1.5           # seconds past the budget for hanging up and the gate's own work


def first_story_title() -> str:
    """`llm check` tries a round of the first story the library lists."""
    from narrator.library import load, story_ids

    return load(story_ids()[0]).title


@pytest.mark.parametrize("story_id", STORIES)
def test_a_live_game_of_every_story(story_id, gemma_server, tmp_path, monkeypatch):
    story = load(story_id)
    seed = 3
    lines = moves(story_id, seed, MOVES)
    script = "\n".join(lines) + "\nquit\n"
    requests: list[list[dict]] = []
    rounds: list[float] = []
    real_stream, real_colour = OpenAIChat.stream, LLMTelling.colour

    def stream(self, messages, options=None):
        requests.append(messages)
        return real_stream(self, messages, options)

    def colour(self, *args, **kwargs):
        started = time.monotonic()
        try:
            return real_colour(self, *args, **kwargs)
        finally:
            rounds.append(time.monotonic() - started)

    monkeypatch.setattr(OpenAIChat, "stream", stream)
    monkeypatch.setattr(LLMTelling, "colour", colour)
    config = tmp_path / "llm.toml"
    config.write_text("[llm]\nsystem_message = \"fold\"\nretry_after = 0\n", encoding="utf-8")
    runner = CliRunner()
    args = ["play", story_id, "--seed", str(seed), "--bot", "random"]
    told = runner.invoke(main, ["--saves", str(tmp_path / "a"), *args, "--llm", gemma_server, "--model", "gemma",
                                "--llm-config", str(config), "--move-budget", str(BUDGET)],
                         input=script, catch_exceptions=False)
    plain = runner.invoke(main, ["--saves", str(tmp_path / "b"), *args], input=script, catch_exceptions=False)
    assert told.exit_code == plain.exit_code == 0, told.output

    # The game is the offline game: same log, same actions, and every offline line shown.
    slot = f"{story_id}-{story.episodes[0]['id']}-1.toml"
    a = Session.resume(tmp_path / "a" / slot, None, autosave=False)
    b = Session.resume(tmp_path / "b" / slot, None, autosave=False)
    assert [(e.kind, e.data, e.seats) for e in a.log] == [(e.kind, e.data, e.seats) for e in b.log]
    assert a.save.actions == b.save.actions
    shown = iter(told.stdout.splitlines())
    assert all(any(line == s for s in shown) for line in plain.stdout.splitlines()[1:] if line.strip())

    # What the model wrote and was shown breaks none of the gate's rules.
    reader = next(s for s, who in a.save.seats.items() if who == "human")
    # Told move by move, as the table tells it (a move's bookkeeping folds into one line).
    passages = list(tell_game(Narrator(story, seed, set(), a.episode), a.log, a.marks, reader))
    everything = " ".join([*passages, story.title, story.info["blurb"], story.info["tone"],
                           *[story.seat_name(s) for s in a.seats]])
    v = voice.of(story)
    judge = Gate(v.gate_voice(), names_in(everything) | names_in(" ".join(v.places + v.examples)),
                 numbers_in(everything), prompt="", moment="", earlier=[])
    by_model = [k["text"] for k in a.save.narration if k["by"] == "llm"]
    flat = " ".join(told.stdout.split())
    for text in by_model:
        assert text in flat
        cut = Sentences()
        for sentence in [*cut.feed(text + "\n"), *cut.finish()]:
            assert judge.judge(sentence) is None, (sentence, judge.judge(sentence))

    # Every request: the story's own part, then only prose told to this reader.
    assert requests and len(requests) <= MOVES + 1          # one request per round at most
    system = prompt.system_text(story, a.episode, a.seats)
    told_to_reader = set(passages)
    for messages in requests:
        (only,) = messages                                  # folded: Gemma's template drops system
        assert only["content"].startswith(system)
        body = only["content"][len(system):]
        for passage in sorted(told_to_reader, key=len, reverse=True):
            body = body.replace(passage, "")
        for paragraph in [p.strip() for p in body.split("\n\n") if p.strip()]:
            assert paragraph in told_to_reader or paragraph in ("Earlier:", "Just now:") \
                or paragraph.startswith("Now write"), paragraph

    # And every round kept its budget.
    assert rounds and max(rounds) <= BUDGET + SLACK, rounds


def test_the_local_backend_knows_a_base_model(gemma_model, tmp_path, monkeypatch, capfd):
    """Gemma 270M's file has no chat template: the local backend says so, with advice,
    keeps llama.cpp's log off the screen, and still tells within its budget."""
    from narrator.llm import model as knowing
    from narrator.llm.config import LLMConfig
    from narrator.llm.local import LocalGGUF

    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr("platformdirs.user_log_dir", lambda *a, **k: str(tmp_path / "logs"))
    backend = LocalGGUF(LLMConfig(backend="local", model=str(gemma_model), n_ctx=1024, threads=1))
    assert backend.chat_template() is None
    (said,) = knowing.warnings(backend.chat_template(), backend.name)
    assert "no chat template" in said and "instruction-tuned" in said
    assert backend.llm.n_ctx() == 1024
    telling, _ = opening_round("fumie", backend, LLMConfig(backend="local", model=str(gemma_model), move_budget=BUDGET))
    assert telling.tally.asked == 1 and telling.tally.seconds[0] <= BUDGET
    assert (tmp_path / "logs" / "llama.log").exists()
    out, err = capfd.readouterr()
    assert "llama" not in out + err and "ggml" not in out + err      # nothing of its log on screen


def test_llm_check_says_the_model_looks_like_a_base_model(gemma_server):
    result = CliRunner().invoke(main, ["llm", "check", "--llm", gemma_server, "--model", "gemma",
                                       "--move-budget", str(BUDGET)])
    assert "models: gemma" in result.output and f"a round of {first_story_title()}" in result.output
    assert "does not look instruction-tuned" in result.output and "instruction-tuned model" in result.output
