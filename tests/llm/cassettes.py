"""Recording the cassettes the tests replay: real exchanges with llama.cpp's
OpenAI-compatible server on 127.0.0.1, through narrator's own client.

    python -m tests.llm.cassettes      # needs llama-cpp-python[server] and gguf

The recordings keep no key: the Authorization header is filtered out (the recording
sends a made-up key to prove it), and requests are matched on method and path only, so
the replay does not care which port the server had.
"""
from __future__ import annotations

import sys
import tempfile
from pathlib import Path

import vcr

FOLDER = Path(__file__).parent / "cassettes"
RECORDING_KEY = "sk-recording-key-that-must-not-be-kept"


def cassette(record_mode: str = "none") -> vcr.VCR:
    return vcr.VCR(cassette_library_dir=str(FOLDER), record_mode=record_mode,
                   match_on=["method", "path"], filter_headers=["authorization"],
                   decode_compressed_response=True)


MESSAGES = [{"role": "system", "content": "You narrate a story."},
            {"role": "user", "content": "The rain stops. Tell it."}]


def record() -> None:
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from narrator.llm.config import LLMConfig
    from narrator.llm.openai import OpenAIChat
    from tests.llm.server import running_server
    from tests.llm.tinymodel import write_tiny_model

    with tempfile.TemporaryDirectory() as tmp:
        model = write_tiny_model(Path(tmp) / "tiny.gguf")
        with running_server(model) as base:
            client = OpenAIChat(LLMConfig(url=base, model="tiny", api_key=RECORDING_KEY,
                                          max_chars=120, temperature=0.0))
            rec = cassette("all")
            with rec.use_cassette("models.yaml"):
                client.models()
            with rec.use_cassette("stream.yaml"):
                "".join(client.stream(MESSAGES))
            with rec.use_cassette("not_found.yaml"):
                bad = OpenAIChat(LLMConfig(url=base.removesuffix("/v1") + "/nothing", model="tiny"))
                try:
                    bad.models()
                except Exception:
                    pass
    for path in FOLDER.glob("*.yaml"):
        assert RECORDING_KEY not in path.read_text(), f"{path} kept the key"
    print("recorded:", ", ".join(sorted(p.name for p in FOLDER.glob("*.yaml"))))


if __name__ == "__main__":
    record()
