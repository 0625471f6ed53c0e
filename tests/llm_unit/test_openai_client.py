"""OpenAIChat over httpx.MockTransport: what a stream gives, and a clear LLMError of the
right kind for each way a server can fail (status, garbage, stalls, refused connection)."""
from __future__ import annotations

import json
import time

import httpx
import pytest

from narrator.llm.backends import LLMError
from narrator.llm.config import LLMConfig
from narrator.llm.openai import OpenAIChat

HELLO = [{"role": "user", "content": "Say hello."}]
KEY = "sk-test-7f3a9c0e1b2d"


def text_of(client, messages=HELLO) -> str:
    return "".join(client.stream(messages))


def failure(client, call=None) -> LLMError:
    with pytest.raises(LLMError) as caught:
        if call is None:
            text_of(client)
        else:
            call()
    return caught.value


def json_reply(status: int, body) -> httpx.Response:
    return httpx.Response(status, json=body)


# --------------------------------------------------------------------- streams that work
def test_a_normal_stream_gives_the_exact_text(chat, sse, event):
    pieces = ["The rain ", "had not ", "stopped.\n\n", "Fumie — ", "雨の日。"]
    body = [event(role="assistant"), *(event(p) for p in pieces), event(finish="stop"), "data: [DONE]\n\n"]
    client = chat(lambda request: sse(body))
    assert list(client.stream(HELLO)) == pieces


def test_the_request_is_a_streamed_chat_completion(chat, sse, event):
    client = chat(lambda request: sse([event("ok"), "data: [DONE]\n\n"]), url="http://llm.test/v1/",
                  model="tiny", temperature=0.25, max_chars=300)
    assert text_of(client) == "ok"
    request = client.requests[0]
    assert request.method == "POST"
    assert str(request.url) == "http://llm.test/v1/chat/completions"   # no double slash
    body = json.loads(request.content)
    assert body["model"] == "tiny" and body["stream"] is True
    assert body["messages"] == HELLO and body["temperature"] == 0.25
    assert body["max_tokens"] == 100


def test_empty_and_null_deltas_are_skipped(chat, sse, event):
    body = [
        event(role="assistant"),                                   # role only, no content
        'data: {"choices":[{"index":0,"delta":{}}]}\n\n',
        'data: {"choices":[{"index":0,"delta":{"content":null}}]}\n\n',
        'data: {"choices":[{"index":0,"delta":{"content":""}}]}\n\n',
        'data: {"choices":[]}\n\n',                                # e.g. a usage chunk
        'data: {"choices":null,"usage":{"total_tokens":3}}\n\n',
        'data: {"choices":[null]}\n\n',
        event("Only"), event(" this."),
        'data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\n',
        "data: [DONE]\n\n",
    ]
    client = chat(lambda request: sse(body))
    assert list(client.stream(HELLO)) == ["Only", " this."]


def test_a_stream_without_done_ends_when_the_body_ends(chat, sse, event):
    client = chat(lambda request: sse([event("No "), event("end")]))
    assert text_of(client) == "No end"
    # ... even when the last event lacks its blank line.
    client = chat(lambda request: sse([event("No "), event("end").rstrip("\n")]))
    assert text_of(client) == "No end"


def test_nothing_after_done_is_read(chat, sse, event):
    client = chat(lambda request: sse([event("kept"), "data: [DONE]\n\n", event("dropped"), "data: {bad"]))
    assert text_of(client) == "kept"


@pytest.mark.parametrize("cut", [1, 2, 3, 5, 7])
def test_chunks_cut_anywhere_even_inside_a_character(chat, sse, event, cut):
    body = (event("雨が降る。") + "\r\n" + event(" Fumie waits…") + "data: [DONE]\r\n\r\n").encode()
    chunks = [body[i:i + cut] for i in range(0, len(body), cut)]
    client = chat(lambda request: sse(chunks))
    assert text_of(client) == "雨が降る。 Fumie waits…"


def test_a_json_reply_to_a_stream_request_is_its_text(chat):
    reply = {"id": "x", "object": "chat.completion",
             "choices": [{"index": 0, "message": {"role": "assistant", "content": "All at once."}}]}
    client = chat(lambda request: httpx.Response(200, json=reply))
    assert text_of(client) == "All at once."


def test_a_json_reply_that_is_not_a_completion_is_garbage(chat):
    client = chat(lambda request: httpx.Response(200, json={"hello": "world"}))
    assert failure(client).kind == "garbage"
    client = chat(lambda request: httpx.Response(200, text="<html>It works!</html>",
                                                 headers={"content-type": "text/html"}))
    err = failure(client)
    assert err.kind == "garbage" and "It works" in err.message


def test_a_megabyte_reply_streams_quickly(chat, sse, event):
    pieces = [f"word{i} " for i in range(60_000)]
    body = "".join(event(p) for p in pieces) + "data: [DONE]\n\n"
    chunks = [body[i:i + 4096] for i in range(0, len(body), 4096)]
    client = chat(lambda request: sse(chunks))
    start = time.monotonic()
    assert text_of(client) == "".join(pieces)
    assert time.monotonic() - start < 5


# --------------------------------------------------------------------- failures
def test_an_error_event_mid_stream(chat, sse, event):
    body = [event("Half a sen"), 'data: {"error":{"message":"the model ran out of memory"}}\n\n',
            event("never")]
    client = chat(lambda request: sse(body))
    got = []
    with pytest.raises(LLMError) as caught:
        for piece in client.stream(HELLO):
            got.append(piece)
    assert got == ["Half a sen"]
    assert caught.value.kind == "http"
    assert "ran out of memory" in caught.value.message


@pytest.mark.parametrize("status", [401, 403])
def test_a_refused_key(chat, status):
    client = chat(lambda request: json_reply(status, {"error": {"message": "Invalid API key"}}))
    err = failure(client)
    assert err.kind == "auth"
    assert f"HTTP {status}" in err.message and "Invalid API key" in err.message
    assert "NARRATOR_LLM_API_KEY" in err.message


def test_an_echoed_key_is_not_repeated_in_the_message(chat):
    client = chat(lambda request: json_reply(401, {"error": {"message": f"Incorrect API key provided: {KEY}"}}),
                  api_key=KEY)
    err = failure(client)
    assert err.kind == "auth" and KEY not in err.message and KEY not in str(err)
    long = chat(lambda request: json_reply(401, {"error": {"message": "x" * 290 + KEY}}), api_key=KEY)
    assert KEY[:8] not in failure(long).message        # nor a part of it, where the message is cut


@pytest.mark.parametrize("body", [
    f'data: {{"error": {{"message": "Incorrect API key provided: {KEY}"}}}}\n\n',     # an error event
    f"data: the key {KEY} is not valid here\n\n",                                # garbage quoting it
    "data: " + "x" * 70 + f"{KEY} is not valid here\n\n",                         # where the quote is cut
])
def test_a_key_echoed_in_the_stream_is_not_repeated_either(chat, sse, body):
    """The message is shown to the player and may be logged: a key the server echoes in
    its stream is left out of it, as it is from an error status."""
    err = failure(chat(lambda request: sse([body]), api_key=KEY))
    assert KEY[:8] not in err.message and KEY[-8:] not in err.message and KEY not in str(err)


def test_an_unknown_model(chat):
    client = chat(lambda request: json_reply(404, {"error": {"message": 'model "m" not found, try pulling it first'}}))
    err = failure(client)
    assert err.kind == "model"
    assert "'m'" in err.message and "narrator llm check" in err.message


def test_a_404_without_a_model_message_points_at_v1(chat):
    client = chat(lambda request: httpx.Response(404, text="404 page not found"))
    err = failure(client)
    assert err.kind == "http"
    assert "/v1" in err.message and "HTTP 404" in err.message


def test_a_server_error(chat):
    client = chat(lambda request: json_reply(500, {"error": {"message": "CUDA error: out of memory"}}))
    err = failure(client)
    assert err.kind == "http"
    assert "HTTP 500" in err.message and "CUDA error" in err.message


def test_a_huge_error_body_is_read_only_in_part(chat):
    client = chat(lambda request: httpx.Response(502, content=(b"x" * 65536 for _ in range(1000))))
    err = failure(client)
    assert err.kind == "http" and "HTTP 502" in err.message and len(err.message) < 400


@pytest.mark.parametrize("data", [
    "this is not json",
    "{\"choices\": [{\"delta\": {\"content\": \"cut",
    "[1, 2, 3]",
    "\"a string\"",
    "{\"choices\": 5}",
    "{\"choices\": [\"text\"]}",
    "{\"choices\": {\"0\": {\"delta\": {\"content\": \"x\"}}}}",
])
def test_garbage_in_the_stream(chat, sse, event, data):
    client = chat(lambda request: sse([event("Before. "), f"data: {data}\n\n", event("after")]))
    err = failure(client)
    assert err.kind == "garbage", err
    assert "server" in err.message


# --------------------------------------------------------------------- stalls and deadlines
def test_pings_but_no_text_hit_the_first_token_deadline(chat, sse):
    client = chat(lambda request: sse([": ping\n\n"] * 100, delay=0.02), first_token_timeout=0.2)
    start = time.monotonic()
    err = failure(client)
    assert err.kind == "timeout" and "0.2 s" in err.message
    assert 0.2 <= time.monotonic() - start < 2.0


def test_a_moves_deadline_is_the_wait_the_message_names(chat, sse):
    """In a game the move's deadline is the only clock: a server that sent no text is
    said to have been waited for that long, not for `llm check`'s first-token wait."""
    client = chat(lambda request: sse([": ping\n\n"] * 100, delay=0.02), first_token_timeout=30)
    err = failure(client, lambda: text_of_by(client, time.monotonic() + 0.3))
    assert err.kind == "timeout" and "30 s" not in err.message and "0.3 s" in err.message


def test_an_event_that_never_ends_is_garbage_once_it_passes_the_limit(chat, sse):
    """A server streaming one line without end: refused as soon as it is longer than any
    event needs, not read on (and copied over and over) until the deadline."""
    from narrator.llm.sse import MAX_EVENT

    def endless():
        yield b"data: "
        while True:
            yield b"a" * 65536

    client = chat(lambda request: httpx.Response(200, headers={"content-type": "text/event-stream"},
                                                 content=endless()), total_timeout=20)
    err = failure(client)
    assert err.kind == "garbage" and f"longer than {MAX_EVENT // 1024} KiB" in err.message


def text_of_by(client, deadline: float) -> str:
    return "".join(client.stream(HELLO, {"deadline": deadline}))


def test_role_only_chunks_are_no_first_token(chat, sse, event):
    client = chat(lambda request: sse([event(role="assistant")] * 100, delay=0.02), first_token_timeout=0.2)
    assert failure(client).kind == "timeout"


def test_slow_text_past_the_total_deadline(chat, sse, event):
    client = chat(lambda request: sse([event("drip ")] * 200, delay=0.02),
                  first_token_timeout=5, total_timeout=0.3)
    got = []
    start = time.monotonic()
    with pytest.raises(LLMError) as caught:
        for piece in client.stream(HELLO):
            got.append(piece)
    assert caught.value.kind == "timeout" and "0.3 s" in caught.value.message
    assert got and set(got) == {"drip "}            # what came in time was given
    assert 0.3 <= time.monotonic() - start < 2.0


def test_a_read_timeout_mid_body(chat, event):
    def body(request):
        yield event("Start").encode()
        raise httpx.ReadTimeout("timed out", request=request)

    client = chat(lambda request: httpx.Response(200, headers={"content-type": "text/event-stream"},
                                                 content=body(request)))
    err = failure(client)
    assert err.kind == "timeout" and "stopped sending" in err.message


@pytest.mark.parametrize("raised, kind, words", [
    (httpx.ConnectTimeout, "timeout", "timed out"),
    (httpx.ReadTimeout, "timeout", "read timeout"),
    (httpx.ConnectError, "connect", "Is the server running"),
    (httpx.RemoteProtocolError, "connect", "failed"),
])
def test_transport_errors(chat, raised, kind, words):
    def handler(request):
        raise raised("boom", request=request)

    client = chat(handler)
    for call in (lambda: text_of(client), client.models):
        err = failure(client, call)
        assert err.kind == kind and words in err.message


def test_a_refused_connection(closed_port):
    config = LLMConfig(url=f"http://127.0.0.1:{closed_port}/v1", model="m", connect_timeout=2)
    client = OpenAIChat(config)
    for call in (lambda: text_of(client), client.models):
        err = failure(client, call)
        assert err.kind == "connect"
        assert "Is the server running" in err.message and str(closed_port) in err.message


@pytest.mark.parametrize("url", ["127.0.0.1:11434/v1", "ftp://127.0.0.1/v1"])
def test_an_unusable_url(url):
    client = OpenAIChat(LLMConfig(url=url, model="m"))
    err = failure(client, client.models)
    assert err.kind == "connect" and "http://HOST:PORT/v1" in err.message


# --------------------------------------------------------------------- models()
def test_models_lists_the_ids(chat):
    listing = {"object": "list", "data": [{"id": "llama3", "object": "model"}, {"id": "qwen2.5:0.5b"}]}
    client = chat(lambda request: httpx.Response(200, json=listing))
    assert client.models() == ["llama3", "qwen2.5:0.5b"]
    assert str(client.requests[0].url) == "http://llm.test/v1/models"
    assert client.requests[0].method == "GET"


@pytest.mark.parametrize("body", [b"<html>Ollama is running</html>", b'{"models": []}', b'{"data": 3}',
                                  b'{"data": ["a", "b"]}', b"[]", b'{"data": [{"name": "x"}]}'])
def test_models_garbage(chat, body):
    client = chat(lambda request: httpx.Response(200, content=body))
    err = failure(client, client.models)
    assert err.kind == "garbage" and "/v1" in err.message


def test_models_refused_key_and_missing_page(chat):
    client = chat(lambda request: json_reply(401, {"error": "unauthorized"}))
    assert failure(client, client.models).kind == "auth"
    client = chat(lambda request: httpx.Response(404, text="not found"))
    err = failure(client, client.models)
    assert err.kind == "http" and "/v1" in err.message


# --------------------------------------------------------------------- the key
def test_the_key_goes_in_the_authorization_header(chat, sse, event):
    def handler(request):
        if request.url.path.endswith("/models"):
            return httpx.Response(200, json={"data": [{"id": "m"}]})
        return sse([event("hi")])

    client = chat(handler, api_key=KEY)
    text_of(client)
    client.models()
    assert [r.headers["Authorization"] for r in client.requests] == [f"Bearer {KEY}"] * 2


def test_no_key_no_authorization_header(chat, sse, event):
    client = chat(lambda request: sse([event("hi")]))
    text_of(client)
    assert "Authorization" not in client.requests[0].headers
    client = chat(lambda request: sse([event("hi")]), api_key="")
    text_of(client)
    assert "Authorization" not in client.requests[0].headers


def test_the_key_is_never_in_a_repr():
    config = LLMConfig(url="http://llm.test/v1", model="m", api_key=KEY)
    assert KEY not in repr(config) and KEY not in str(config)
    assert "api_key" not in repr(config)
    client = OpenAIChat(config)
    assert KEY not in repr(client)


def test_json_nested_too_deep_for_python_is_garbage(chat, sse, event):
    deep = "[" * 100_000
    client = chat(lambda request: sse([event("x"), f"data: {deep}\n\n"]))
    assert failure(client).kind == "garbage"
    client = chat(lambda request: httpx.Response(200, text=deep, headers={"content-type": "application/json"}))
    assert failure(client).kind == "garbage"
    assert failure(client, client.models).kind == "garbage"
    client = chat(lambda request: httpx.Response(500, text=deep))
    assert failure(client).kind == "http"
