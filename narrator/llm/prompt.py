"""The request sent to the model, made from the Jinja templates in prompts/llm/.

The model is asked for a sentence or two of colour to follow what the reader has just
been told. Everything in the request is the story's own words: its front page and voice
(the same, byte for byte, for every request of a game, so a server can keep that prefix
cached), and prose the offline narrator has told this reader. No game state is read
here, so nothing the reader may not know can reach the model.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from narrator.llm import voice as voices
from narrator.narration import _environment

SENTENCES = "one or two sentences"
TOKENS_PER_SENTENCE = 48      # a long sentence of English, with room to finish it
MAX_SENTENCES = 2
# Where a model that runs on past its answer usually goes next: a blank line, or the
# next turn of a chat template. Four, the most the OpenAI API takes.
STOP = ["\n\n", "<end_of_turn>", "<|im_end|>", "[INST]"]
BYTES_PER_TOKEN = 3.0         # English through a modern tokenizer is about 4; 3 errs long


@dataclass(frozen=True)
class Request:
    messages: list[dict]
    system: str               # the story's part: the same for a whole game
    ask: str                  # the instruction after the moment
    memory: tuple[str, ...]   # the earlier passages that fitted
    moment: str               # what the reader was just told
    max_tokens: int
    stop: tuple[str, ...]
    tokens: int               # an estimate of the prompt's length in tokens

    @property
    def markers(self) -> tuple[str, ...]:
        """The headings of the prompt, which a sentence of the story never holds."""
        lines = ("Earlier:\nJust now:\n" + self.system + "\n" + self.ask).splitlines()
        return tuple(line.strip() for line in lines if line.strip().endswith(":") and len(line) < 40) + (
            "the listener has just been told", "of colour that follow", "write only the sentences")


def estimate_tokens(text: str) -> int:
    return math.ceil(len(text.encode("utf-8")) / BYTES_PER_TOKEN)


def system_text(story, episode: str, seats) -> str:
    v = voices.of(story)
    ep = story.episode(episode)
    context = {
        "story": {"title": story.title, "blurb": " ".join(story.info.get("blurb", "").split()),
                  "tone": " ".join(story.info.get("tone", "").split())},
        # "For Fumie, in the part called For Fumie" says nothing: the first episode is
        # named only when its title is not the story's.
        "episode": ep if len(story.episodes) > 1 and ep["title"] != story.title else None,
        # The cast at this table only: Snow White at five has five guests, not nine.
        "cast": [story.seat_name(s) for s in seats],
        "places": list(v.places),
        "voice": {"person": v.person, "tense": v.tense, "examples": list(v.examples)},
        "sentences": SENTENCES,
    }
    return _environment().get_template("llm/system.j2").render(context).strip()


def ask_text(story, reader_name: str) -> str:
    v = voices.of(story)
    if v.person == "second":
        who = f"Tell it to {reader_name} as \"you\""
    else:
        who = f"Name {reader_name} as the story does"
    return f"Now write {SENTENCES} of colour to follow this. {who}, in the {v.tense} tense."


def request(story, episode: str, seats, reader: str, memory: list[str], moment: list[str],
            n_ctx: int = 4096, fold_system: bool = False) -> Request:
    """The request for one round told to `reader`: `memory` is the offline prose told to
    it before, oldest first; `moment` what it was told since. Older memory is left out
    until the request fits the context with room for the reply."""
    system = system_text(story, episode, seats)
    ask = ask_text(story, story.seat_name(reader))
    max_tokens = TOKENS_PER_SENTENCE * MAX_SENTENCES
    env = _environment()
    memory, moment = list(memory), list(moment)
    while True:
        moment_text = "\n\n".join(moment)
        user = env.get_template("llm/user.j2").render(memory=memory, moment=moment_text, ask=ask).strip()
        tokens = estimate_tokens(system) + estimate_tokens(user) + 16   # the template's own tokens
        if tokens + max_tokens <= n_ctx or (not memory and len(moment) <= 1):
            break
        # The oldest memory goes first; then the start of a long round (it is on the
        # screen as it is, whatever the model is shown of it).
        (memory if memory else moment).pop(0)
    if fold_system:
        # Some chat templates (Gemma's, among others) drop a system message: then the
        # story's part leads the first user message instead, still byte for byte the same.
        messages = [{"role": "user", "content": system + "\n\n" + user}]
    else:
        messages = [{"role": "system", "content": system}, {"role": "user", "content": user}]
    return Request(messages, system, ask, tuple(memory), moment_text, max_tokens, tuple(STOP), tokens)
