"""Text from outside the program, made safe to show at the terminal.

Saves on disk, a language model's replies and errors, a server's model names, a network
peer's messages and whatever is piped into standard input may all carry bytes that act
on the terminal instead of reading as text: escape sequences that retitle the window or
clear the screen, control characters, bidirectional overrides (U+202E and its kin) that
make a line read other than it is, and invisible format characters. `clean` keeps
printable text, tabs and line breaks, and nothing else.

It also keeps such text from forging the game's own prompt (`Name> up`): a `>` from
outside is shown as `›`, so no line it writes can be taken for one the program wrote.
"""
from __future__ import annotations

import re

# CSI (ESC [ ... final), OSC (ESC ] ... BEL or ST), DCS/SOS/PM/APC strings, other
# two-character escapes, and the C1 control range.
ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"
    r"|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?"
    r"|\x1b[PX^_][^\x1b]*(?:\x1b\\)?"
    r"|\x1b[0-Z\\-~]"
    r"|[\x80-\x9f]"
)
# Every format character (Unicode category Cf: bidi embeddings, overrides and isolates,
# marks, zero-width spaces, the byte-order mark...) but the two joiners that emoji and
# some scripts need; every control but tab and newline. A test checks the list against
# the running Python's Unicode tables.
HIDDEN = ("\u00ad\u0600-\u0605\u061c\u06dd\u070f\u0890-\u0891\u08e2\u180e\u200b\u200e-\u200f"
          "\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff\ufff9-\ufffb\U000110bd\U000110cd"
          "\U00013430-\U00013438\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001"
          "\U000e0020-\U000e007f")
_STRIP = re.compile("[\x00-\x08\x0b-\x1f\x7f" + HIDDEN + "]")
_SURROGATES = re.compile("[\ud800-\udfff]")
PROMPT_MARK = "›"


def clean(text: str, one_line: bool = False, marks: bool = True) -> str:
    """`text` with nothing in it that acts on the terminal or looks like the prompt;
    `one_line` also turns line breaks into spaces (for a name or a model id). With
    `marks=False` a `>` stays, for a check that reads the text before it is shown (which
    then shows it through `unprompt`)."""
    text = text.replace("\r\n", "\n").replace("\u2028", "\n").replace("\u2029", "\n\n")
    text = _SURROGATES.sub("\ufffd", _STRIP.sub("", ESCAPES.sub("", text)))
    if marks:
        text = unprompt(text)
    return " ".join(text.split()) if one_line else text


def unprompt(text: str) -> str:
    """Text that is otherwise clean, unable to pass for the prompt (`Name> up`)."""
    return text.replace(">", PROMPT_MARK)


def brief(text: str, limit: int = 60) -> str:
    """A cleaned, one-line and short form of `text`, for quoting what someone typed."""
    text = clean(text, one_line=True)
    return text if len(text) <= limit else text[: limit - 1] + "…"
