"""The gate every sentence of a model's reply passes before the reader sees it.

A reply is read sentence by sentence (`Sentences`); each complete sentence is judged by
`Gate.judge`, which names the first rule it breaks, or returns None. What a model writes
is only colour: the gate lets through prose in the story's language that names nobody
and nothing the reader does not already know, states no number the reader was not told,
uses none of the game's mechanical words, copies nothing from the prompt and repeats no
earlier passage. Anything else (lists, headings, role labels, chat-template tokens, the
prompt's own headings) is refused.

The gate is built for one request from plain text: the story's words, what the reader
has been told, the prompt that was sent. It reads no game state.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

# Why a sentence was refused, in the words `--verbose`, `llm check` and the bench use.
REASONS = {
    "empty": "the reply was empty",
    "short": "a sentence too short to be prose",
    "long": "a sentence ran too long",
    "unfinished": "the reply stopped mid-sentence",
    "template": "a chat-template token or markup",
    "role": "a role label (\"Narrator:\", \"User:\")",
    "list": "a list item",
    "heading": "a heading",
    "marker": "one of the prompt's own headings",
    "echo": "words copied from the prompt",
    "person": "not in the person the story narrates in",
    "mechanical": "one of the game's mechanical words",
    "name": "a name the reader does not know",
    "number": "a number the reader was not told",
    "repetition": "a repeat of an earlier passage",
    "language": "not in the story's language",
}

ECHO_RUN = 8         # words in a row copied from the prompt that make an echo
REPEAT_RUN = 7       # words in a row shared with an earlier passage that make a repeat
MAX_WORDS = 60       # a sentence longer than this is not one a narrator writes
MIN_WORDS = 4        # a sentence shorter than this ("He nods.") says nothing worth a wait

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)*|\d+(?:[.,]\d+)*", re.UNICODE)
_TEMPLATE = re.compile(
    r"<\|?/?[A-Za-z_][\w\-]*\|?>|<<\s*/?\s*SYS|\[/?INST\]|\{\{|\}\}|\{%|%\}|</?s>|<bos>|<eos>"
    r"|<start_of_turn>|<end_of_turn>|\[/?(?:SYSTEM|USER|ASSISTANT)\]", re.IGNORECASE)
_ROLE = re.compile(r"^\W*(?:system|user|assistant|narrator|model|human|ai|bot|reader|storyteller|"
                   r"answer|question|response|output|input|note|story)\s*[:：]", re.IGNORECASE)
_SPEAKER = re.compile(r"^\W*[A-Z][\w'’\-]*(?: [A-Z][\w'’\-]*){0,2}\s*[:：]\s")   # "Takeo: ..." as in a script
_LIST = re.compile(r"^\s*(?:[-*•–—+>]\s|\(?\d{1,3}[.):]\s|\(?[a-zA-Z][.)]\s|\(\d{1,3}\)|\d{1,3}\s*[-–]\s)")
_HEADING = re.compile(r"^\s*(?:#|=+|\*\*[^*]+\*\*\s*$|_{2}|[A-Z0-9 ,'’\-]{6,}$)")
_YOU = re.compile(r"\b(?:you|your|yours|yourself)\b", re.IGNORECASE)
_I = re.compile(r"\b(?:I|me|my|mine|myself)\b")
_QUOTED = re.compile(r"“[^”]*”|\"[^\"]*\"")
_NON_LATIN = re.compile(r"[^\W\d_a-zA-Z\u00C0-\u024F]", re.UNICODE)

NUMBER_WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen"
    " fifteen sixteen seventeen eighteen nineteen twenty".split())}
NUMBER_WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "dozen": 12})
# "one" is in every other sentence of English ("one of them", "no one"): not a count.
_IDIOMATIC = {"one", "zero"}

# Words that begin English sentences without being names: the words of the story's own
# templates are added to these, so "Outside" or "Somewhere" is not taken for a name.
_OPENERS = set("""a an the he she it they we you i his her its their our your my this that these
those there then when while as but and or so yet now here no not only still even later soon at
in on by for with without from into after before across above below beyond under over through
behind around if once all some every each both either neither nothing someone somebody nobody
everyone everything something somewhere outside inside perhaps maybe again already just what
who whom whose which where why how yes oh ah well slowly quietly suddenly finally meanwhile
tonight today tomorrow yesterday morning evening night""".split())


def words(text: str) -> list[str]:
    return _WORD.findall(text)


def _runs(tokens: list[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i:i + n]) for i in range(len(tokens) - n + 1)}


def numbers_in(text: str) -> set[int]:
    found = set()
    for w in words(text):
        low = w.lower()
        if w[0].isdigit():
            try:
                found.add(int(float(w.replace(",", ""))))
            except ValueError:
                pass
        elif low in NUMBER_WORDS:
            found.add(NUMBER_WORDS[low])
    return found


def names_in(text: str) -> set[str]:
    """The capitalised words of `text`, lower-cased: the names it may mention."""
    return {w.lower() for w in words(text) if w[:1].isupper()}


@dataclass
class Voice:
    """What the gate knows of a story: its language, its mechanical words, and the
    ordinary words of its own prose (so a capitalised first word is not taken for a name)."""
    language: str = "en"
    mechanical: tuple[str, ...] = ()
    vocabulary: frozenset[str] = frozenset()
    person: str = "third"

    def __post_init__(self):
        phrases = sorted({m.strip().lower() for m in self.mechanical if m.strip()}, key=len, reverse=True)
        self._mechanical = re.compile(
            r"(?<![\w-])(?:" + "|".join(re.escape(p).replace(r"\ ", r"\s+") for p in phrases) + r")(?![\w-])",
            re.IGNORECASE) if phrases else None

    def mechanical_word(self, sentence: str) -> str | None:
        if self._mechanical is None:
            return None
        found = self._mechanical.search(sentence)
        return found.group() if found else None


@dataclass
class Gate:
    """Judges the sentences of one reply. `names` and `numbers` are what the reader may be
    reminded of (from the cast at this table, the story's public text and every passage
    told to this reader, see `names_in` and `numbers_in`); `prompt` is the text sent but
    the moment and the memory; `earlier` the passages already shown."""
    voice: Voice
    names: set[str]
    numbers: set[int]
    prompt: str
    moment: str
    earlier: list[str] = field(default_factory=list)
    markers: tuple[str, ...] = ()

    def __post_init__(self):
        self._names = set(self.names) | names_in(self.moment)
        self._numbers = set(self.numbers) | numbers_in(self.moment)
        moment_runs = _runs([w.lower() for w in words(self.moment)], ECHO_RUN)
        self._echo = _runs([w.lower() for w in words(self.prompt)], ECHO_RUN) - moment_runs
        self._repeat: set[tuple[str, ...]] = set()
        for text in (*self.earlier, self.moment):
            self._repeat |= _runs([w.lower() for w in words(text)], REPEAT_RUN)
        self._seen = {_normal(t) for t in self.earlier}
        self._prompt = " " + _normal(self.prompt) + " "
        self._markers = [m.lower().rstrip(":").strip() for m in self.markers if len(m.strip()) > 3]

    def judge(self, sentence: str) -> str | None:
        """The reason `sentence` may not be shown, or None when it may."""
        text = sentence.strip()
        tokens = words(text)
        if not tokens:
            return "empty"
        if _TEMPLATE.search(text):
            return "template"
        low = " ".join(text.lower().split())
        if any(m in low for m in self._markers):
            return "marker"
        if _ROLE.search(text) or _SPEAKER.search(text):
            return "role"
        if _LIST.search(text):
            return "list"
        if _HEADING.search(text) or text.endswith((":", "：")):
            return "heading"
        if self.language_broken(text, tokens):
            return "language"
        if len(tokens) > MAX_WORDS:
            return "long"
        if len(tokens) < MIN_WORDS:
            return "short"
        lowered = [t.lower() for t in tokens]
        if _runs(lowered, ECHO_RUN) & self._echo or (
                len(tokens) >= 4 and f" {_normal(text)} " in self._prompt):
            return "echo"
        if self.voice.mechanical_word(text):
            return "mechanical"
        unquoted = _QUOTED.sub(" ", text)
        if self.voice.person == "third" and _YOU.search(unquoted):
            return "person"   # a story told in the third person never turns to "you"
        if self.voice.person != "first" and _I.search(unquoted):
            return "person"   # nor does any but a first-person story say "I" outside a quotation
        if _normal(text) in self._seen or _runs(lowered, REPEAT_RUN) & self._repeat:
            return "repetition"
        if self.unknown_name(text):
            return "name"
        if self.unknown_number(text):
            return "number"
        return None

    def seen(self, sentence: str) -> None:
        """A sentence was shown: a later one may not say it again."""
        self._seen.add(_normal(sentence))
        self._repeat |= _runs([w.lower() for w in words(sentence)], REPEAT_RUN)

    def language_broken(self, text: str, tokens: list[str]) -> bool:
        letters = [ch for ch in text if ch.isalpha()]
        if self.voice.language != "en" or not letters:
            return False
        foreign = sum(1 for ch in letters if _NON_LATIN.match(ch))
        if foreign > len(letters) * 0.2:
            return True
        # Six English words in a row without one of these is not English prose.
        common = {"the", "a", "an", "and", "of", "to", "in", "is", "was", "his", "her", "it", "on",
                  "at", "with", "you", "he", "she", "they", "that", "for", "as", "by", "from", "your",
                  "their", "its", "are", "were", "has", "had", "not", "but", "into", "no", "all"}
        alpha = [t.lower() for t in tokens if t[0].isalpha()]
        return len(alpha) >= 6 and not common & set(alpha)

    def unknown_name(self, text: str) -> str | None:
        """The first capitalised word that is neither known to the reader nor, at the head
        of a sentence or a quotation, an ordinary word of the story's language."""
        for match in _WORD.finditer(text):
            w = match.group()
            if not w[:1].isupper() or w == "I":
                continue
            low = w.lower()
            if low in self._names:
                continue
            before = text[:match.start()].rstrip()
            opening = not before or before[-1] in "\"“‘'(—–-:;" or before.endswith((".", "!", "?", "…"))
            if opening and (low in _OPENERS or low in self.voice.vocabulary):
                continue
            return w
        return None

    def unknown_number(self, text: str) -> int | None:
        for w in words(text):
            low = w.lower()
            if low in _IDIOMATIC:
                continue
            if w[0].isdigit() or low in NUMBER_WORDS:
                value = numbers_in(w)
                if value and not value & self._numbers:
                    return next(iter(value))
        return None


def _normal(text: str) -> str:
    return " ".join(w.lower() for w in words(text))


# ------------------------------------------------------------------ sentence by sentence
_END = re.compile(r"[.!?…]+[\"”’')\]]*(?=\s)|[。！？]+[」』”]*|\n")
_ABBREVIATIONS = ("mr.", "mrs.", "ms.", "dr.", "st.", "no.", "vs.", "mt.")


class Sentences:
    """Cuts a stream of text into complete sentences. `feed` returns those a piece
    completes; `finish` the last one if it ended as a sentence does (else it is dropped,
    so a reply cut off by its length limit never reaches the reader half-said)."""

    def __init__(self) -> None:
        self.buffer = ""

    def feed(self, piece: str) -> list[str]:
        self.buffer += piece
        out = []
        start = 0
        for end in _END.finditer(self.buffer):
            candidate = self.buffer[start:end.end()]
            if candidate.rstrip().lower().endswith(_ABBREVIATIONS):
                continue
            if candidate.strip():
                out.append(candidate.strip())
            start = end.end()
        self.buffer = self.buffer[start:]
        return out

    def finish(self) -> list[str]:
        """The rest of the reply: a last sentence, or (when it did not end as a sentence
        does) a piece `unfinished` says is not to be shown even if the gate passes it."""
        rest, self.buffer = self.buffer.strip(), ""
        return [rest] if rest else []

    @staticmethod
    def unfinished(text: str) -> bool:
        return not re.search(r"[.!?…。！？][\"”’')\]」』]*$", text.strip())
