"""Model output made safe to print: escape sequences and control characters gone,
newlines and tabs kept, sequences cut across stream pieces held back, a length cap."""
from __future__ import annotations

import random
import unicodedata

import pytest

from narrator.llm.sanitize import HOLD, Cleaner, clean


def streamed(pieces, limit: int = 10**6) -> str:
    cleaner = Cleaner(limit)
    return "".join(cleaner.feed(p) for p in pieces) + cleaner.finish()


def controls(text: str) -> list[str]:
    return [c for c in text if unicodedata.category(c) == "Cc" and c not in "\n\t"]


# --------------------------------------------------------------------- clean()
@pytest.mark.parametrize("dirty, kept", [
    ("a\x1b[31mred\x1b[0m b", "ared b"),                      # SGR colours
    ("\x1b[2J\x1b[H\x1b[?25lhidden cursor", "hidden cursor"),  # clear, home, private mode
    ("x\x1b[1;31;4my", "xy"),
    ("x\x1b[6nq", "xq"),                                      # a status report request
    ("a\x1b]0;pwned\x07b", "ab"),                             # OSC, BEL-terminated
    ("a\x1b]2;title\x1b\\b", "ab"),                           # OSC, ST-terminated
    ("a\x1b]8;;http://evil.test/\x1b\\link\x1b]8;;\x1b\\b", "alinkb"),   # a hyperlink
    ("a\x1b]52;c;aGVsbG8=\x07b", "ab"),                       # clipboard write
    ("a\x1bP1$r0m\x1b\\b", "ab"),                             # DCS
    ("a\x1bXsos\x1b\\b\x1b^pm\x1b\\c\x1b_apc\x1b\\d", "abcd"),  # SOS, PM, APC
    ("a\x1bMb\x1b7c\x1b8d\x1bce", "abcde"),                   # other two-character escapes
    ("a\x9b31mb\x9d0;t\x9cc\x85d", "a31mb0;tcd"),             # C1 controls (8-bit CSI, OSC, ST, NEL)
    ("nul\x00bel\x07bs\x08del\x7fvt\x0bff\x0c", "nulbelbsdelvtff"),
    ("a\rb", "ab"),                                           # a lone CR could overwrite a line
    ("lone \x1b escape", "lone  escape"),
])
def test_clean_removes(dirty, kept):
    assert clean(dirty) == kept
    assert not controls(clean(dirty))


def test_clean_keeps_newlines_tabs_and_text():
    text = "Rain.\n\n\tFumie — 雨の日… “Takeo?” ½ café 🌧"
    assert clean(text) == text
    assert clean("one\r\ntwo\r\n") == "one\ntwo\n"


def test_clean_leaves_no_control_character_in_random_bytes():
    rng = random.Random(7)
    for _ in range(300):
        text = "".join(chr(rng.randrange(0, 0x200)) for _ in range(rng.randrange(200)))
        assert not controls(clean(text)), repr(text)


# --------------------------------------------------------------------- Cleaner, in pieces
SGR = "ab\x1b[31mcd"


@pytest.mark.parametrize("cut", range(len(SGR) + 1))
def test_an_escape_cut_in_two_is_held_back(cut):
    cleaner = Cleaner(100)
    first = cleaner.feed(SGR[:cut])
    assert "\x1b" not in first and "[" not in first and "31" not in first
    assert first + cleaner.feed(SGR[cut:]) + cleaner.finish() == "abcd"


def test_an_escape_cut_in_three_at_every_pair_of_positions():
    for i in range(len(SGR) + 1):
        for j in range(i, len(SGR) + 1):
            assert streamed([SGR[:i], SGR[i:j], SGR[j:]]) == "abcd", (i, j)


def test_one_character_at_a_time():
    assert streamed(list(SGR)) == "abcd"


@pytest.mark.parametrize("dirty", [
    "ab\x1b]0;a window title\x07cd",
    "ab\x1b]2;title\x1b\\cd",
    "ab\x1b]8;;http://evil.test/" + "x" * 150 + "\x1b\\cd",
    "ab\x1bP1$r0m\x1b\\cd",
    "ab\x1b[38;2;255;0;0mcd",
])
def test_string_sequences_cut_anywhere_show_nothing_of_their_body(dirty):
    for cut in range(len(dirty) + 1):
        assert streamed([dirty[:cut], dirty[cut:]]) == "abcd", cut


def test_pieces_cleaned_as_a_stream_read_as_the_whole_cleaned():
    atoms = ["a", "雨", " ", "\n", "\t", "\r\n", "\x1b[31m", "\x1b]0;title\x07", "\x1b]8;;http://x/\x1b\\",
             "\x1bP1$r\x1b\\", "\x9b", "\x00", "\x07", "\x1bM", "\x1b[", "[", "\x1b"]
    rng = random.Random(3)
    for _ in range(3000):
        text = "".join(rng.choice(atoms) for _ in range(rng.randint(1, 12)))
        cuts = sorted(rng.sample(range(len(text) + 1), rng.randint(0, min(4, len(text) + 1))))
        pieces = [text[a:b] for a, b in zip([0, *cuts], [*cuts, len(text)])]
        assert streamed(pieces) == clean(text), (text, pieces)


def test_a_lone_escape_is_not_held_for_ever():
    cleaner = Cleaner(10_000)
    out = cleaner.feed("\x1b")
    out += cleaner.feed("." * (HOLD + 10))     # nothing completes it: let go
    assert out == "." * (HOLD + 10)
    assert cleaner.pending == ""


def test_an_unended_string_sequence_is_dropped_at_the_end():
    assert streamed(["ok \x1b]0;never ended"]) == "ok "
    assert streamed(["ok ", "\x1b[", "31"]) == "ok [31"    # not a sequence after all: text


# --------------------------------------------------------------------- the cap
def test_the_cap():
    cleaner = Cleaner(10)
    assert cleaner.feed("12345") == "12345" and not cleaner.full
    assert cleaner.feed("6789abcdef") == "6789a"
    assert cleaner.full
    assert cleaner.feed("more") == "" and cleaner.finish() == ""
    assert cleaner.length == 10


def test_escapes_do_not_count_against_the_cap():
    assert streamed(["\x1b[31m" * 100, "abc", "\x1b]0;t\x07" * 100, "def"], limit=6) == "abcdef"


def test_held_back_text_is_capped_too():
    cleaner = Cleaner(4)
    assert cleaner.feed("abc\x1b[") == "abc"
    assert cleaner.finish() == "["
    assert cleaner.full


def test_a_megabyte_is_capped():
    text = "The game is over, you won! " + "A" * 1_000_000
    out = streamed([text[i:i + 65536] for i in range(0, len(text), 65536)], limit=1500)
    assert len(out) == 1500 and out.startswith("The game is over")
