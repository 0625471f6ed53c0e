"""The prose itself: second person and number agree, and what a passage may choose from
(`told`, `latest`, `one_of`) is the reader's own.

Every variant of the passages that once went wrong is rendered for every reader it can
have: the one who acts, the one acted on, a bystander, and (for For Fumie) both.
"""
from __future__ import annotations

import re

import pytest

from engine.events import Event, private, public
from narrator.library import load
from narrator.narration import Narrator

# Phrases a careful writer never lets through.
WRONG = [
    (r"\b(?:hands|plates|names?|pages|apples) of you and\b", "'the plates of you and Bruno' (say 'your plate and Bruno's')"),
    (r"\bname of you\b", "'the name of you' (say 'your name')"),
    (r"\bone (?:things|moments|pieces|apples)\b", "a plural after 'one'"),
    (r"\bnext one\b", "'the next one things'"),
    (r"\byou (?:asks|says|takes|lays|reads|joins|reaches|has|was)\b", "'you' with a third-person verb"),
]


def render_all(story_id: str, event: Event, readers, episode: str | None = None) -> list[str]:
    """Every variant for every reader, under enough seeds that each of a passage's own
    choices of words (`pick`) comes up."""
    story = load(story_id)
    out = set()
    for seed in range(40):
        narrator = Narrator(story, seed, set(), episode)
        for name in narrator.variants(event.kind):
            for seat in readers:
                if event.visible_to(seat):
                    out.add(narrator.env.get_template(name).render(narrator.context(event, 0, seat, 1)).strip())
    return sorted(out)


def assert_well_written(texts) -> None:
    for text in texts:
        for pattern, why in WRONG:
            assert not re.search(pattern, text), f"{why}: {text!r}"


# --------------------------------------------------------------------- For Fumie
@pytest.mark.parametrize("count", [1, 2, 3])
@pytest.mark.parametrize("seat,deck", [("takeo", "takeo"), ("takeo", "fumie"), ("fumie", "takeo")])
def test_looking_ahead_agrees_with_how_many_things(count, seat, deck):
    texts = render_all("fumie", public("arrange_deck", seat=seat, deck=deck, count=count),
                       ("takeo", "fumie", None))
    assert_well_written(texts)
    if count == 1:
        assert not any(re.search(r"\b(?:them|things|moments)\b", t) for t in texts), texts


# --------------------------------------------------------------------- Snow White
SEATS = ("p1", "p2", "p3", "p4", "p5")


@pytest.mark.parametrize("by", [None, "p2", "p5"])
def test_a_trade_of_pages_is_asked_by_whoever_asked(by):
    data = {"seat": "p2", "target": "p5"}
    if by and by != "p2":
        data["by"] = by
    names = {"p2": "Bruno", "p5": "Elsa"}
    asker = "p5" if by == "p5" else "p2"
    event = public("hand_exchange", **data)
    for seat in SEATS:
        texts = render_all("applerulette", event, [seat])
        assert_well_written(texts)
        for text in texts:
            # The one who asks is the one who played the page (or traded of their own accord).
            if "Shall we trade?" in text:
                lead = "you lean" if seat == asker else f"{names[asker]} leans"
                assert re.match(r"(?:[^;]*; )?" + lead, text, re.I), (seat, text)


@pytest.mark.parametrize("card", ["hands", "plates"])
@pytest.mark.parametrize("targets", [["p1", "p5"], ["p5", "p1"], ["p2", "p3"]])
def test_pages_that_pair_two_guests_read_in_good_english(card, targets):
    texts = render_all("applerulette", public("card_used", seat="p5", card=card, targets=targets), SEATS)
    assert_well_written(texts)
    if "p5" in targets:
        # Elsa plays the page on herself and one other: never "the hands of you and Elsa".
        assert not any(re.search(r"you and Elsa|Elsa and you", t) for t in texts), texts


def test_rose_looks_at_your_secret_name():
    texts = render_all("applerulette", public("ability", seat="p2", character="rose", target="p1"), SEATS)
    assert_well_written(texts)
    assert any("your secret name" in t or "your" in t for t in texts)


@pytest.mark.parametrize("kind,data", [("deal_seen", {"character": "snow_white", "apple": True, "tile": "a1"}),
                                       ("draw_seen", {}), ("hand_received", {"source": "p3"})])
def test_the_cursed_ring_is_told_as_the_rules_have_it(kind, data):
    # Its holder may do nothing with it but be rid of it, and may discard it (ruling 8):
    # "with it you may nothing at all: it cannot be thrown down" said neither.
    texts = render_all("applerulette", private(kind, ("p1",), seat="p1", card="ring", **data), ["p1"])
    assert texts
    assert_well_written(texts)
    for text in texts:
        assert not re.search(r"\byou may nothing\b|cannot be (?:thrown down|discarded)", text), text


@pytest.mark.parametrize("pair", [("p1", "p2"), ("p2", "p1"), ("p3", "p4")])
def test_swapped_apples_are_your_plate_and_theirs(pair):
    seat, target = pair
    texts = render_all("applerulette", public("apple_exchange", seat=seat, target=target, by="p5"), SEATS)
    texts += render_all("applerulette", public("apple_exchange", seat=seat, target=target), SEATS)
    assert_well_written(texts)


# --------------------------------------------------------------------- the reader's own
def test_what_a_passage_may_choose_from_counts_only_what_its_reader_was_told():
    story = load("fumie")
    told_both = [public("turn", seat="takeo", number=1), private("draw_seen", ("fumie",), seat="fumie", cards=["cake"]),
                 private("draw_seen", ("fumie",), seat="fumie", cards=["letter"])]
    told_takeo = [told_both[0]]
    after = public("turn", seat="fumie", number=2)
    contexts = []
    for log in (told_both, told_takeo):
        narrator = Narrator(story, 3, set())
        narrator.tell(log, 0, "takeo")
        contexts.append(narrator.context(after, len(log), "takeo", 2))
    one, two = contexts
    assert one["told"] == two["told"] == {"turn": 1}
    assert one["latest"] == two["latest"] == {"turn": {"seat": "takeo", "number": 1}}
    lists = [[f"{k} {i}" for i in range(50)] for k in "abcdefghij"]
    assert [one["one_of"](x) for x in lists] == [two["one_of"](x) for x in lists]
    # Different options make independent choices within one passage; none gives nothing.
    assert len({one["one_of"](x).split()[1] for x in lists}) > 1
    assert one["one_of"]("a", "b") in ("a", "b")
    assert one["one_of"]([]) == ""


def test_skipping_counts_like_telling():
    story = load("fumie")
    log = [public("turn", seat="takeo", number=1), private("draw_seen", ("fumie",), seat="fumie", cards=["cake"]),
           public("use", user="takeo", holder="fumie", face="down")]
    told, skipped = Narrator(story, 3, set()), Narrator(story, 3, set())
    told.tell(log, 0, "fumie")
    skipped.skip(log, "fumie")
    after = public("turn", seat="fumie", number=2)
    assert told.context(after, 3, "fumie", 2)["told"] == skipped.context(after, 3, "fumie", 2)["told"] \
        == {"turn": 1, "draw_seen": 1, "use": 1}


# --------------------------------------------------------------------- variety
def _variety():
    """bench/variety.py, the project's measure, so that the test and the bench agree."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "bench" / "variety.py"
    spec = importlib.util.spec_from_file_location("bench_variety", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("story_id,episode", [
    ("fumie", "basic"), ("fumie", "murder"), ("fumie", "tadokoro"), ("applerulette", "tale"),
    ("fatima", "chronicle"), ("funnytime", "duel"),
])
def test_twenty_games_read_as_stories_not_as_stock(story_id, episode):
    """What it samples: 20 seeded bot games of the episode (the bots and the reading seat
    turn with the seed, so every seat reads some games; card knowledge carried from one
    game to the next as a player's is), each read through move by move as `narrator
    replay SLOT --as SEAT` reads it, ending page included, a card's printed flavour left
    out (it is quoted, not narrated). At most 5% of a game's sentences repeat one already
    told in it, at most 10% are sentences found in half the games or more, and no sentence
    comes more than three times in one game."""
    variety = _variety()
    story = load(story_id)
    known: set[str] = set()
    games = []
    for seed in range(20):
        text, known = variety.read_game(story, episode, seed, known)
        games.append(text)
    m = variety.measure(games)
    assert m["repeated"] <= 0.05, (m["repeated"], variety.worst(games, 5))
    assert m["stock"] <= 0.10, (m["stock"], variety.worst(games, 5))
    assert m["max"] <= 3, (m["max"], m["worst"])


def test_snow_whites_storybook_is_counted_at_every_fifth_page_and_the_last_three_only():
    """A count of the pages left at every draw reads as a ledger; the table sees the book."""
    from narrator.authoring import play
    from narrator.narration import tell_game

    story = load("applerulette")
    numbers = {w: n for n, w in enumerate(["no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                                           "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen",
                                           "sixteen", "seventeen", "eighteen", "nineteen", "twenty"])}
    counted = []
    for seed in range(6):
        seats = story.seats_for({"episode": "tale", "players": 5})
        game = play(story, "tale", {"players": 5}, seats, seed)
        for text in tell_game(Narrator(story, seed, set(), "tale"), game.log, game.marks, seats[seed % 5]):
            for word in re.findall(r"\b(\w+) (?:pages?|more)\b (?:are |is )?(?:left|to come|thick)", text):
                if word.lower() in numbers:
                    counted.append(numbers[word.lower()])
    assert counted and all(n <= 3 or n % 5 == 0 for n in counted), counted
    assert any(n > 3 for n in counted)       # the fifth pages are counted
