"""LLM backends: the built-in OpenAI-compatible client, and plug-ins.

A backend is a class taking an `LLMConfig`, with
    models() -> list[str]                     the models it can use
    stream(messages) -> Iterator[str]         the reply, piece by piece
raising `LLMError` with a clear message when it cannot. Third-party backends register
under the entry-point group `narrator.backends`, e.g. in their pyproject.toml:

    [project.entry-points."narrator.backends"]
    mybackend = "mypackage.module:MyBackend"
"""
from __future__ import annotations

from importlib.metadata import entry_points

GROUP = "narrator.backends"
BUILT_IN = {
    "openai": "narrator.llm.openai:OpenAIChat",
    "local": "narrator.llm.local:LocalGGUF",
}


class LLMError(Exception):
    """The backend could not narrate: `kind` is connect, timeout, http, model, auth or garbage."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind, self.message = kind, message


def available() -> dict[str, str]:
    found = dict(BUILT_IN)
    for ep in entry_points(group=GROUP):
        found.setdefault(ep.name, ep.value)
    return found


def make(config):
    import importlib

    where = available().get(config.backend)
    if where is None:
        raise LLMError("backend", f"no LLM backend named {config.backend!r}; known: {', '.join(available())}")
    module, _, name = where.partition(":")
    try:
        cls = getattr(importlib.import_module(module), name)
    except ImportError as err:
        raise LLMError("backend", f"the {config.backend!r} backend cannot be loaded ({err});"
                       " is its package installed?") from None
    return cls(config)
