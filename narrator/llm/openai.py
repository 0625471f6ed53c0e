"""A streaming client for the OpenAI Chat Completions API, as served by Ollama,
llama.cpp's server, vLLM, LM Studio and hosted services.

Only httpx: no SDK, so the client stays small and every failure has a message written
for a player (a wrong URL, a refused connection, an unknown model, a bad key, a server
that stalls or sends garbage).
"""
from __future__ import annotations

import json
import time
from typing import Iterator

import httpx

from narrator.llm.backends import LLMError
from narrator.llm.config import LLMConfig
from narrator.llm.sse import SSEParser, TooLong

ERROR_BODY_LIMIT = 64 * 1024


class OpenAIChat:
    def __init__(self, config: LLMConfig, transport: httpx.BaseTransport | None = None):
        self.config = config
        headers = {"Accept": "text/event-stream, application/json"}
        if config.api_key:
            headers["Authorization"] = f"Bearer {config.api_key}"
        timeout = httpx.Timeout(connect=config.connect_timeout, read=config.first_token_timeout,
                                write=config.connect_timeout, pool=config.connect_timeout)
        self.base = config.url.rstrip("/")
        self.client = httpx.Client(timeout=timeout, headers=headers, transport=transport)

    # --- what the server offers ---------------------------------------------------------
    def models(self) -> list[str]:
        try:
            response = self.client.get(f"{self.base}/models")
        except httpx.HTTPError as err:
            raise _transport_error(err, self.base) from None
        if response.status_code != 200:
            raise _status_error(response.status_code, response.text[:ERROR_BODY_LIMIT], self)
        try:
            return [m["id"] for m in response.json()["data"]]
        except (ValueError, RecursionError, KeyError, TypeError):
            raise LLMError("garbage", f"{self.base}/models did not answer with a list of models;"
                           " is this an OpenAI-compatible server (the URL usually ends in /v1)?") from None

    # --- narrating ----------------------------------------------------------------------
    def chat_template(self) -> str | None:
        """The server's chat template, where it says (llama.cpp's /props, Ollama's
        /api/show); None when it says it has none; raises LookupError when it cannot say."""
        root = self.base.removesuffix("/v1")
        for method, path, body, key in (("GET", "/props", None, "chat_template"),
                                        ("POST", "/api/show", {"model": self.config.model}, "template")):
            try:
                response = self.client.request(method, root + path, json=body, timeout=self.config.connect_timeout)
                if response.status_code == 200:
                    found = response.json().get(key)
                    return found if isinstance(found, str) and found.strip() else None
            except (httpx.HTTPError, ValueError, AttributeError, RecursionError):
                continue
        raise LookupError("the server does not say which chat template it uses")

    def stream(self, messages: list[dict], options: dict | None = None) -> Iterator[str]:
        """The reply, piece by piece. `options` may set max_tokens, stop, and a deadline
        (time.monotonic()) past which the stream stops, counted from the request."""
        c, options = self.config, options or {}
        body = {"model": c.model, "messages": messages, "stream": True, "temperature": c.temperature,
                "max_tokens": options.get("max_tokens") or max(16, c.max_chars // 3)}
        if options.get("stop"):
            body["stop"] = list(options["stop"])
        start = time.monotonic()
        # In a game the move's deadline is the only clock; `llm check` has its own two.
        done_by = options.get("deadline") or start + c.total_timeout
        first_by = done_by if options.get("deadline") else min(start + c.first_token_timeout, done_by)
        got_text = False
        # No single read may wait past the deadline: a server's keep-alive pings, or a
        # stall, cannot stretch it.
        timeout = httpx.Timeout(connect=c.connect_timeout, write=c.connect_timeout, pool=c.connect_timeout,
                                read=max(0.1, first_by - start))
        try:
            with self.client.stream("POST", f"{self.base}/chat/completions", json=body,
                                    timeout=timeout) as response:
                if response.status_code != 200:
                    raise _status_error(response.status_code, _read_capped(response), self)
                if "text/event-stream" not in response.headers.get("content-type", ""):
                    # Some servers answer a stream request with one JSON reply.
                    yield from _whole_reply(self.without_key(_read_capped(response)))
                    return
                parser = SSEParser()
                for chunk in response.iter_text():
                    for data in parser.feed(chunk):
                        if data.strip() == "[DONE]":
                            return
                        # An error event or garbage is quoted in the message: keyless, before it is cut short.
                        for piece in _deltas(self.without_key(data)):
                            got_text = True
                            yield piece
                    now = time.monotonic()
                    if not got_text and now > first_by:
                        raise LLMError("timeout", f"no text from the server within {round(first_by - start, 1):g} s")
                    if now > done_by:
                        raise LLMError("timeout", f"the reply took longer than {done_by - start:g} s")
                for data in parser.close():  # a stream that ended without [DONE]
                    if data.strip() != "[DONE]":
                        yield from _deltas(self.without_key(data))
        except httpx.HTTPError as err:
            raise _transport_error(err, self.base) from None
        except TooLong as err:
            raise LLMError("garbage", str(err)) from None

    def without_key(self, text: str) -> str:
        """`text` with the API key left out: some servers echo a refused key, and what
        they say is shown to the player and may be logged."""
        key = self.config.api_key
        return text.replace(key, "[the key]") if key else text


def _deltas(data: str) -> Iterator[str]:
    try:
        event = json.loads(data)
    except (ValueError, RecursionError):  # JSON nested too deep for Python is garbage too
        raise LLMError("garbage", f"the server sent something that is not JSON: {data[:80]!r}") from None
    if not isinstance(event, dict):
        raise LLMError("garbage", f"the server sent an unexpected event: {data[:80]!r}")
    if "error" in event:
        raise LLMError("http", f"the server reported an error: {_message(event)}")
    choices = event.get("choices") or []
    # Checked here, so a malformed event is a failure to narrate, not a crash of the game.
    if not isinstance(choices, list) or not all(isinstance(c, dict) or c is None for c in choices):
        raise LLMError("garbage", f"the server sent an unexpected event: {data[:80]!r}")
    for choice in choices:
        delta = (choice or {}).get("delta") or (choice or {}).get("message") or {}
        text = delta.get("content") if isinstance(delta, dict) else None
        if isinstance(text, str) and text:
            yield text


def _whole_reply(body: str) -> Iterator[str]:
    try:
        reply = json.loads(body)
        text = reply["choices"][0]["message"]["content"]
    except (ValueError, RecursionError, KeyError, IndexError, TypeError):
        raise LLMError("garbage", f"the server's reply is not a chat completion: {body[:80]!r}") from None
    if isinstance(text, str):
        yield text


def _read_capped(response: httpx.Response) -> str:
    out = b""
    for piece in response.iter_bytes():
        out += piece
        if len(out) >= ERROR_BODY_LIMIT:
            break
    return out[:ERROR_BODY_LIMIT].decode("utf-8", "replace")


def _message(obj) -> str:
    err = obj.get("error") if isinstance(obj, dict) else None
    if isinstance(err, dict):
        return str(err.get("message") or err)[:300]
    return str(err or obj)[:300]


def _status_error(status: int, body: str, client: OpenAIChat) -> LLMError:
    body = client.without_key(body)   # before it is cut short, so no part of the key is left
    try:
        detail = _message(json.loads(body))
    except (ValueError, RecursionError):
        detail = body.strip()[:200]
    if status in (401, 403):
        return LLMError("auth", f"the server refused the API key (HTTP {status}): {detail}. Set"
                        " NARRATOR_LLM_API_KEY (or OPENAI_API_KEY) to a key it accepts")
    if status == 404 and "model" in detail.lower():
        return LLMError("model", f"the server has no model {client.config.model!r} ({detail});"
                        " `narrator llm check` lists the models it has")
    if status == 404:
        return LLMError("http", f"nothing answers at {client.base} (HTTP 404); an OpenAI-compatible"
                        " URL usually ends in /v1, e.g. http://127.0.0.1:11434/v1")
    return LLMError("http", f"the server answered HTTP {status}: {detail}")


def _transport_error(err: httpx.HTTPError, base: str) -> LLMError:
    if isinstance(err, httpx.ConnectTimeout):
        return LLMError("timeout", f"connecting to {base} timed out")
    if isinstance(err, httpx.TimeoutException):
        return LLMError("timeout", "the server stopped sending (read timeout)")
    if isinstance(err, httpx.ConnectError):
        return LLMError("connect", f"cannot connect to {base}: {err}. Is the server running there?")
    if isinstance(err, (httpx.UnsupportedProtocol, httpx.InvalidURL)):
        return LLMError("connect", f"{base!r} is not a usable URL; it looks like http://HOST:PORT/v1")
    return LLMError("connect", f"talking to {base} failed: {err}")
