"""The live OpenAI-compatible server answers the three calls the LLM narrator makes:
list models, a chat completion, and a streamed chat completion. The model's weights
are random, so only the shape of the answers is checked, never their text."""
from __future__ import annotations

import json

MESSAGES = [
    {"role": "system", "content": "You are the narrator of a short mystery story."},
    {"role": "user", "content": "Say something."},
]


def test_models_lists_the_alias(llm_http):
    response = llm_http.get("/models")
    assert response.status_code == 200
    body = response.json()
    assert body["object"] == "list"
    assert "tiny" in [model["id"] for model in body["data"]]


def test_chat_completion(llm_http):
    response = llm_http.post(
        "/chat/completions",
        json={"model": "tiny", "messages": MESSAGES, "max_tokens": 16, "seed": 7},
    )
    assert response.status_code == 200, response.text
    body = response.json()
    assert body["object"] == "chat.completion"
    assert body["choices"], body
    choice = body["choices"][0]
    assert choice["index"] == 0
    assert choice["message"]["role"] == "assistant"
    assert isinstance(choice["message"]["content"], str)
    assert choice["finish_reason"] in ("stop", "length")
    usage = body["usage"]
    assert usage["prompt_tokens"] > 0
    assert 0 <= usage["completion_tokens"] <= 16


def test_chat_completion_stream(llm_http):
    request = {"model": "tiny", "messages": MESSAGES, "max_tokens": 16, "seed": 7, "stream": True}
    with llm_http.stream("POST", "/chat/completions", json=request) as response:
        assert response.status_code == 200
        assert response.headers["content-type"].startswith("text/event-stream")
        data = [line[len("data: "):] for line in response.iter_lines() if line.startswith("data: ")]

    assert len(data) >= 2, data
    assert data[-1] == "[DONE]"
    chunks = [json.loads(payload) for payload in data[:-1]]
    for chunk in chunks:
        assert chunk["object"] == "chat.completion.chunk"
        assert "delta" in chunk["choices"][0]
    # The last chunk before [DONE] says why the generation ended.
    assert chunks[-1]["choices"][0]["finish_reason"] in ("stop", "length")
    text = "".join(chunk["choices"][0]["delta"].get("content") or "" for chunk in chunks)
    assert isinstance(text, str)
