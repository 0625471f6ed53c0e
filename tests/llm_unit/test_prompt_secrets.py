"""The prompt sent to the model holds nothing its reader may not know.

Over 200 seeded bot games of each episode, after every move, the messages for each seat
are built as LLMTelling builds them (its memory here being the offline passages, as after
a failure) and searched for:

* the names (effect side and ◆ side) of the cards in the other hand that the reader has
  not been shown: no event visible to the reader carried the card, and its owner has not
  shown it;
* in the murder episode, Takeo's prompt: the culprit's names before the culprit is
  revealed. Fumie's seat knows the culprit by the rules, so her prompt may name it.

A card is not searched for when the reader may know its person for another reason: a card
sharing one of its names was told of or lies in view (the namesake clue cards carry the
suspects' names: "A Trace of Perfume" is "Shidara the Schemer", and its telling names
Senior Shidara); nor is a name the story's own text (title, cast, blurb, tone) says.

Some template sentences name a card in passing whatever it is doing (scenery: "something
Risa has said"); those sentences are masked before searching, as in tests/narrator.
"""
from __future__ import annotations

import re
from collections import deque

import pytest

from narrator import bots
from narrator.llm import prompt
from narrator.llm.telling import MEMORY
from narrator.narration import Narrator

GAMES = 200
SEATS = ("takeo", "fumie")

# Sentences of the templates that name a card in passing, whatever the card's whereabouts
# (the same list as tests/narrator/conftest.py keeps for the offline narration).
SCENERY = [
    r"something risa has said",
    r"mr\. tadokoro taking the register",
    r"grandfather's watch ticking on the desk",
    r"june the eleventh, again",
    r"tying a ribbon round a cake box",
    r"kanako at the desk pretending to read",
    r"at the library desk kanako",
    r"ryosuke throws takeo the key to his bicycle",
    r"the way home (still|is clear)",
    r"the walk home still ahead of her",                # the nightfall ending's lead-in
]


@pytest.fixture(scope="module")
def names(story):
    """card id -> its lower-case names, longest first."""
    return {cid: sorted({c.name.lower(), c.sleeve_name.lower()}, key=len, reverse=True)
            for cid, c in story.content.cards.items()}


@pytest.fixture(scope="module")
def finder(names):
    """finder(text) -> a function telling whether `text` names `name` (a whole word, not
    only inside a longer card name: "Ryosuke's Bicycle" holds "Ryosuke")."""
    every = sorted({n for ns in names.values() for n in ns}, key=len, reverse=True)
    longer = {n: [m for m in every if n in m and m != n] for n in every}
    patterns = {n: re.compile(r"(?<![a-z])" + re.escape(n) + r"(?![a-z])") for n in every}

    def make(text: str):
        low = " ".join(text.lower().split())
        for sentence in SCENERY:
            low = re.sub(sentence, " ~ ", low)

        def says(name: str) -> bool:
            if name not in low:
                return False
            masked = low
            for m in longer[name]:
                masked = masked.replace(m, " ~ ")
            return bool(patterns[name].search(masked))
        return says
    return make


def event_cards(event, cards) -> set[str]:
    """Every card id an event carries, under any key."""
    found = set()
    for value in event.data.values():
        for v in (value if isinstance(value, (list, tuple)) else (value,)):
            if isinstance(v, str) and v in cards:
                found.add(v)
    return found


def in_view(view) -> set:
    """The faces the view shows: both hands as far as seen, face-up piles, removed, in use,
    the culprit when the seat knows it."""
    faces = [*view.me.hand, *view.other.hand, *view.removed, view.culprit]
    faces += [p.card for side in (view.me, view.other) for p in side.discard]
    if view.in_use is not None:
        faces.append(view.in_use.card)
    return {f for f in faces if f is not None}


def allowed_names(view, told: set[str], names, cards, finder=None) -> set[str]:
    """Names the reader may meet: of cards told of (and any name their flavour, read
    with the card, speaks), of faces in view (and any name quoted in their printed
    text), and of the two protagonists."""
    ok = {"takeo", "fumie"}
    for cid in told:
        ok.update(names[cid])
        flavour = cards[cid].flavour if finder is not None else ""
        if flavour:
            says = finder(flavour)
            ok.update(n for ns in names.values() for n in ns if says(n))
    for face in in_view(view):
        ok.update(names[face.id])
        for text in (face.text, face.end_text, *face.stars):
            ok.update(q.lower() for q in re.findall(r'"([^"]+)"', text))
    return ok


@pytest.mark.parametrize("episode", ["basic", "murder", "tadokoro"])
def test_the_prompt_names_no_secret_card(story, names, finder, episode):
    g, content, cards = story.family, story.content, story.content.cards
    checks = {"prompts": 0, "secret names": 0, "culprit": 0}
    for seed in range(GAMES):
        st = g.new_game(content, story.seats, seed, {"episode": episode})
        players = {s: bots.make("random", story, s, seed) for s in SEATS}
        narrators = {s: Narrator(story, seed, set(), episode) for s in SEATS}
        narrators["fumie"].env = narrators["takeo"].env
        memory = {s: deque(maxlen=MEMORY) for s in SEATS}
        told = {s: set() for s in SEATS}
        static = {s: finder(prompt.system_text(story, episode, story.seats)) for s in SEATS}
        start = 0
        while True:
            new = st.log[start:]
            for reader in SEATS:
                other = "fumie" if reader == "takeo" else "takeo"
                for event in new:
                    if event.visible_to(reader):
                        told[reader] |= event_cards(event, cards)
                offline = narrators[reader].tell(new, start, reader)
                if not offline:
                    continue   # nothing to tell: the model is not asked
                view = story.view(st, reader)
                messages = prompt.request(story, episode, story.seats, reader, list(memory[reader]),
                                          offline).messages
                memory[reader].extend(offline)
                says = finder("\n".join(m["content"] for m in messages))
                ok = allowed_names(view, told[reader], names, cards, finder)
                checks["prompts"] += 1
                side = st.sides[other]
                secret = [c for c in side.hand if c not in side.shown and c not in told[reader]]
                for cid in secret:
                    if ok & set(names[cid]):
                        continue   # a namesake was told of: the person may be named either way
                    for name in names[cid]:
                        if static[reader](name):
                            continue
                        checks["secret names"] += 1
                        assert not says(name), (episode, seed, reader, cid, name, messages[1]["content"])
                if reader == "takeo" and st.culprit is not None and not st.culprit_shown \
                        and not ok & set(names[st.culprit]):
                    for name in names[st.culprit]:
                        if static[reader](name):
                            continue
                        checks["culprit"] += 1
                        assert not says(name), (episode, seed, "culprit", name, messages[1]["content"])
            start = len(st.log)
            if g.ending(st) is not None:
                break
            seat = g.to_act(st)[0]
            g.apply(st, seat, g.parse(players[seat].choose(story.view(st, seat))))
    assert checks["prompts"] > 20 * GAMES and checks["secret names"] > 20 * GAMES, checks
    if episode == "murder":
        assert checks["culprit"] > 5 * GAMES, checks


def test_the_scanner_finds_names_and_skips_scenery(finder):
    says = finder("Takeo thinks of DETECTIVE\nMihara. That was Ryosuke's Bicycle.\n"
                  "Rain beads on the window; Fumie laughs at something Risa has said.")
    assert says("detective mihara")
    assert not says("ryosuke")          # only inside a longer card name
    assert not says("risa")             # scenery, whatever Risa's card is doing
    assert finder("Risa waves.")("risa")
