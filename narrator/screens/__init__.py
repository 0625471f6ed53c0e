"""Each game family's pictures of a seat's view at the terminal.

A screen module gives `COMMANDS` (name -> help), `show(command, view, names)`,
`does(view, names, action)` (what a legal action will do, in the player's words),
`decision(view, names)` (what is to be decided now) and `facts(view, names)` (all the
seat knows, as text for a model's prompt). It draws only the view it is handed, and the
story it is handed: `for_story` binds a family's screen module to one story, and a
module that prints the story's card texts reads them from `drawing()`, so a second
story of the same family shows its own cards.
"""
from __future__ import annotations

from contextvars import ContextVar
from types import ModuleType
from typing import Any, Callable, Mapping

_drawing: ContextVar[Any] = ContextVar("drawing")


def drawing() -> Any:
    """The story being drawn now (inside a bound screen's call)."""
    return _drawing.get()


def previously() -> str:
    """The story's own words opening a recap ("Previously, at the feast:")."""
    from narrator import voice

    return voice.previously(getattr(drawing(), "voice", {}) or {})


class Bound:
    """A family's screen module drawing one story."""

    def __init__(self, module: ModuleType, story: Any):
        self.module, self.story = module, story
        self.COMMANDS: dict[str, str] = module.COMMANDS

    def _draw(self, picture: Callable[..., str], *args: Any) -> str:
        token = _drawing.set(self.story)
        try:
            return picture(*args)
        finally:
            _drawing.reset(token)

    def __getattr__(self, name: str) -> Any:
        # The screen's other pictures and facts (options, status, recap, OWN_CHOICES).
        found = getattr(self.module, name)
        if callable(found):
            return lambda *args: self._draw(found, *args)
        return found

    def show(self, command: str, view: Any, names: Mapping[str, str]) -> str:
        return self._draw(self.module.show, command, view, names)

    def decision(self, view: Any, names: Mapping[str, str]) -> str:
        return self._draw(self.module.decision, view, names)

    def facts(self, view: Any, names: Mapping[str, str]) -> str:
        return self._draw(self.module.facts, view, names)

    def options(self, view: Any, names: Mapping[str, str]) -> list[tuple[str, str]]:
        """The legal actions in order, each with what it will do (the module's `does`)."""
        return [(a, self._draw(self.module.does, view, names, a)) for a in view.legal]


def for_story(story: Any) -> Bound:
    """The screen of the story's family, drawing that story."""
    from narrator import families

    return families.screen(story)
