"""The game families this narrator plays, by name, and everything it has for each.

A family is its engine declaration (`engine.<family>.FAMILY`: rules, loader, table,
abilities) and the narrator's parts for it: the screen that draws a seat's view, the
thinking bot, the family's part of narration (which card faces a passage may show), and
the card pool's catalogue where players build decks. This table is
the only place that names the families; a new one is one more maker in `FAMILIES`.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol

from engine.contract import Family, View
from narrator.faces import Faces
from narrator.screens import Bound

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
    def options(self, view: Any, names: Names) -> list[tuple[str, str]]: ...   # each legal action, what it does


class Bot(Protocol):
    def choose(self, view: Any) -> str: ...     # an action in its text form


@dataclass(frozen=True, eq=False, repr=False)   # a declaration, as engine.contract's
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
    # The partner's answer read from a seat's legal actions alone (their texts, in order),
    # where its rule needs nothing else: the very text `choose` gives for any view with
    # those legal actions, and nothing it remembers moves with it. None when it must see
    # the view. A program choosing for many seats (explore) builds no view for it.
    glance: Callable[[tuple[str, ...]], str | None] | None = None


def _drawing(module: ModuleType) -> Callable[[Story], Screen]:
    return lambda story: Bound(module, story)


# Each family's parts, imported the first time the family is asked for: a game of one
# family does not pay at start-up for the other families' rules, screens and bots.
def _fumie() -> Plugin:
    import engine.fumie
    from narrator.bots import fumie as bots
    from narrator.screens import fumie as screen

    return Plugin(engine.fumie.FAMILY, _drawing(screen), bots.Partner, screen.Sleeves)


def _applerulette() -> Plugin:
    import engine.applerulette
    from narrator.bots import applerulette as bots
    from narrator.screens import applerulette as screen

    return Plugin(engine.applerulette.FAMILY, _drawing(screen), bots.Partner)


def _fatima() -> Plugin:
    import engine.fatima
    from narrator.bots import fatima as bots
    from narrator.screens import fatima as screen

    return Plugin(engine.fatima.FAMILY, _drawing(screen), bots.Partner)


def _funnytime() -> Plugin:
    import engine.funnytime
    from narrator.bots import funnytime as bots
    from narrator.screens import funnytime as screen

    return Plugin(engine.funnytime.FAMILY, _drawing(screen), bots.Partner, catalogue=screen.catalogue,
                  glance=bots.glance)


class Registry(Mapping[str, Plugin]):
    """The families by name (each the name its engine declares), each made on first use."""

    def __init__(self, makers: Mapping[str, Callable[[], Plugin]]) -> None:
        self._makers = dict(makers)
        self._made: dict[str, Plugin] = {}

    def __getitem__(self, name: str) -> Plugin:
        if name not in self._made:
            self._made[name] = self._makers[name]()
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._makers)

    def __len__(self) -> int:
        return len(self._makers)


FAMILIES: Mapping[str, Plugin] = Registry({
    "fumie": _fumie,
    "applerulette": _applerulette,
    "fatima": _fatima,
    "funnytime": _funnytime,
})


def get(name: str) -> Plugin | None:
    return FAMILIES.get(name)


def of(story: Story) -> Plugin:
    return FAMILIES[story.family.name]


def screen(story: Story) -> Screen:
    return of(story).screen(story)


__all__ = ["FAMILIES", "Bot", "Plugin", "Screen", "View", "get", "of", "screen"]
