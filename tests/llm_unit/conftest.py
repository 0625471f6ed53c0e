"""Fixtures for the offline tests of the LLM narrator: no server, no model, no network
beyond a refused connection on 127.0.0.1.

The OpenAI-compatible client is driven through httpx.MockTransport with hand-made
bodies; the game-level tests use a fake backend object. Helpers are handed out as
fixtures, as in tests/narrator.
"""
from __future__ import annotations

import socket
import time

import httpx
import pytest

from narrator.llm.config import LLMConfig
from narrator.llm.openai import OpenAIChat

LLM_ENV = ("NARRATOR_LLM_URL", "NARRATOR_LLM_MODEL", "NARRATOR_LLM_BACKEND", "NARRATOR_LLM_API_KEY",
           "OPENAI_API_KEY", "NARRATOR_CONFIG", "NARRATOR_SAVES")


@pytest.fixture(scope="session", autouse=True)
def no_user_config_folder(tmp_path_factory):
    """The user's config folder is $XDG_CONFIG_HOME/narrator on every platform here, so no
    test reads the real one (on macOS platformdirs would not look at XDG_CONFIG_HOME)."""
    import os

    import platformdirs

    fallback = str(tmp_path_factory.mktemp("no-config"))
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(platformdirs, "user_config_dir",
                   lambda name, *args, **kwargs: os.path.join(os.environ.get("XDG_CONFIG_HOME", fallback), name))
        yield


@pytest.fixture(autouse=True)
def clean_environment(monkeypatch, tmp_path_factory):
    """No LLM setting leaks in from the machine running the tests: not its environment,
    not its config.toml."""
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path_factory.mktemp("xdg-config")))


@pytest.fixture
def closed_port() -> int:
    """A port on 127.0.0.1 that nothing listens on: bound, then closed again."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return port


def _paced(chunks, delay: float):
    for chunk in chunks:
        if delay:
            time.sleep(delay)
        yield chunk.encode() if isinstance(chunk, str) else chunk


@pytest.fixture
def sse():
    """sse(chunks, delay=0, status=200) -> a streamed text/event-stream response whose
    body arrives as exactly these chunks (str or bytes), `delay` seconds apart."""
    def make(chunks, delay: float = 0.0, status: int = 200,
             content_type: str = "text/event-stream") -> httpx.Response:
        return httpx.Response(status, headers={"content-type": content_type},
                              content=_paced(list(chunks), delay))
    return make


@pytest.fixture
def event():
    """event(*pieces) -> one `data:` event of a Chat Completions stream carrying them."""
    import json

    def make(*pieces, role: str | None = None, finish: str | None = None) -> str:
        delta: dict = {}
        if role:
            delta["role"] = role
        if pieces:
            delta["content"] = "".join(pieces)
        choice = {"index": 0, "delta": delta, "finish_reason": finish}
        return "data: " + json.dumps({"id": "c1", "object": "chat.completion.chunk",
                                      "choices": [choice]}) + "\n\n"
    return make


@pytest.fixture
def chat():
    """chat(handler, **settings) -> an OpenAIChat whose requests go to `handler`
    (a function of httpx.Request returning httpx.Response); `requests` keeps them."""
    def make(handler, **settings):
        requests: list[httpx.Request] = []

        def recording(request: httpx.Request) -> httpx.Response:
            requests.append(request)
            return handler(request)

        config = LLMConfig(**{"url": "http://llm.test/v1", "model": "m", **settings})
        client = OpenAIChat(config, transport=httpx.MockTransport(recording))
        client.requests = requests
        return client
    return make


@pytest.fixture(scope="session")
def story():
    from narrator.library import load

    return load("fumie")


@pytest.fixture(scope="session")
def takeo_moves(story):
    """takeo_moves(episode, seed) -> the lines Takeo's player types in a whole game against
    the partner bot (`up` when it is legal, else the first choice), as `narrator play`
    seats it; worked out on a session that is never saved."""
    from pathlib import Path

    from narrator import bots
    from narrator.session import Session

    def lines(episode: str, seed: int, stop_after: int | None = None) -> list[str]:
        seats = {"takeo": "human", "fumie": "bot:partner"}
        session = Session.new(story, episode, seed, seats, Path("/nonexistent/never-written.toml"), None,
                              autosave=False)
        fumie = bots.make("partner", story, "fumie", seed)
        out: list[str] = []
        while session.ending() is None:
            seat = session.to_act()[0]
            view = session.view(seat)
            if seat == "fumie":
                action = fumie.choose(view)
            else:
                if stop_after is not None and len(out) >= stop_after:
                    break
                action = "up" if "up" in view.legal else next(a for a in view.legal if a != "stop")
                out.append(action)
            session.act(seat, action)
        return out
    return lines
