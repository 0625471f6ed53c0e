"""Replaying real exchanges with an OpenAI-compatible server (recorded by
tests/llm/cassettes.py from llama.cpp's server on 127.0.0.1), with recording off: these
run everywhere, with or without llama-cpp-python."""
from __future__ import annotations

import pytest

from narrator.llm.backends import LLMError
from narrator.llm.config import LLMConfig
from narrator.llm.openai import OpenAIChat
from narrator.llm.sanitize import clean
from tests.llm.cassettes import FOLDER, MESSAGES, RECORDING_KEY, cassette

BASE = "http://127.0.0.1:8080/v1"   # any port: requests are matched on method and path


def client(**settings) -> OpenAIChat:
    return OpenAIChat(LLMConfig(url=BASE, model="tiny", max_chars=120, temperature=0.0, **settings))


def test_the_models_the_server_lists():
    with cassette().use_cassette("models.yaml"):
        assert client().models() == ["tiny"]


def test_a_recorded_stream_gives_text_in_pieces():
    with cassette().use_cassette("stream.yaml") as tape:
        pieces = list(client().stream(MESSAGES))
    assert tape.play_count == 1
    assert len(pieces) > 1 and all(isinstance(p, str) and p for p in pieces)
    # Random weights write anything, control characters included: what would reach the
    # screen has none left.
    shown = clean("".join(pieces))
    assert shown and not any(ord(ch) < 32 and ch not in "\n\t" for ch in shown)


def test_a_wrong_url_says_where_the_api_usually_is():
    with cassette().use_cassette("not_found.yaml"):
        with pytest.raises(LLMError) as err:
            OpenAIChat(LLMConfig(url="http://127.0.0.1:8080/nothing", model="tiny")).models()
    assert err.value.kind == "http" and "/v1" in err.value.message


def test_the_cassettes_keep_no_key():
    for path in FOLDER.glob("*.yaml"):
        text = path.read_text()
        assert RECORDING_KEY not in text and "authorization" not in text.lower()


def test_replay_makes_no_new_recording():
    with cassette().use_cassette("models.yaml"):
        with pytest.raises(Exception):   # an exchange the cassette lacks is refused, not recorded
            "".join(client().stream([{"role": "user", "content": "something else"}]))
