"""Deck construction: what makes a FunnyTime deck legal, and what is wrong with one.

The rulebook's construction rules, each checked on its own so that a deck with several
faults hears about all of them:

- 60 to 62 cards;
- at most 4 copies of a Koma card and 2 of a Make card, by name;
- the Koma cards' icons total at least 50;
- 20 to 35 Make cards.
"""
from __future__ import annotations

from dataclasses import dataclass

from engine.storyfiles import FORMAT_VERSION, Field, Frozen, Invalid, check

from engine.errors import BadOption

DECK_MIN, DECK_MAX = 60, 62
KOMA_COPIES, MAKE_COPIES = 4, 2
ICONS_MIN = 50
MAKE_MIN, MAKE_MAX = 20, 35


class DeckError(BadOption):
    """A deck that cannot be played; `problems` says every thing wrong with it."""

    def __init__(self, source: str, problems: list[str]):
        super().__init__(f"{source} is not a legal deck: " + "; ".join(problems))
        self.source, self.problems = source, problems


class DeckFile(Frozen):
    """A deck as written in a file: a name and, per card id, how many copies."""

    format_version: int
    story: str = "funnytime"
    id: str = Field("", pattern=r"^([a-z][a-z0-9_]*)?$")
    name: str = "A deck of my own"
    about: str = ""
    cards: dict[str, int]


@dataclass(frozen=True)
class Deck:
    id: str
    name: str
    about: str
    counts: tuple[tuple[str, int], ...]      # (card id, copies), in the file's order

    def cards(self) -> list[str]:
        """Every card of the deck, one entry per copy."""
        return [c for c, n in self.counts for _ in range(n)]

    def to_option(self) -> dict:
        """The deck as a game option (plain data, kept in a save)."""
        return {"name": self.name, "cards": dict(self.counts)}

    @classmethod
    def read(cls, data: dict, file: str, content) -> tuple["Deck | None", list[str]]:
        """A deck from a parsed deck file, with every problem found (empty when legal)."""
        if data.get("format_version") != FORMAT_VERSION:
            return None, [f"format_version is {data.get('format_version')!r}; a deck file says"
                          f" format_version = {FORMAT_VERSION}"]
        try:
            model = check(DeckFile, data)
        except Invalid as err:
            out = []
            for e in err.errors():
                key = ".".join(str(p) for p in e["loc"])
                out.append(f"`{key}`: {e['msg']}" + (" (a count is a whole number, like alarm = 4)"
                                                      if key.startswith("cards.") else ""))
            return None, out
        if model.story != "funnytime":
            return None, [f"this deck is for the story {model.story!r}, not funnytime"]
        deck = cls(model.id, model.name, model.about, tuple(model.cards.items()))
        return deck, problems(content, dict(model.cards))

    @classmethod
    def from_option(cls, value, content, seat: str) -> "Deck":
        """A deck given as a game option: a starter deck's id, or {name, cards}."""
        if isinstance(value, str):
            if value not in content.decks:
                raise DeckError(f"the deck {value!r}", [f"there is no starter deck {value!r}; the starter"
                                                        f" decks are: {', '.join(content.decks)}"])
            return content.decks[value]
        if not isinstance(value, dict) or not isinstance(value.get("cards"), dict):
            raise DeckError(f"{seat}'s deck", ["a deck option is a starter deck's id or a table with `cards`"])
        counts = value["cards"]
        found = problems(content, counts)
        if found:
            raise DeckError(f"{seat}'s deck", found)
        return cls("", str(value.get("name", "A deck of my own")), "", tuple(counts.items()))


def problems(content, counts: dict) -> list[str]:
    """Everything that keeps these counts (card id -> copies) from being a legal deck."""
    out: list[str] = []
    good: dict[str, int] = {}
    for card, n in counts.items():
        if card not in content.cards:
            out.append(f"{card!r} is not a card of the FunnyTime pool (`narrator cards funnytime` lists them)")
        elif not isinstance(n, int) or isinstance(n, bool) or n < 1:
            out.append(f"{card} = {n!r}: give a number of copies from 1")
        else:
            good[card] = n
    total = sum(good.values())
    if not DECK_MIN <= total <= DECK_MAX:
        fix = f"add {DECK_MIN - total}" if total < DECK_MIN else f"take out {total - DECK_MAX}"
        out.append(f"the deck has {total} cards; a deck has {DECK_MIN} to {DECK_MAX} ({fix} or more)")
    for card, n in good.items():
        c = content.cards[card]
        limit = KOMA_COPIES if c.kind == "koma" else MAKE_COPIES
        if n > limit:
            out.append(f"{n} copies of {c.name!r} ({card}); at most {limit} of a"
                       f" {'Koma' if c.kind == 'koma' else 'Make'} card")
    icons = sum(content.cards[c].cost * n for c, n in good.items() if content.cards[c].kind == "koma")
    if icons < ICONS_MIN:
        out.append(f"the Koma cards' icons total {icons}; they must total at least {ICONS_MIN}"
                   " (add Koma cards, or swap in ones with more icons)")
    makes = sum(n for c, n in good.items() if content.cards[c].kind == "make")
    if not MAKE_MIN <= makes <= MAKE_MAX:
        out.append(f"the deck has {makes} Make cards; it needs {MAKE_MIN} to {MAKE_MAX}")
    return out


def summary(content, deck: Deck) -> str:
    cards = deck.cards()
    koma = [c for c in cards if content.cards[c].kind == "koma"]
    icons = sum(content.cards[c].cost for c in koma)
    return (f"{len(cards)} cards: {len(koma)} Koma with {icons} icons, {len(cards) - len(koma)} Make")


def check_file(content, data: dict, source: str) -> tuple[str, list[str]]:
    """(a summary of the deck, every problem with it) for a parsed deck file."""
    deck, found = Deck.read(data, source, content)
    if deck is None or found:
        return "", found
    return summary(content, deck), []


def option_from_file(content, data: dict, source: str) -> dict:
    """A deck file as a game option; raises DeckError saying everything wrong with it."""
    deck, found = Deck.read(data, source, content)
    if deck is None or found:
        raise DeckError(source, found)
    return deck.to_option()
