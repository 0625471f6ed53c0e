"""The gate against a real model's output, without a server: Gemma 3 270M's replies to
each story's opening round, recorded from llama.cpp's server on 127.0.0.1 (see
cassettes.py) and replayed with recording off.

What the model wrote is read back from the cassette as well, so each test knows the raw
reply: every sentence shown is one of the model's, breaks none of the gate's rules, and
what was refused was refused for a reason the gate names."""
from __future__ import annotations

import json

import pytest
import yaml

from narrator.library import load
from narrator.llm import voice
from narrator.llm.config import LLMConfig
from narrator.llm.gate import REASONS, Gate, Sentences, names_in, numbers_in
from narrator.llm.openai import OpenAIChat
from narrator.llm.sse import events
from narrator.narration import Narrator
from tests.llm.cassettes import FOLDER, GEMMA_STORIES, GEMMA_TAKES, RECORDING_KEY, cassette, opening_round

BASE = "http://127.0.0.1:8080/v1"   # any port: requests are matched on method and path


def raw_replies(story_id: str) -> list[str]:
    """The text of each recorded reply, as the server streamed it."""
    tape = yaml.safe_load((FOLDER / f"gemma-{story_id}.yaml").read_text(encoding="utf-8"))
    replies = []
    for exchange in tape["interactions"]:
        body = exchange["response"]["content"] if "content" in exchange["response"] else \
            exchange["response"]["body"]["string"]
        text = ""
        for data in events([body]):
            if data.strip() == "[DONE]":
                continue
            for choice in json.loads(data).get("choices", []):
                text += (choice.get("delta") or {}).get("content") or ""
        replies.append(text)
    return replies


def rules_for(story_id: str) -> Gate:
    """A gate for the rules that need no context: everything the reader was told allowed."""
    story = load(story_id)
    seats = story.seats_for({})
    state = story.family.new_game(story.content, seats, 1, {"episode": story.episodes[0]["id"]})
    told = " ".join(Narrator(story, 1, set(), story.episodes[0]["id"]).tell(state.log, 0, seats[0]))
    v = voice.of(story)
    known = " ".join([told, story.title, story.info["blurb"], story.info["tone"], *v.places, *v.examples,
                      *(story.seat_name(s) for s in seats)])
    return Gate(v.gate_voice(), names_in(known), numbers_in(known), prompt="", moment="", earlier=[])


@pytest.mark.parametrize("story_id", GEMMA_STORIES)
def test_the_gate_against_gemmas_recorded_replies(story_id):
    config = LLMConfig(url=BASE, model="gemma", move_budget=30)
    raws = raw_replies(story_id)
    assert len(raws) == GEMMA_TAKES
    judge = rules_for(story_id)
    with cassette().use_cassette(f"gemma-{story_id}.yaml") as tape:
        for raw in raws:
            telling, text = opening_round(story_id, OpenAIChat(config), config)
            tally = telling.tally
            assert tally.asked == 1 and not tally.failures
            cut = Sentences()
            shown = [*cut.feed(text + "\n"), *cut.finish()] if text else []
            flat = " ".join(raw.split())
            for sentence in shown:
                assert sentence in flat                    # the model's own words, none added
                assert judge.judge(sentence) is None, (sentence, judge.judge(sentence))
            assert set(tally.rejected) <= set(REASONS)
            # Either something of the reply was shown, or it was refused with a reason.
            assert shown or sum(tally.rejected.values()) == 1
    assert tape.play_count == GEMMA_TAKES


def test_the_base_model_is_mostly_refused():
    """Gemma 270M is a base model: across the recorded rounds, more is refused than shown."""
    refused = shown = 0
    for story_id in GEMMA_STORIES:
        config = LLMConfig(url=BASE, model="gemma", move_budget=30)
        with cassette().use_cassette(f"gemma-{story_id}.yaml"):
            for _ in range(GEMMA_TAKES):
                telling, _ = opening_round(story_id, OpenAIChat(config), config)
                refused += sum(telling.tally.rejected.values())
                shown += telling.tally.told
    assert refused > 0 and refused >= shown


def test_the_gemma_cassettes_keep_no_key():
    for story_id in GEMMA_STORIES:
        text = (FOLDER / f"gemma-{story_id}.yaml").read_text(encoding="utf-8")
        assert RECORDING_KEY not in text and "authorization" not in text.lower()
