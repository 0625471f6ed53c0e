"""The one place where an action is found legal or not, for every family."""
from __future__ import annotations

from functools import lru_cache
from itertools import repeat
from operator import is_
from typing import Any, Callable, Iterator, Mapping, Sequence

from engine.errors import GameOver, IllegalAction, NotYourTurn


class Choices:
    """A seat's legal actions at one moment, in the engine's order, with their texts:
    made once per moment and shared by the seat's view, its bot and `check`."""

    __slots__ = ("actions", "_texts")

    def __init__(self, actions: Sequence[Any], texts: tuple[str, ...] | None = None):
        # `texts`, when a family has them already (kept beside actions it offers again and
        # again), must be the actions' own str(), in their order.
        self.actions = tuple(actions)
        self._texts = texts

    @property
    def texts(self) -> tuple[str, ...]:
        """The actions' texts, written the first time they are asked for (a rules loop
        that never shows them never writes them)."""
        if self._texts is None:
            self._texts = tuple(map(str, self.actions))
        return self._texts

    def texts_of(self, options: Sequence[Any]) -> tuple[str, ...]:
        """The texts of a pending decision's `options`: read from these choices when they
        are the very actions the choices begin with (as a decision's are), else written."""
        n = len(options)
        if len(self.actions) >= n and all(map(is_, self.actions, options)):
            return self.texts[:n]
        return tuple(map(str, options))

    def by_verb(self) -> tuple[tuple[str, ...], Mapping[str, Sequence[str]]]:
        """The texts but `stop`, by verb (`texts_by_verb`). A family whose choices can group
        their actions without writing them all gives its own: a random player reads
        the verbs, their sizes and one text."""
        return texts_by_verb(self.texts)

    def taken(self, text: str) -> Any:
        """The action of `text`, one of these texts: the very value offered (so the
        rules' check finds it without comparing any); None for a text not among them."""
        # (a text taken was most often read from these texts: their slot, not the property)
        texts = self._texts if self._texts is not None else self.texts
        try:
            return self.actions[texts.index(text)]
        except ValueError:
            return None

    def __contains__(self, action: object) -> bool:
        # A scan: the lists are short, and hashing every action costs more than comparing.
        # The answer is most often one of these very values (a rules loop picks among
        # them, a family that keeps one value per action parses a text back to it), so
        # look for it by identity first: that compares nothing it passes on the way.
        return any(map(is_, self.actions, repeat(action))) or action in self.actions

    def __iter__(self) -> Iterator[Any]:
        return iter(self.actions)

    def __len__(self) -> int:
        return len(self.actions)


@lru_cache(maxsize=512)
def texts_by_verb(legal: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, tuple[str, ...]]]:
    """The verbs of the legal actions but `stop` (a text's first word), sorted, and each
    verb's actions in the engine's order: the same few lists of choices come up game
    after game (a small bound, so memory stays flat; the key is the legal actions'
    texts, nothing more)."""
    grouped: dict[str, list[str]] = {}
    # One pass, each text cut once at its first space. Long lists seldom come again
    # (a story with many targets and cards: half its random players' lists are new), so
    # this runs often.
    for a in legal:
        if a != "stop":
            verb = a.partition(" ")[0]
            group = grouped.get(verb)
            if group is None:
                grouped[verb] = [a]
            else:
                group.append(a)
    verbs = tuple(sorted(grouped))
    return verbs, {v: tuple(grouped[v]) for v in verbs}


class Offers:
    """A pending decision's choices (its options, then stopping), by the identity of its
    options: a family that offers the same few tuples of options again and again (made
    once for the box, or kept in a bounded cache) makes their choices, and their texts,
    once. Each entry holds its options, so no other live tuple has their id, and a hit is
    checked to be the very one; bounded (emptied when full)."""

    __slots__ = ("stop", "bound", "_kept")

    def __init__(self, stop: Any, bound: int = 512):
        self.stop, self.bound = stop, bound
        self._kept: dict[int, tuple[tuple[Any, ...], Choices]] = {}

    def __call__(self, options: tuple[Any, ...]) -> Choices:
        kept = self._kept.get(id(options))
        if kept is not None and kept[0] is options:
            return kept[1]
        if len(self._kept) >= self.bound:
            self._kept.clear()
        made = Choices((*options, self.stop))
        self._kept[id(options)] = (options, made)
        return made


def choices(state: Any, seat: str, make: Callable[[Any, str], Sequence[Any] | Choices]) -> Choices:
    """`make(state, seat)` made once per moment and kept in the state's `legal_cache`.
    `make` may return Choices it made itself (a family that keeps the choices of a
    position it has seen before, to share them between moments and games).

    A state changes only through `apply`, which counts its moves and ends by adding the
    move's events to the log, so (moves, events, seat) names the moment; a state edited
    by hand must `forget()` its caches."""
    cached = state.legal_cache
    if cached is not None and cached[0] == state.moves and cached[1] == len(state.log) \
            and cached[2] == seat:
        found: Choices = cached[3]
        return found
    made = make(state, seat)
    if not isinstance(made, Choices):
        made = Choices(made)
    state.legal_cache = (state.moves, len(state.log), seat, made)
    return made


def check(state: Any, seat: str, action: object, *, over: bool,
          to_act: Callable[[Any], Sequence[str]],
          legal_actions: Callable[[Any, str], Sequence[object] | Choices]) -> None:
    """Raise the domain error a player's mistake deserves; return if the action is legal."""
    if over:
        raise GameOver("The game is over; start a new one to play again.")
    acting: Sequence[str] = to_act(state)
    if seat not in acting:
        raise NotYourTurn(f"It is {' or '.join(acting) or 'nobody'}'s move, not {seat}'s.")
    legal = legal_actions(state, seat)
    if action not in legal:
        raise IllegalAction(f"{str(action)!r} is not possible now.", legal=tuple(map(str, legal)))
