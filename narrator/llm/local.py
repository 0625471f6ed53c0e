"""A backend that runs a GGUF model on the player's own machine (the `local` extra:
`pip install 'narrator[local]'`). `--llm-backend local --model PATH/TO/MODEL.gguf`.

The context size and threads come from the settings (`n_ctx`, `threads`); llama.cpp's
log lines go to a file beside the user's logs, never onto the game's screen. The move
budget applies as to any backend: the telling reads the reply on a worker thread and
closes the generator when time is up, which stops the generation.
"""
from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import Iterator

from narrator.llm import model as knowing
from narrator.llm.backends import LLMError


LOG_BYTES = 4 * 1024 * 1024   # past this, the log is set aside as llama.log.1 and begun again


def log_path() -> Path:
    import platformdirs

    folder = Path(platformdirs.user_log_dir("narrator", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "llama.log"
    # Every game appends to it: one old log is kept, so it never grows without end.
    try:
        if path.stat().st_size > LOG_BYTES:
            path.replace(folder / "llama.log.1")
    except OSError:
        pass
    return path


@contextlib.contextmanager
def _stderr_to(path: Path):
    """llama.cpp writes from C, past Python's sys.stderr: move file descriptor 2."""
    try:
        saved = os.dup(2)
    except OSError:
        yield
        return
    with open(path, "ab") as log:
        os.dup2(log.fileno(), 2)
        try:
            yield
        finally:
            os.dup2(saved, 2)
            os.close(saved)


class LocalGGUF:
    def __init__(self, config):
        self.config = config
        path = Path(config.model).expanduser()
        if not path.is_file():
            raise LLMError("model", f"no GGUF model file at {path}; give its path with --model")
        try:
            import llama_cpp
            from llama_cpp import Llama
        except ImportError:
            raise LLMError("backend", "the local backend needs llama-cpp-python:"
                           " pip install 'narrator[local]'") from None
        self.path = path
        self.log = log_path()
        _quiet(llama_cpp, self.log)
        settings = {"n_ctx": config.n_ctx, "verbose": False}
        if config.threads:
            settings["n_threads"] = config.threads
        with _stderr_to(self.log):
            try:
                self.llm = Llama(model_path=str(path), **settings)
            except Exception as err:  # the library raises plain exceptions
                raise LLMError("model", f"llama.cpp could not load {path}: {err} (its log: {self.log})") from None
        meta = getattr(self.llm, "metadata", {}) or {}
        self.template = meta.get("tokenizer.chat_template") or None
        self.name = f"{meta.get('general.name') or path.stem} ({path.name})"
        self.drops_system = knowing.drops_system(self.template)

    def models(self) -> list[str]:
        return [self.path.name]

    def chat_template(self) -> str | None:
        return self.template

    def stream(self, messages: list[dict], options: dict | None = None) -> Iterator[str]:
        options = options or {}
        try:
            for chunk in self.llm.create_chat_completion(
                    messages=messages, stream=True, temperature=self.config.temperature,
                    max_tokens=options.get("max_tokens") or max(16, self.config.max_chars // 3),
                    stop=options.get("stop") or None):
                text = chunk["choices"][0].get("delta", {}).get("content")
                if text:
                    yield text
        except GeneratorExit:
            raise
        except Exception as err:  # the library raises plain exceptions
            raise LLMError("http", f"the local model failed: {err}") from None


_callback = None   # kept alive: llama.cpp holds a pointer to it


def _quiet(llama_cpp, path: Path) -> None:
    """Send llama.cpp's log to `path` for the rest of the process."""
    global _callback
    if _callback is not None:
        return
    try:
        import ctypes

        @llama_cpp.llama_log_callback
        def write(level, text, user_data):
            try:
                with open(path, "ab") as log:
                    log.write(text or b"")
            except OSError:
                pass

        llama_cpp.llama_log_set(write, ctypes.c_void_p(0))
        _callback = write
    except (AttributeError, TypeError):
        pass   # an older or newer llama-cpp-python: the descriptor redirect above still holds
