"""A backend that runs a GGUF model on the player's own machine (the `local` extra:
`pip install 'narrator[local]'`). `--llm-backend local --model PATH/TO/MODEL.gguf`."""
from __future__ import annotations

from pathlib import Path
from typing import Iterator

from narrator.llm.backends import LLMError


class LocalGGUF:
    def __init__(self, config):
        self.config = config
        path = Path(config.model).expanduser()
        if not path.is_file():
            raise LLMError("model", f"no GGUF model file at {path}; give its path with --model")
        try:
            from llama_cpp import Llama
        except ImportError:
            raise LLMError("backend", "the local backend needs llama-cpp-python:"
                           " pip install 'narrator[local]'") from None
        self.path = path
        self.llm = Llama(model_path=str(path), n_ctx=2048, verbose=False)

    def models(self) -> list[str]:
        return [self.path.name]

    def stream(self, messages: list[dict]) -> Iterator[str]:
        try:
            for chunk in self.llm.create_chat_completion(
                    messages=messages, stream=True, temperature=self.config.temperature,
                    max_tokens=max(16, self.config.max_chars // 3)):
                text = chunk["choices"][0].get("delta", {}).get("content")
                if text:
                    yield text
        except Exception as err:  # the library raises plain exceptions
            raise LLMError("http", f"the local model failed: {err}") from None
