"""The game families this narrator plays, by name, and everything it has for each.

A family is its engine declaration (`engine.<family>.FAMILY`: rules, loader, table,
abilities) and the narrator's parts for it: the screen that draws a seat's view, the
thinking bot, the family's part of narration (which card faces a passage may show), and
the card pool's catalogue where players build decks. This table is
the only place that names the families; a new one is one more line in `FAMILIES`.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

import engine.applerulette
import engine.fatima
import engine.fumie
import engine.funnytime
from engine.contract import Family, View
from narrator.faces import Faces
from narrator.screens import Bound
from narrator.bots import applerulette as applerulette_bots
from narrator.bots import fatima as fatima_bots
from narrator.bots import fumie as fumie_bots
from narrator.bots import funnytime as funnytime_bots
from narrator.screens import applerulette as applerulette_screen
from narrator.screens import fatima as fatima_screen
from narrator.screens import fumie as fumie_screen
from narrator.screens import funnytime as funnytime_screen

if TYPE_CHECKING:
    from narrator.library import Story

Names = Mapping[str, str]      # seat -> the name the story gives it


class Screen(Protocol):
    """A family's pictures of a seat's view at the terminal; it draws only the view it
    is handed, for the story it was made for."""

    COMMANDS: dict[str, str]                    # command -> what it shows

    def show(self, command: str, view: Any, names: Names) -> str: ...
    def decision(self, view: Any, names: Names) -> str: ...   # what is to be decided now
    def facts(self, view: Any, names: Names) -> str: ...      # all the seat knows, for a prompt


class Bot(Protocol):
    def choose(self, view: Any) -> str: ...     # an action in its text form


@dataclass(frozen=True)
class Plugin:
    """One family: the engine's declaration and the narrator's parts for it."""

    engine: Family[Any, Any, Any, Any]
    screen: Callable[[Story], Screen]           # the screen for a story of the family
    partner: Callable[[Story, str, int], Bot]   # the thinking bot: (story, seat, seed)
    # The family's part of a passage's context, for a story and the cards its reader
    # knows at the start.
    narration: Callable[[Story, Collection[str]], Faces] = Faces
    # The card pool as text, for families whose players build decks from it.
    catalogue: Callable[[Any], str] | None = None


def _drawing(module: ModuleType) -> Callable[[Story], Screen]:
    return lambda story: Bound(module, story)


FAMILIES: dict[str, Plugin] = {p.engine.name: p for p in (
    Plugin(engine.fumie.FAMILY, _drawing(fumie_screen), fumie_bots.Partner, fumie_screen.Sleeves),
    Plugin(engine.applerulette.FAMILY, _drawing(applerulette_screen), applerulette_bots.Partner),
    Plugin(engine.fatima.FAMILY, _drawing(fatima_screen), fatima_bots.Partner),
    Plugin(engine.funnytime.FAMILY, _drawing(funnytime_screen), funnytime_bots.Partner,
           catalogue=funnytime_screen.catalogue),
)}


def get(name: str) -> Plugin | None:
    return FAMILIES.get(name)


def of(story: Story) -> Plugin:
    return FAMILIES[story.family.name]


def screen(story: Story) -> Screen:
    return of(story).screen(story)


__all__ = ["FAMILIES", "Bot", "Plugin", "Screen", "View", "get", "of", "screen"]
