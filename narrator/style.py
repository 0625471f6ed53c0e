"""Colour and emphasis at the terminal: a small style sheet over prompt_toolkit's formatted text.

What is printed has a kind — the story's prose, the player's options, a warning, an
error, a heading — and each theme gives each kind its look. Colour is for a terminal
only and never when NO_COLOR is set; `--theme none` (or NARRATOR_THEME) turns it off too.
"""
from __future__ import annotations

import os
from typing import TextIO

KINDS = ("prose", "options", "warning", "error", "heading", "status")

THEMES = {
    "dark": {
        "prose": "#e8e2d0",
        "options": "#87cefa",
        "number": "#ffd75f bold",
        "warning": "#ffaf5f",
        "error": "#ff5f5f bold",
        "heading": "bold underline",
        "status": "#9e9e9e italic",
        "bottom-toolbar": "bg:#303030 #d0d0d0 noreverse",
    },
    "light": {
        "prose": "#202020",
        "options": "#005f87",
        "number": "#875f00 bold",
        "warning": "#af5f00",
        "error": "#af0000 bold",
        "heading": "bold underline",
        "status": "#585858 italic",
        "bottom-toolbar": "bg:#e4e4e4 #303030 noreverse",
    },
}
THEME_NAMES = (*THEMES, "none")


def theme_name(asked: str | None) -> str:
    """The theme asked for on the command line, else NARRATOR_THEME, else dark."""
    name = (asked or os.environ.get("NARRATOR_THEME") or "dark").lower()
    if name not in THEME_NAMES:
        raise ValueError(f"there is no theme {name!r}; the themes are {', '.join(THEME_NAMES)}"
                         " (--theme or NARRATOR_THEME)")
    return name


def wants_colour(stream: TextIO, theme: str) -> bool:
    if theme == "none" or os.environ.get("NO_COLOR"):
        return False
    inner = getattr(stream, "inner", stream)
    try:
        return bool(inner.isatty())
    except (AttributeError, ValueError):
        return False


class Painter:
    """Writes text of a kind in the theme's colours to a terminal."""

    def __init__(self, stream: TextIO, theme: str):
        from prompt_toolkit.output import create_output
        from prompt_toolkit.styles import Style, default_pygments_style, default_ui_style, merge_styles

        self.stream = getattr(stream, "inner", stream)
        self.style = Style.from_dict(THEMES[theme])
        self.output = create_output(stdout=self.stream)
        # The theme over prompt_toolkit's own styles, merged once: print_formatted_text
        # merges them again at every call, reading their 1,500 rules each time.
        self.merged = merge_styles([default_ui_style(), default_pygments_style(), self.style])

    def write(self, text: str, kind: str) -> None:
        from prompt_toolkit.application.current import get_app_or_none
        from prompt_toolkit.formatted_text import FormattedText

        pieces = FormattedText([*_pieces(text, kind), ("", "\n")])
        if get_app_or_none() is not None:
            # A prompt is up (a remote player's move told at the host): printed above it.
            from prompt_toolkit import print_formatted_text

            print_formatted_text(pieces, style=self.style, output=self.output, end="")
            return
        from prompt_toolkit.renderer import print_formatted_text as draw

        draw(self.output, pieces, self.merged)


def _pieces(text: str, kind: str) -> list[tuple[str, str]]:
    """A menu's numbers stand out from its options; everything else is one piece."""
    if kind != "options":
        return [(f"class:{kind}", text)]
    out: list[tuple[str, str]] = []
    for line in text.split("\n"):
        head, dot, rest = line.partition(". ")
        if dot and head.strip().isdecimal():
            out += [("class:number", head + dot), ("class:options", rest + "\n")]
        else:
            out.append(("class:options", line + "\n"))
    if out:
        style, last = out[-1]
        out[-1] = (style, last[:-1])
    return out
