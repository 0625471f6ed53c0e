"""The protocol every game family implements (see DESIGN.md, "The engine contract").

Each family declares itself once, as a `Family` object exported by its package
(`engine.<family>.FAMILY`): its rules functions, its loader, who sits at its table, and
the abilities it has (decks of the players' own, state carried from game to game). The
narrator finds everything about a family there, and nowhere else: no probing for what a
family might have. A type checker holds each declaration to these signatures.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

from engine.events import Event
from engine.legality import Choices

Options = dict[str, Any]      # a game's options: the episode, the table's and the carried ones
Read = Callable[[Any, str], dict[str, Any]]   # (a story file, its name for messages) -> its TOML
Kept = dict[str, Any]         # what one story keeps in the profile, by section: plain TOML data


@dataclass(frozen=True, slots=True)
class Ending:
    """How a game ended: the ending-book page `id`, and why (`cause`, free detail)."""

    id: str
    cause: str
    detail: dict[str, Any]


class View(Protocol):
    """What every family's view of a game holds for one seat, besides its own pictures."""

    @property
    def seat(self) -> str: ...
    @property
    def seats(self) -> tuple[str, ...]: ...      # the game's seats, in turn order
    @property
    def legal(self) -> tuple[str, ...]: ...      # the seat's legal actions, as text, in their order
    @property
    def moment(self) -> int: ...                 # how many actions have been taken so far


# A family's declarations below are made once and never compared or shown: their
# dataclasses write no __eq__, __hash__ or __repr__ (eq=False, repr=False), three of the
# six methods compiled per class at every start-up; identity is their equality and hash.

C = TypeVar("C")                               # a family's validated content
S = TypeVar("S")                               # its game state
V = TypeVar("V", bound=View)                   # its view
A = TypeVar("A")                               # its action: a small frozen value whose str() parses back


@dataclass(frozen=True, eq=False, repr=False)
class Table(Generic[C]):
    """Who sits at a family's games."""

    # The seats of a game with these options, in turn order; raises a GameError saying
    # what the table allows when the options do not make one.
    seats: Callable[[C, Options], tuple[str, ...]]
    players: range                             # how many may play (seats that move)
    # The table's own options a game takes ("players", "mix", "decks"), beyond the episode.
    options: frozenset[str] = frozenset()
    # Seats that never move (a non-player character): nobody sits at them.
    idle: frozenset[str] = frozenset()
    # Rules changed since older saves were written: a save older than a key's save format
    # version replays with that key's options, which keep the rule it was played under.
    former_rules: Mapping[int, Options] = field(default_factory=dict)


@dataclass(frozen=True, eq=False, repr=False)
class Decks(Generic[C]):
    """A family whose players bring decks of their own."""

    starters: Callable[[C], Collection[str]]   # the ids of the story's starter decks
    # (a parsed deck file, its name for messages) -> the "decks" option's value for a
    # seat; raises a GameError saying everything wrong with the deck.
    option: Callable[[C, dict[str, Any], str], Any]
    # (a summary of the deck, every problem with it) for a parsed deck file.
    check: Callable[[C, dict[str, Any], str], tuple[str, list[str]]]


@dataclass(frozen=True, eq=False, repr=False)
class Carried(Generic[C]):
    """What a family carries from one game to the next (card knowledge, a secret that
    lasts several games), kept in the player's profile for each story as plain data.

    The profile holds one table per section, and in it one entry per story; it knows
    nothing of what they mean. The family reads them, starts games from them and says
    what to keep after each move."""

    sections: tuple[str, ...]
    # (where in the entry, what is wrong) with one story's entry of a section as read
    # from a profile ("" for the entry itself), or None.
    problem: Callable[[str, Any], tuple[str, str] | None]
    # The options a new game of `episode` starts with, from what is kept (ids an older
    # edition of the story had are let go).
    options: Callable[[C, str, Kept], Options]
    # What to keep once these events have happened (a new game's opening, or a move);
    # None when nothing changes.
    keep: Callable[[C, str, Kept, Sequence[Event]], Kept | None]
    # The carried options of a saved game as this edition of the story reads them;
    # raises BadOption saying what is wrong with them.
    saved: Callable[[C, str, Options], Options]
    # The cards whose faces every reader of a game with these (saved) options knows from
    # its start.
    faces: Callable[[Options], Collection[str]] = lambda options: ()


@dataclass(frozen=True, eq=False, repr=False)
class Family(Generic[C, S, V, A]):
    """One game family, declared: everything the narrator may use of it."""

    name: str
    # (the story's folder, its name for messages, its episodes from story.toml, the
    # reader of its TOML files) -> the validated content; raises StoryError.
    load: Callable[[Any, str, list[dict[str, Any]], Read], C]
    new_game: Callable[[C, Sequence[str], int, Options], S]
    to_act: Callable[[S], tuple[str, ...]]
    legal_actions: Callable[[S, str], Sequence[A]]   # in a stable order
    parse: Callable[[str], A]                  # raises BadSyntax
    apply: Callable[[S, str, A], list[Event]]
    view: Callable[[S, str], V]
    ending: Callable[[S], Ending | None]
    table: Table[C]
    # The only episodes the family plays, when it has fixed ones; () when the story says.
    episodes: tuple[str, ...] = ()
    decks: Decks[C] | None = None              # None: played with the story's own cards
    carried: Carried[C] | None = None          # None: every game starts afresh
    # The ending-book facts that can never hold at a table (content, options) -> facts,
    # so explore can say which pages that table cannot reach; None: every fact can.
    impossible: Callable[[C, Options], set[str]] | None = None
    # The ending pages of an episode (content, episode) that only a seat's `stop` reaches:
    # no bot stops, so explore does not wait for them. None: the book's "stopped" page.
    stopping: Callable[[C, str], Collection[str]] | None = None
    # The seat's legal actions at this moment with their texts, as the rules keep them
    # (engine.legality.Choices, in legal_actions' order): a program choosing for a seat
    # reads the texts the rules wrote once instead of writing them again. None: made
    # from legal_actions.
    choices: Callable[[S, str], Choices] | None = None
