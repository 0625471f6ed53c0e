"""The content of a Snow White Apple Roulette box: story cards, characters, the rulebook's
tables, and the ending book.

Validated once, at load time, from the plain data of the story files (pydantic); the
result is frozen and shared by every game. Cross-references (a card named in the removal
table, an ending page the engine can send a game to) are checked here, so a typo in a
story file is a clear load error naming the file, the key and the fix.
"""
from __future__ import annotations

from typing import Literal

from engine import endings
from engine.errors import StoryError
from engine.storyfiles import EndingBook, EndingPage, Field, Frozen, model_validator, validated

EPISODE = "tale"
PLAYERS = (4, 5, 6, 7, 8)
NPC_AT = 4                 # the player count that adds an NPC seat
NPC = "npc"

# When a game ends, and what the engine can tell the ending book then (engine.endings):
# the book's pages say which of them each page needs, and which faction wins.
MOMENTS: dict[str, tuple[str, ...]] = {
    "feast": (
        "npc_snow_white_fell",   # 4 players: a card killed the NPC, who was Snow White
        "snow_white_poisoned",   # Snow White ate a poisoned apple at the feast
        "queens_gift",           # ... the one the Queen turned up and handed her
        "snow_white_ringed",     # the Cursed Ring was in her hand when the hands turned up
        "rose_lives",            # Rose is at the table and lived through the feast
        "prince_came_back",      # the Prince ate two poisoned apples and came back
    ),
    "weapon": (),                # a weapon card killed Snow White before the feast
    "stopped": (),               # a player stopped the game
}
FACTIONS = ("snow_white", "queen", "rose")

Faction = Literal["snow_white", "queen", "rose"]
Target = Literal["none", "player", "seat", "seat_with_apple", "two_seats"]
Question = Literal["apples", "mushrooms", "snow_white", "faction"]
TARGET_COUNT = {"none": 0, "player": 1, "seat": 1, "seat_with_apple": 1, "two_seats": 2}

# What each operation needs: how many designated seats, and which fields.
OPERATIONS: dict[str, tuple[int, tuple[str, ...]]] = {
    "ask": (1, ("question",)),          # the engine answers the user, privately, truthfully
    "kill": (1, ()),                    # the designated seat is killed
    "look_apple": (1, ()),              # the user looks at the designated seat's apple(s)
    "take_apple": (1, ()),              # the user takes the designated seat's apple(s)
    "look_character": (1, ()),          # the user looks at the designated seat's character
    "throw_away": (1, ()),              # their hand is discarded; the user's hand goes to them
    "may_exchange_apples": (1, ("prompt",)),   # the user may exchange apples with them
    "swap_apples": (2, ()),             # the two designated seats exchange apples
    "swap_hands": (2, ()),              # the two designated seats exchange hands
}

# Powers of characters that are not steps on a turn.
OPENING = ("see_snow_white", "see_poisoned")     # Green, Black: the Opening Phase
PASSIVE = ("revive_on_two_poisoned", "weapons_any_time")
ENDING = ("queens_apple",)




class Step(Frozen):
    """One operation of an effect; see stories/applerulette/VOCABULARY.md."""

    op: str
    question: Question | None = None
    prompt: str | None = None

    @model_validator(mode="after")
    def _fits_op(self) -> "Step":
        if self.op not in OPERATIONS:
            raise ValueError(f"unknown operation {self.op!r}; known: {', '.join(OPERATIONS)}")
        needs = OPERATIONS[self.op][1]
        for name in ("question", "prompt"):
            given = getattr(self, name) is not None
            if name in needs and not given:
                raise ValueError(f"operation {self.op!r} needs {name!r}")
            if given and name not in needs:
                raise ValueError(f"operation {self.op!r} takes no {name!r}")
        return self


def _check_targets(target: str, steps: list[Step]) -> None:
    want = TARGET_COUNT[target]
    for step in steps:
        n = OPERATIONS[step.op][0]
        if n and n != want:
            raise ValueError(f"operation {step.op!r} needs {n} designated seat(s), but target"
                             f" {target!r} designates {want}; set target to fit")
    if want and not any(OPERATIONS[s.op][0] for s in steps):
        raise ValueError(f"target {target!r} designates seats that no step uses; set target = \"none\"")
    if target == "player" and any(s.op != "ask" for s in steps if OPERATIONS[s.op][0]):
        raise ValueError("target \"player\" (never the NPC) is for questions; use \"seat\" for other effects")


class Card(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    count: int = Field(ge=1, le=12)
    label: str = ""                 # the rulebook's short name ("apple-lover")
    weapon: bool = False
    when: Literal["any", "last_turn", "never"] = "any"
    target: Target = "none"
    effect: list[Step] = []
    at_end: Literal["kill_holder"] | None = None
    text: str
    flavour: str = ""

    @model_validator(mode="after")
    def _fits(self) -> "Card":
        if self.when == "never":
            if self.effect or self.target != "none":
                raise ValueError("a card that can never be used (when = \"never\") has no effect and no target")
        elif not self.effect:
            raise ValueError("a card that can be used needs an `effect`")
        _check_targets(self.target, self.effect)
        if self.weapon and not any(s.op == "kill" for s in self.effect):
            raise ValueError("a weapon card kills: give it a `kill` step")
        return self

    # What the narrator reads of any card (a story card has one face, always known).
    @property
    def sleeve_name(self) -> str:
        return self.name

    @property
    def type(self) -> str:
        return "weapon" if self.weapon else "story"


class Power(Frozen):
    """A character's ability, as the engine carries it out."""

    when: Literal["opening", "turn", "passive", "ending"]
    op: str | None = None          # opening, passive and ending powers: what it is
    target: Target = "none"        # turn powers: whom it designates, and its steps
    effect: list[Step] = []
    once: bool = True

    @model_validator(mode="after")
    def _fits(self) -> "Power":
        allowed = {"opening": OPENING, "passive": PASSIVE, "ending": ENDING, "turn": ()}[self.when]
        if self.when == "turn":
            if self.op is not None or not self.effect:
                raise ValueError("a turn power has `effect` steps (and a `target`), not an `op`")
            _check_targets(self.target, self.effect)
        elif self.op not in allowed or self.effect or self.target != "none":
            raise ValueError(f"a {self.when} power is one `op` of: {', '.join(allowed)}")
        return self


class Character(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    faction: Faction
    role: Literal["snow_white", "queen", "rose"] | None = None
    food: Literal["apple", "mushroom", "none"]
    victory: str
    ability: str
    powers: list[Power] = []
    flavour: str

    def power(self, when: str, op: str | None = None) -> Power | None:
        return next((p for p in self.powers if p.when == when and (op is None or p.op == op)), None)


class Mix(Frozen):
    snow_white: int = Field(ge=1)
    queen: int = Field(ge=1)
    rose: int = Field(0, ge=0)

    def total(self) -> int:
        return self.snow_white + self.queen + self.rose


class Table(Frozen):
    players: list[int] = Field(min_length=1)
    poisoned: int = Field(ge=1)
    mix: list[Mix] = Field(min_length=1, max_length=2)


class Removal(Frozen):
    players: list[int] = Field(min_length=1)
    remove: dict[str, int] = {}


class CardFile(Frozen):
    format_version: int
    card: list[Card] = Field(min_length=1)
    removal: list[Removal] = Field(min_length=1)


class CharacterFile(Frozen):
    format_version: int
    character: list[Character] = Field(min_length=1)
    table: list[Table] = Field(min_length=1)


class Content:
    """A validated box of Snow White Apple Roulette: look cards, characters and pages up by id."""

    def __init__(self, cards: list[Card], characters: list[Character], tables: list[Table],
                 removal: list[Removal], books: dict[str, EndingBook]):
        self.episodes = (EPISODE,)
        self.cards = {c.id: c for c in cards}
        self.characters = {c.id: c for c in characters}
        self.tables = {n: t for t in tables for n in t.players}
        self.removal = {n: dict(r.remove) for r in removal for n in r.players}
        self.books = books
        self.snow_white = next(c.id for c in characters if c.role == "snow_white")
        self.queen = next(c.id for c in characters if c.role == "queen")
        self.rose = next((c.id for c in characters if c.role == "rose"), None)
        # Read once: each character's turn power, and who may use weapons any time.
        self.turn_power = {c.id: c.power("turn") for c in characters}
        self.armed = {c.id for c in characters if c.power("passive", "weapons_any_time") is not None}
        # Each card's first card in content order that plays alike (when it may be used,
        # whether it is a weapon, whom it designates): a hand's actions are the same for
        # every hand of alike cards in the same order, so they are kept by these.
        alike: dict[tuple, str] = {}
        self.plays_as = {c.id: alike.setdefault((c.when, c.weapon, c.target), c.id) for c in cards}
        # Read once, as every new game asks: each faction's characters, and who has a power.
        self._factions = {f: tuple(c.id for c in characters if c.faction == f) for f in FACTIONS}
        self._powers: dict[tuple[str, str], tuple[str, ...]] = {}

    @classmethod
    def from_files(cls, card_file: tuple[str, dict], character_file: tuple[str, dict],
                   book_file: tuple[str, dict]) -> "Content":
        """Build from (file name, parsed TOML) pairs; raises StoryError naming the file."""
        cf = validated(CardFile, card_file[1], card_file[0])
        hf = validated(CharacterFile, character_file[1], character_file[0])
        book = validated(EndingBook, book_file[1], book_file[0])
        _unique(card_file[0], "card", [c.id for c in cf.card])
        _unique(character_file[0], "character", [c.id for c in hf.character])
        _check_characters(character_file[0], hf)
        _check_tables(character_file[0], hf)
        _check_removal(card_file[0], cf, hf)
        _check_book(book_file[0], book)
        return cls(cf.card, hf.character, hf.table, cf.removal, {EPISODE: book})

    # --- the rulebook's tables ---------------------------------------------------------
    def deck(self, players: int) -> list[str]:
        """The story cards in play at this count, in content order (copies repeated)."""
        out: list[str] = []
        remove = self.removal[players]
        for card in self.cards.values():
            out += [card.id] * (card.count - remove.get(card.id, 0))
        return out

    def mixes(self, players: int) -> list[Mix]:
        return list(self.tables[players].mix)

    def poisoned(self, players: int) -> int:
        return self.tables[players].poisoned

    def of_faction(self, faction: str) -> tuple[str, ...]:
        return self._factions[faction]

    def with_power(self, when: str, op: str) -> tuple[str, ...]:
        found = self._powers.get((when, op))
        if found is None:    # a few (when, op) pairs a box: each looked for once
            found = self._powers[when, op] = tuple(c.id for c in self.characters.values()
                                                   if c.power(when, op) is not None)
        return found

    def page(self, episode: str, ending: str) -> EndingPage:
        return next(p for p in self.books[episode].ending if p.id == ending)


def _unique(file: str, what: str, ids: list[str]) -> None:
    seen: set[str] = set()
    for i, x in enumerate(ids):
        if x in seen:
            raise StoryError(file, f"{what}.{i}.id", f"{x!r} is used twice; every {what} needs its own id")
        seen.add(x)


def _check_characters(file: str, hf: CharacterFile) -> None:
    for role in ("snow_white", "queen", "rose"):
        holders = [c for c in hf.character if c.role == role]
        if len(holders) > 1 or (role != "rose" and not holders):
            raise StoryError(file, "character", f"needs exactly one character with role = {role!r}"
                             f" (found {len(holders)})")
        for c in holders:
            if c.faction != role:
                raise StoryError(file, f"character.{c.id}.faction", f"the {role} role belongs to the"
                                 f" {role!r} faction")
    queen = next(c for c in hf.character if c.role == "queen")
    if queen.power("ending", "queens_apple") is None:
        raise StoryError(file, f"character.{queen.id}.powers", "the Queen needs the ending power"
                         " op = \"queens_apple\"")
    for c in hf.character:
        if c.power("ending") is not None and c.role != "queen":
            raise StoryError(file, f"character.{c.id}.powers", "only the Queen acts in the Ending Phase")
        if sum(1 for p in c.powers if p.when == "turn") > 1:
            raise StoryError(file, f"character.{c.id}.powers", "a character has at most one turn power")


def _check_tables(file: str, hf: CharacterFile) -> None:
    counts = [n for t in hf.table for n in t.players]
    for n in PLAYERS:
        if counts.count(n) != 1:
            raise StoryError(file, "table", f"{n} players must appear in exactly one [[table]]"
                             f" (found {counts.count(n)})")
    for n in counts:
        if n not in PLAYERS:
            raise StoryError(file, "table", f"{n} players: the game seats 4 to 8")
    have = {f: sum(1 for c in hf.character if c.faction == f) for f in ("snow_white", "queen", "rose")}
    for i, t in enumerate(hf.table):
        for n in t.players:
            seats = n + (1 if n == NPC_AT else 0)
            if t.poisoned > seats:
                raise StoryError(file, f"table.{i}.poisoned", f"{t.poisoned} poisoned apples for {seats} seats")
            for j, m in enumerate(t.mix):
                if m.total() != seats:
                    raise StoryError(file, f"table.{i}.mix.{j}", f"{m.total()} characters for {seats} seats"
                                     f" ({n} players{' and the NPC' if n == NPC_AT else ''})")
                for f in have:
                    if getattr(m, f) > have[f]:
                        raise StoryError(file, f"table.{i}.mix.{j}.{f}", f"asks for {getattr(m, f)}"
                                         f" characters of the {f} faction; the box has {have[f]}")


def _check_removal(file: str, cf: CardFile, hf: CharacterFile) -> None:
    counts = [n for r in cf.removal for n in r.players]
    cards = {c.id: c for c in cf.card}
    for n in PLAYERS:
        if counts.count(n) != 1:
            raise StoryError(file, "removal", f"{n} players must appear in exactly one [[removal]]"
                             f" (found {counts.count(n)})")
    for i, r in enumerate(cf.removal):
        for cid, k in r.remove.items():
            if cid not in cards:
                raise StoryError(file, f"removal.{i}.remove.{cid}", "is not a card id of this file")
            if not 0 < k <= cards[cid].count:
                raise StoryError(file, f"removal.{i}.remove.{cid}", f"removes {k} of {cards[cid].count} copies")
        for n in r.players:
            deck = sum(c.count for c in cf.card) - sum(r.remove.values())
            seats = n + (1 if n == NPC_AT else 0)
            if deck < seats + 2:
                raise StoryError(file, f"removal.{i}", f"{n} players leave {deck} cards: too few for one"
                                 " set aside, a hand each and a draw pile")


def _check_book(file: str, book: EndingBook) -> None:
    if book.episode != EPISODE:
        raise StoryError(file, "episode", f"is {book.episode!r}; this story's one episode is {EPISODE!r}")
    _unique(file, "ending", [p.id for p in book.ending])
    endings.check(file, book, MOMENTS, FACTIONS)
