"""Knowing the model: whether it can hold a conversation at all.

A base model (one not tuned to follow instructions), or one whose file carries no chat
template, is served with a guessed template and answers with the template's own markup,
or nothing. A template that has no place for a system message drops it, and the
story's part of the prompt with it. These are said plainly, with what to do instead.
"""
from __future__ import annotations

import re

ADVICE = ("use an instruction-tuned model of 1-3B parameters or more (for example"
          " llama3.2:3b-instruct or qwen2.5:3b-instruct in Ollama, or an \"-it\"/\"-instruct\" GGUF"
          " with llama.cpp); the game goes on either way, told by the offline narration where"
          " the model's sentences do not pass")
_INSTRUCT = re.compile(r"(?:^|[-_. /:])(?:it|instruct|chat|sft|dpo|rlhf|assistant)(?:$|[-_. /:\d])", re.IGNORECASE)
_SYSTEM = re.compile(r"system", re.IGNORECASE)


def warnings(template: str | None, name: str, template_known: bool = True) -> list[str]:
    """What to tell the player about a model with this chat template and name."""
    said = []
    if template_known and template is None:
        said.append(f"the model {name!r} carries no chat template, so the server guesses one and"
                    f" its replies are mostly markup: it looks like a base model. Instead, {ADVICE}")
    elif not _INSTRUCT.search(name or "") and (not template_known or template is None):
        said.append(f"the model {name!r} does not look instruction-tuned (its name says neither"
                    f" -it, -instruct nor -chat); if it is a base model, {ADVICE}")
    return said


def drops_system(template: str | None) -> bool:
    """A template with no word of a system message drops one (Gemma's early templates)."""
    return template is not None and not _SYSTEM.search(template)


def reply_warnings(text: str) -> list[str]:
    """What a test reply says about the model: nothing at all, or the template's markup."""
    from narrator.llm.gate import _TEMPLATE

    if not text.strip():
        return [f"the server answered with no text at all: the model may have no chat template, or"
                f" be a base model. {ADVICE[0].upper() + ADVICE[1:]}"]
    if _TEMPLATE.search(text):
        return [f"the reply holds chat-template markup ({_TEMPLATE.search(text).group()!r}): the server"
                f" is guessing the template, which happens with base models. {ADVICE[0].upper() + ADVICE[1:]}"]
    return []
