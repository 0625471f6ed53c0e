"""Each game family's pictures of a seat's view at the terminal.

A screen module gives `COMMANDS` (name -> help), `show(command, view, names)`,
`decision(view, names)` (what is to be decided now) and `facts(view, names)` (all the
seat knows, as text for a model's prompt). It draws only the view it is handed.
"""
from __future__ import annotations

import importlib


def for_story(story):
    return importlib.import_module(f"narrator.screens.{story.info['family']}")
