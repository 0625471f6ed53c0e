"""Prose and pages on a terminal: wrapped paragraphs and an ending's page.

What a seat's view looks like is each family's own business: narrator/screens/.
"""
from __future__ import annotations

import textwrap


def page(title: str, text: str, width: int = 78) -> str:
    body = "\n\n".join(_fill(par, width) for par in text.strip().split("\n\n"))
    rule = "─" * min(width, max(len(title) + 4, 20))
    return f"{rule}\n  {title}\n{rule}\n\n{body}\n"


def prose(text: str, width: int = 78) -> str:
    return "\n\n".join(_fill(p, width) for p in text.split("\n\n") if p.strip())


def _fill(paragraph: str, width: int) -> str:
    # Hyphenated words ("eight-fifteen") stay whole on one line.
    return textwrap.fill(" ".join(paragraph.split()), width, break_on_hyphens=False)
