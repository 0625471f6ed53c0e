"""The content of a Fatima Unveiling Game box: kings, persons, Fatima, events, actions.

Validated once, at load time, from the plain data of the story files (pydantic); the
result is frozen and shared by every game. Cross-references (a Fatima named in another's
rule, a king named by a Fatima) are checked here too, and so is the size of the deck at
every table from 2 to 8, so a typo or a thin box is a clear load error naming the file,
the key and the fix. The vocabulary is documented in stories/fatima/VOCABULARY.md.
"""
from __future__ import annotations

import re
from typing import Literal

from engine import endings
from engine.action import is_number
from engine.errors import StoryError
from engine.storyfiles import EndingBook, EndingPage, Field, Frozen, field_validator, model_validator, validated

PLAYERS = range(2, 9)
DEFAULT_PLAYERS = 5
HAND = 7                 # cards dealt to each nation
MIN_DRAWS = 2            # every nation must get at least this many draws after the deal
# When a game ends, and what the engine can tell the ending book then (engine.endings).
# Who wins is the rulebook's: the most Fatima points, a tie broken by the most Fatima.
MOMENTS: dict[str, tuple[str, ...]] = {
    "count": (
        "tie",            # two or more nations share the most Fatima points
        "shared",         # ... and hold as many Fatima: the tie stands
        "late_snatch",    # the winner was not leading when the final round began, and took a Fatima in it
        "kings_fall",     # the winner humbled a king and still holds two of the Fatima his court lost
        "landslide",      # the winner's points are at least twice the runner-up's, and six more
        "by_sword",       # the winner took a Fatima in combat this season
    ),
    "stopped": (),        # a player stopped the game before the count
}

Side = Literal["attack", "defend", "any"]




# --- combat power ---------------------------------------------------------------------

_POWER = re.compile(r"^(?:(?P<dice>[1-9])/(?P<target>[1-6])|\((?P<power>[0-9]{1,2})\)|\((?P<commoner>[-−])\))$")


class Power(Frozen):
    """A card's combat power as printed: `3/4` (dice/target), `(7)` (diver power), `(-)`."""

    mode: Literal["dice", "diver", "commoner"]
    dice: int = 0
    target: int = 0
    power: int = 0
    printed: str

    @staticmethod
    def read(text: str) -> "Power":
        m = _POWER.match(text.strip())
        if m is None:
            raise ValueError(f"combat power {text!r} should read like \"3/4\" (dice/target),"
                             " \"(7)\" (diver power) or \"(-)\" (a commoner)")
        if m["dice"]:
            return Power(mode="dice", dice=int(m["dice"]), target=int(m["target"]), printed=text.strip())
        if m["power"]:
            return Power(mode="diver", power=int(m["power"]), printed=text.strip())
        return Power(mode="commoner", printed="(-)")

    def expected(self) -> float:
        """The damage it deals on average, before abilities."""
        if self.mode == "dice":
            return self.dice * self.target * (self.target + 1) / 12
        return float(self.power)


# --- abilities in combat ----------------------------------------------------------------

# when -> the operations allowed then, and which of them take a number `n`
ABILITY_OPS: dict[str, dict[str, bool]] = {
    "fight": {"dice": True, "target": True, "enemy_target": True, "wins_ties": False, "reroll": False,
              "halve_diver": False, "call_off": False, "mirror": False},
    "win": {"draw": True, "steal": True, "spent": False},
    "lose": {"draw": True, "steal": True, "retreat": False, "keep_fatima": False,
             "unveil_instead": False, "take_down": False},
}


class Ability(Frozen):
    """One combat ability of a king, person or action card; see VOCABULARY.md."""

    when: Literal["fight", "win", "lose"]
    op: str
    n: int | None = Field(None, ge=-5, le=6)
    side: Side = "any"                       # works only when attacking / defending
    against: Literal["any", "king"] = "any"  # works only against a king

    @model_validator(mode="after")
    def _fits(self) -> "Ability":
        ops = ABILITY_OPS[self.when]
        if self.op not in ops:
            raise ValueError(f"{self.when!r} abilities are {', '.join(ops)}; not {self.op!r}")
        if ops[self.op] != (self.n is not None):
            raise ValueError(f"{self.op!r} {'needs' if ops[self.op] else 'takes no'} a number `n`")
        if self.op in ("keep_fatima", "unveil_instead") and self.side != "defend":
            raise ValueError(f"{self.op!r} is about the defender's Fatima: give side = \"defend\"")
        return self

    def applies(self, side: str, against_king: bool) -> bool:
        return self.side in ("any", side) and (self.against == "any" or against_king)


# --- effects of events, actions and decrees ---------------------------------------------

Target = Literal["none", "nation", "hidden_king", "their_fatima", "own_fatima_to", "any_fatima"]
Who = Literal["user", "target", "each", "others", "over_limit", "no_fatima"]

# op -> (fields it needs, fields it may take)
STEP_OPS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "draw": (("who", "n"), ()),
    "steal": (("n",), ()),                       # random cards from the target's hand
    "look_hand": ((), ()),                       # the user sees the target's hand
    "see_king": ((), ()),                        # the user sees the target's king (chooses if no target)
    "reveal_king": (("who",), ()),
    "recall": (("n",), ()),                      # Persons from the discard pile, latest first
    "give_fatima": ((), ()),                     # the named Fatima (the user's) goes to the target
    "unveil": ((), ()),                          # the named Fatima is unveiled
    "swap_fatima": ((), ()),                     # the named Fatima for one of the user's (a choice)
    "then_attack": ((), ()),                     # the user may attack now (a choice)
    "discard_to_limit": (("who",), ()),          # each chooses discards down to its military power
    "discard_random": (("who",), ("kind",)),
    "pass_left": ((), ()),                       # each picks a card in secret; all pass left at once
    "tribute": ((), ()),                         # each other nation gives the user a card it picks
    "truce": ((), ()),                           # no attacks until the user's next turn
    "ward": ((), ()),                            # the user's nation cannot be attacked until then
    "may_unveil": (("who",), ()),                # each in turn may unveil one of its Fatima
}
# What each op needs of the card's target (named in the action's text).
NEEDS_TARGET = {"steal": ("nation", "hidden_king"), "look_hand": ("nation", "hidden_king"),
                "give_fatima": ("own_fatima_to",), "unveil": ("any_fatima", "their_fatima"),
                "swap_fatima": ("their_fatima",)}


class Step(Frozen):
    op: str
    who: Who | None = None
    n: int | None = Field(None, ge=1, le=6)
    kind: Literal["any", "person"] | None = None

    @model_validator(mode="after")
    def _fits(self) -> "Step":
        if self.op not in STEP_OPS:
            raise ValueError(f"unknown operation {self.op!r}; known: {', '.join(STEP_OPS)}")
        needs, may = STEP_OPS[self.op]
        for name in ("who", "n", "kind"):
            given = getattr(self, name) is not None
            if name in needs and not given:
                raise ValueError(f"operation {self.op!r} needs {name!r}")
            if given and name not in needs and name not in may:
                raise ValueError(f"operation {self.op!r} takes no {name!r}")
        return self


def _check_target(target: str, effect: list[Step]) -> None:
    for step in effect:
        wanted = NEEDS_TARGET.get(step.op)
        if wanted and target not in wanted:
            raise ValueError(f"{step.op!r} needs target = {' or '.join(map(repr, wanted))}")
        if step.who == "target" and target not in ("nation", "hidden_king"):
            raise ValueError("who = \"target\" needs a card whose target is a nation")


Count = int | dict[str, int]


def copies_at(count: Count, players: int) -> int:
    """How many copies of a card are in the box at a table of `players`."""
    if isinstance(count, int):
        return count
    best = 0
    for key, n in sorted(count.items(), key=lambda kv: int(kv[0])):
        if int(key) <= players:
            best = n
    return best


def _check_count(count: Count) -> Count:
    if isinstance(count, dict):
        for key, n in count.items():
            if not is_number(key) or int(key) not in PLAYERS:
                raise ValueError(f"count keys are table sizes 2 to 8, not {key!r}")
            if not 0 <= n <= 8:
                raise ValueError(f"count {n} at {key} players: give 0 to 8 copies")
    elif not 0 <= count <= 8:
        raise ValueError(f"count {count}: give 0 to 8 copies")
    return count


class _Card(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    text: str
    flavour: str = ""

    # What the narrator reads of any card: every card has one face, printed for all.
    @property
    def sleeve_name(self) -> str:
        return self.name


class Decree(Frozen):
    name: str
    text: str
    target: Target = "none"
    effect: list[Step] = Field(min_length=1)

    @model_validator(mode="after")
    def _fits(self) -> "Decree":
        _check_target(self.target, self.effect)
        return self


class King(Frozen):
    id: str = Field(pattern=r"^[a-z][a-z0-9_]*$")
    name: str
    # The title this ruler takes over whichever nation is dealt them ("Queen", "Margrave"):
    # the narrator says "Ysmay, Queen of Aubervane". The name itself names no nation.
    realm_title: str = Field(min_length=1)
    pronoun: Literal["he", "she"]
    combat: str
    military: int = Field(ge=2, le=12)
    ability: list[Ability] = []
    decree: Decree
    text: str
    flavour: str = ""
    kind: Literal["king"] = "king"

    @field_validator("combat")
    @classmethod
    def _power(cls, v: str) -> str:
        if Power.read(v).mode == "commoner":
            raise ValueError("a king is no commoner: give dice/target or a diver power")
        return v

    @property
    def power(self) -> Power:
        return Power.read(self.combat)

    @property
    def sleeve_name(self) -> str:
        return self.name

    @property
    def type(self) -> str:
        return "king"


class Person(_Card):
    role: Literal["knight", "diver", "commoner"]
    pronoun: Literal["he", "she"]           # for the chronicle's prose
    combat: str
    commit: Side = "any"
    ability: list[Ability] = []
    count: Count = 1
    kind: Literal["person"] = "person"

    @model_validator(mode="after")
    def _fits(self) -> "Person":
        _check_count(self.count)
        mode = Power.read(self.combat).mode
        if {"knight": "dice", "diver": "diver", "commoner": "commoner"}[self.role] != mode:
            raise ValueError(f"a {self.role}'s combat power reads "
                             + {"knight": "\"dice/target\"", "diver": "\"(N)\"", "commoner": "\"(-)\""}[self.role])
        return self

    @property
    def power(self) -> Power:
        return Power.read(self.combat)

    @property
    def type(self) -> str:
        return self.role


class Rule(Frozen):
    """A combination rule of a Fatima: when it holds, her points change by `points`."""

    op: Literal["with", "alone", "crowd", "per_maker", "per_other", "king"]
    points: int = Field(ge=-12, le=12)
    fatima: list[str] = []
    at_least: int | None = Field(None, ge=2, le=12)
    maker: str | None = None
    kings: list[str] = []
    text: str = ""

    @model_validator(mode="after")
    def _fits(self) -> "Rule":
        wants = {"with": "fatima", "crowd": "at_least", "per_maker": "maker", "king": "kings"}
        need = wants.get(self.op)
        for name in ("fatima", "at_least", "maker", "kings"):
            given = bool(getattr(self, name)) if name in ("fatima", "kings") else getattr(self, name) is not None
            if name == need and not given:
                raise ValueError(f"rule {self.op!r} needs {name!r}")
            if given and name != need:
                raise ValueError(f"rule {self.op!r} takes no {name!r}")
        return self


class Fatima(_Card):
    points: int = Field(ge=-9, le=12)
    maker: str = ""
    rule: list[Rule] = []
    kind: Literal["fatima"] = "fatima"

    @property
    def type(self) -> str:
        return "fatima"


class EventCard(_Card):
    effect: list[Step] = Field(min_length=1)
    count: Count = 1
    kind: Literal["event"] = "event"

    @model_validator(mode="after")
    def _fits(self) -> "EventCard":
        _check_count(self.count)
        _check_target("none", self.effect)
        return self

    @property
    def type(self) -> str:
        return "event"


class ActionCard(_Card):
    use: Literal["turn", "combat"]
    target: Target = "none"
    effect: list[Step] = []
    combat: str | None = None       # a combat action fights with this power
    commit: Side = "any"
    ability: list[Ability] = []
    count: Count = 1
    kind: Literal["action"] = "action"

    @model_validator(mode="after")
    def _fits(self) -> "ActionCard":
        _check_count(self.count)
        if self.use == "turn":
            if not self.effect or self.combat is not None or self.ability:
                raise ValueError("an action used on your turn has an `effect`, and no `combat` or `ability`")
            _check_target(self.target, self.effect)
        else:
            if self.effect or self.target != "none":
                raise ValueError("a combat action has no `effect` or `target`: it fights")
            special = any(a.op in ("call_off", "mirror") for a in self.ability)
            if (self.combat is None) == (not special):
                raise ValueError("a combat action has a `combat` power, or else a call_off or mirror ability")
            if self.combat is not None and Power.read(self.combat).mode == "commoner":
                raise ValueError("a combat action cannot fight as a commoner")
        return self

    @property
    def power(self) -> Power | None:
        return Power.read(self.combat) if self.combat else None

    @property
    def type(self) -> str:
        return "action"


class CardFile(Frozen):
    format_version: int
    king: list[King] = Field(min_length=8)
    person: list[Person] = Field(min_length=1)
    fatima: list[Fatima] = Field(min_length=2)
    event: list[EventCard] = []
    action: list[ActionCard] = []


def can_commit(card, side: str) -> bool:
    """Whether this card may be laid down from a hand to attack (`side` "attack") or defend."""
    if card.kind == "person" or (card.kind == "action" and card.use == "combat"):
        return card.commit in ("any", side)
    return False


class Content:
    """A validated box: look cards and pages up by id; the deck for a table of N."""

    def __init__(self, episodes: list[str], cf: CardFile, books: dict[str, EndingBook]):
        self.episodes = tuple(episodes)
        self.kings = {k.id: k for k in cf.king}
        self.persons = {p.id: p for p in cf.person}
        self.fatima = {f.id: f for f in cf.fatima}
        self.events = {e.id: e for e in cf.event}
        self.actions = {a.id: a for a in cf.action}
        # Every card by id, kings included: what the narrator and the views look up.
        self.cards = {**self.kings, **self.persons, **self.fatima, **self.events, **self.actions}
        # The order a hand is kept in: persons, then actions, as the card file lists them.
        self.order = {cid: i for i, cid in enumerate(self.cards)}
        self.books = books
        self.book = books.get(self.episodes[0]) if self.episodes else None   # the season's one book
        self._boxes: dict[int, tuple[str, ...]] = {}
        # What every combat reads of a card, read from its printed text once per box.
        self._powers: dict[str, Power | None] = {cid: getattr(c, "power", None) for cid, c in self.cards.items()}
        self._abilities = {cid: tuple(getattr(c, "ability", ())) for cid, c in self.cards.items()}
        # The cards that may be laid down to attack, and to defend: asked of every card in
        # hand whenever a nation may fight (`combat.combatants`).
        self.may_fight = {side: frozenset(cid for cid, c in self.cards.items() if can_commit(c, side))
                          for side in ("attack", "defend")}
        # The Fatima of each maker, for the rules that count a maker's work in a nation.
        self.made_by = {m: frozenset(f.id for f in cf.fatima if f.maker == m) for m in {f.maker for f in cf.fatima}}
        # How each card used as a turn's choice, and each king's decree, is aimed (by card
        # id, the king's for his decree): its target, and whether its effect gives one of
        # the user's Fatima in exchange (then it needs one). Read at every turn.
        uses = [a for a in cf.action if a.use == "turn"] + [k.decree for k in cf.king]
        ids = [a.id for a in cf.action if a.use == "turn"] + [k.id for k in cf.king]
        self.aims = {cid: (u.target, any(s.op == "swap_fatima" for s in u.effect)) for cid, u in zip(ids, uses)}
        # Fatima whose points depend on the king: a rival's count of them is uncertain.
        self.king_ruled = frozenset(f.id for f in cf.fatima if any(r.op == "king" for r in f.rule))

    @classmethod
    def from_files(cls, episodes: list[str], card_file: tuple[str, dict],
                   book_files: list[tuple[str, dict]]) -> "Content":
        cf = validated(CardFile, card_file[1], card_file[0])
        seen: set[str] = set()
        for table in ("king", "person", "fatima", "event", "action"):
            for i, card in enumerate(getattr(cf, table)):
                if card.id in seen:
                    raise StoryError(card_file[0], f"{table}.{i}.id",
                                     f"{card.id!r} is used twice; every card needs its own id")
                seen.add(card.id)
        books = {}
        for name, data in book_files:
            book = validated(EndingBook, data, name)
            books[book.episode] = book
        content = cls(episodes, cf, books)
        content._check(card_file[0])
        return content

    def _check(self, file: str) -> None:
        for episode in self.episodes:
            if episode not in self.books:
                raise StoryError(file, "episodes", f"episode {episode!r} has no ending book"
                                 f" (add stories/fatima/endings/{episode}.toml)")
            endings.check(f"endings/{episode}.toml", self.books[episode], MOMENTS, ())
        for f in self.fatima.values():
            for i, rule in enumerate(f.rule):
                for ref in rule.fatima:
                    if ref not in self.fatima or ref == f.id:
                        raise StoryError(file, f"fatima.{f.id}.rule.{i}.fatima",
                                         f"{ref!r} is not another Fatima of the box")
                for ref in rule.kings:
                    if ref not in self.kings:
                        raise StoryError(file, f"fatima.{f.id}.rule.{i}.kings", f"{ref!r} is not a king of the box")
                if rule.maker is not None and not any(o.maker == rule.maker for o in self.fatima.values()):
                    raise StoryError(file, f"fatima.{f.id}.rule.{i}.maker", f"no Fatima is made by {rule.maker!r}")
        if len(self.kings) < max(PLAYERS):
            raise StoryError(file, "king", f"{len(self.kings)} kings: a table of {max(PLAYERS)} needs one each")
        for players in PLAYERS:
            size = len(self.box(players))
            need = players * (HAND + MIN_DRAWS)
            if size < need:
                raise StoryError(file, "count", f"at {players} players the deck holds {size} cards; it needs at"
                                 f" least {need} ({HAND} dealt to each nation and {MIN_DRAWS} draws each):"
                                 " raise some cards' `count`")

    def box(self, players: int) -> tuple[str, ...]:
        """The deck before shuffling at a table of `players`: every copy, in content order."""
        if players not in self._boxes:
            out: list[str] = list(self.fatima)
            for table in (self.persons, self.events, self.actions):
                for card in table.values():
                    out += [card.id] * copies_at(card.count, players)
            self._boxes[players] = tuple(out)
        return self._boxes[players]

    def power(self, card_id: str) -> Power | None:
        """The combat power of a card that can fight (king, person, combat action)."""
        return self._powers[card_id]

    def abilities(self, card_id: str) -> tuple[Ability, ...]:
        return self._abilities[card_id]

    def page(self, episode: str, ending: str) -> EndingPage:
        return next(p for p in self.books[episode].ending if p.id == ending)
