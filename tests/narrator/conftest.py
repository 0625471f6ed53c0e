"""Fixtures for the narrator tests: scripted games, bot games, and a scanner that finds
card names in prose (the command line's `cli` is the root conftest's).

Helpers are handed out as fixtures (not imported), so this folder needs no helper
module beside the family tests' own.
"""
from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from narrator import bots
from narrator.library import load
from narrator.narration import Narrator
from narrator.session import Session

SEATS = ("takeo", "fumie")
NOWHERE = Path("/nonexistent-narrator-test-folder/never-written.toml")


# --------------------------------------------------------------------- the story
@pytest.fixture(scope="session")
def story():
    return load("fumie")


@pytest.fixture(scope="session")
def env(story):
    """One compiled Jinja environment shared by the tests' narrators (compiling the
    templates again for every game would take most of the suite's time)."""
    return Narrator(story, 0, set()).env


@pytest.fixture(scope="session")
def narrator_for(story, env):
    def make(seed: int, known=()) -> Narrator:
        n = Narrator(story, seed, set(known))
        n.env = env
        return n
    return make


# --------------------------------------------------------------------- scripted games
def first_legal(view, rng) -> str:
    """The human policy of scripted games: `up` when it is legal, else the first choice."""
    return "up" if "up" in view.legal else next(a for a in view.legal if a != "stop")


def random_legal(view, rng) -> str:
    return rng.choice([a for a in view.legal if a != "stop"])


POLICIES = {"first": first_legal, "random": random_legal}


@dataclass
class Script:
    """A whole game worked out in advance: the lines a human types, and the game."""

    lines: list[str]
    session: Session
    handoffs: list[dict] = field(default_factory=list)   # hot-seat: who, and what is secret
    states: list = field(default_factory=list)           # the state before each human action

    @property
    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


@pytest.fixture(scope="session")
def script(story):
    """Play a game as `narrator play` would (same seats, same seeded bot), choosing the
    human moves with `policy`; the lines can then be fed to the real CLI."""

    def make(seed: int, human: str = "takeo", bot: str = "partner", known=(),
             policy="first", stop_after: int | None = None) -> Script:
        policy = POLICIES[policy]
        seats = {s: "human" if s == human else f"bot:{bot}" for s in SEATS}
        if known:  # as if the profile knew these sleeves
            session = _with_known(story, seed, seats, known)
        else:
            session = Session.new(story, "basic", seed, seats, NOWHERE, None, autosave=False)
        players = {s: bots.make(bot, story, s, seed) for s in SEATS if s != human}
        rng = random.Random(seed)
        lines: list[str] = []
        states = []
        while session.ending() is None:
            seat = session.to_act()[0]
            view = session.view(seat)
            if seat in players:
                action = players[seat].choose(view)
            else:
                if stop_after is not None and len(lines) >= stop_after:
                    break
                action = policy(view, rng)
                lines.append(action)
                states.append(session.state.copy())
            session.act(seat, action)
        return Script(lines, session, states=states)
    return make


def _with_known(story, seed, seats, known):
    from narrator.saves import Save

    save = Save(NOWHERE, story.id, "basic", seed, dict(seats), {"known": sorted(known)})
    state = story.family.new_game(story.content, story.seats, seed,
                                  {"episode": "basic", "known": sorted(known)})
    return Session(story, save, state, None, autosave=False)


@pytest.fixture(scope="session")
def hotseat_script(story):
    """A hot-seat game worked out in advance, with an empty line (Enter) at every
    hand-off, and for each hand-off the cards the incoming player has not been told of."""

    def make(seed: int, policy="random") -> Script:
        policy = POLICIES[policy]
        seats = {s: "human" for s in SEATS}
        session = Session.new(story, "basic", seed, seats, NOWHERE, None, autosave=False)
        rng = random.Random(seed)
        lines: list[str] = []
        handoffs: list[dict] = []
        at_screen = None
        while session.ending() is None:
            seat = session.to_act()[0]
            if seat != at_screen:
                lines.append("")
                other = "fumie" if seat == "takeo" else "takeo"
                told = told_cards(session.log, seat)
                colour = story.content.deck_for(other, "basic")  # the other seat's own set
                handoffs.append({"seat": seat, "secret": sorted(set(colour) - told)})
                at_screen = seat
            action = policy(session.view(seat), rng)
            lines.append(action)
            session.act(seat, action)
        return Script(lines, session, handoffs)
    return make


# --------------------------------------------------------------------- bot games
@dataclass
class BotGame:
    seed: int
    known: tuple[str, ...]        # sleeves known when the game began
    log: list
    before: list                  # per action: (seat, action, state before it, log index)
    ending: object


@pytest.fixture(scope="session")
def bot_games(story):
    """Seeded bot games, cached: partner and random players mixed seat by seat, the
    sleeves known building up over the games and starting afresh every 25 games, so both
    the ◆ names and the effect-side names get narrated."""
    cache: dict[int, list[BotGame]] = {}

    def games(n: int) -> list[BotGame]:
        if n in cache:
            return cache[n]
        g, content = story.family, story.content
        out: list[BotGame] = []
        known: set[str] = set()
        for seed in range(n):
            if seed % 25 == 0:
                known = set()
            kinds = {s: ("partner", "random")[(seed + i * (seed // 2)) % 2] for i, s in enumerate(SEATS)}
            players = {s: bots.make(kinds[s], story, s, seed) for s in SEATS}
            state = g.new_game(content, SEATS, seed, {"episode": "basic", "known": sorted(known)})
            start_known = tuple(sorted(known))
            before = []
            while g.ending(state) is None:
                seat = g.to_act(state)[0]
                action = players[seat].choose(story.view(state, seat))
                before.append((seat, action, state.copy(), len(state.log)))
                g.apply(state, seat, g.parse(action))
            known |= state.known
            out.append(BotGame(seed, start_known, list(state.log), before, g.ending(state)))
        cache[n] = out
        return out
    return games


# --------------------------------------------------------------------- secrets in prose
def told_cards(events, seat: str) -> set[str]:
    """Every card an event visible to `seat` has identified (its `card` or `cards`)."""
    told: set[str] = set()
    for e in events:
        if e.visible_to(seat):
            tell(told, e)
    return told


def tell(told: set[str], event) -> None:
    d = event.data
    if d.get("card"):
        told.add(d["card"])
    told.update(d.get("cards") or ())


# Sentences of the templates that name a card's name in passing, as scenery, whatever
# the card's whereabouts (each one was read: none of them says where a card is). A
# card name found only inside one of these is not counted as naming the card.
SCENERY = [
    r"something risa has said",                         # turn: Fumie laughs at Risa
    r"mr\. tadokoro taking the register",               # turn: the homeroom moment
    r"grandfather's watch ticking on the desk",         # setup
    r"june the eleventh, again",                        # setup
    r"tying a ribbon round a cake box",                 # setup
    r"kanako at the desk pretending to read",           # the library card's scene
    r"at the library desk kanako",                      # Kanako's own scene
    r"ryosuke throws takeo the key to his bicycle",     # the bicycle card's scene
    r"the way home (still|is clear)",                   # a Confession ending's lead-in
]


@pytest.fixture(scope="session")
def card_names(story):
    """card id -> the lower-case names it can be known by (effect side and ◆ side);
    Takeo and Fumie are left out: they are the two people every sentence is about."""
    names = {}
    # These games are of the basic episode: the cards of the other episodes do not come
    # up (and some of them share a name with a basic card: the red "Ryosuke").
    for cid, c in story.content.cards.items():
        if "basic" not in c.episodes:
            continue
        names[cid] = sorted({c.name.lower(), c.sleeve_name.lower()} - {"takeo", "fumie"})
    return names


@pytest.fixture(scope="session")
def named_cards(card_names):
    """Which of `cards` the text names, after scenery and longer names holding a shorter
    one ("Ryosuke's Bicycle" holds "Ryosuke") are taken out."""
    every = sorted({n for ns in card_names.values() for n in ns}, key=len, reverse=True)

    def find(text: str, cards, *, quoted_ok: bool = False) -> dict[str, str]:
        """`quoted_ok`: a name "in quotes" is a card's printed text naming another card
        (If "Senior Kondo" is face up...), which says nothing of where that card is."""
        low = " ".join(text.lower().split())
        if quoted_ok:
            low = re.sub(r'"[^"]*"', " ~ ", low)
        for pattern in SCENERY:
            low = re.sub(pattern, " ~ ", low)
        found = {}
        for cid in cards:
            for n in card_names[cid]:
                longer = [m for m in every if n in m and m != n]
                masked = low
                for m in longer:
                    masked = masked.replace(m, " ~ ")
                if re.search(r"(?<![a-z])" + re.escape(n) + r"(?![a-z])", masked):
                    found[cid] = n
        return found
    return find


@pytest.fixture(scope="session")
def told():
    """told(events, seat) -> the cards those of `events` visible to `seat` identified."""
    return told_cards
