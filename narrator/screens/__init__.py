"""Each game family's pictures of a seat's view at the terminal.

A screen gives `COMMANDS` (name -> help), `show(command, view, names)`,
`decision(view, names)` (what is to be decided now) and `facts(view, names)` (all the
seat knows, as text for a model's prompt); see `narrator.families.Screen`. It draws only
the view it is handed. Which screen a story has is its family's registry entry.
"""
from __future__ import annotations


def for_story(story):
    from narrator import families

    return families.screen(story)
