"""The chronicle's narration and the screens: every event kind has its templates (three
variants at least) and its row in docs/narration-fatima.md; every variant renders for real
events in the sandbox with StrictUndefined; the prose tells each seat only what it may
know (no veiled king named, no other hand's cards); a replay reads the same; and the
screens draw every kind of decision from a view alone."""
from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from engine.fatima import game as g
from engine.fatima.actions import parse
from fatima_positions import CONTENT, STORY, bot_game, view
from narrator import bots
from narrator.explore import bot_for
from narrator.narration import Narrator, _environment
from narrator.screens import fatima as screen

DOC = Path(__file__).resolve().parents[2] / "docs" / "narration-fatima.md"


def documented_kinds() -> set[str]:
    """Every event kind the narration notes list (one table row each)."""
    return set(re.findall(r"^\| `([a-z_]+)` \|", DOC.read_text("utf-8"), re.M))


KINDS = documented_kinds()


def game(players: int, seed: int):
    return bot_game(seed, players)


@pytest.fixture(scope="module")
def games():
    return [game(players, seed) for players in (2, 5, 8) for seed in range(12)]


@pytest.fixture(scope="module")
def env():
    return _environment()


def narrator(seed: int, env) -> Narrator:
    n = Narrator(STORY, seed, set(), "chronicle")
    n.env = env
    return n


def test_every_kind_the_engine_makes_in_play_is_documented(games):
    assert {"setup", "attack", "dice", "roll_off", "initiative", "ending"} <= KINDS
    made = {e.kind for st in games for e in st.log}
    assert made <= KINDS, sorted(made - KINDS)


def test_every_kind_has_three_variants_at_least(env):
    names = env.list_templates(extensions=["j2"])
    for kind in KINDS:
        variants = [t for t in names if t.startswith(f"fatima/{kind}.")]
        assert len(variants) >= 3, kind


def test_every_kind_happens_in_play(games):
    seen = Counter(e.kind for st in games for e in st.log)
    rare = {"ward", "peek", "recalled", "declined", "took", "took_seen", "called_off", "king_seen", "truce"}
    assert KINDS - set(seen) <= rare


def test_every_variant_renders_for_real_events(games, env):
    done = Counter()
    for st in games:
        n = narrator(st.seed, env)
        for reader in (None, *st.seats[:3]):
            for i, e in enumerate(st.log):
                if not e.visible_to(reader) or done[(e.kind, reader is None)] > 40:
                    continue
                done[(e.kind, reader is None)] += 1
                ctx = n.context(e, i, reader, 1)
                for name in n.variants(e.kind):
                    # Bookkeeping folds away by default; with `verbose` every event is told.
                    for verbose in (False, True):
                        text = env.get_template(name).render(ctx, verbose=verbose).strip()
                        assert text or not verbose, (name, e)
                        assert "None" not in text and "  " not in text, (name, e, text)
                        assert "{{" not in text and "{%" not in text
                        assert " ." not in text and ",," not in text and ",." not in text, (name, text)


def test_combat_is_told_as_drama_not_arithmetic(games, env):
    """A throw names the champion and the nation it fights for, never the faces or the
    sum; a roll-off names the court that won it; the numbers stay on the table screen."""
    for st in games[:6]:
        n = narrator(st.seed, env)
        for i, e in enumerate(st.log):
            if e.kind not in ("dice", "roll_off", "combat_won"):
                continue
            for name in n.variants(e.kind):
                text = env.get_template(name).render(n.context(e, i, None, 1))
                assert not re.search(r"\b(a|an) [0-9]\b|[0-9] damage|[0-9]+ against [0-9]+", text), (name, text)
                if e.kind == "dice":
                    card = CONTENT.cards[e.data["card"]].name
                    assert STORY.seat_name(e.data["seat"]) in text, (name, text)
                    assert not re.search(r"[0-9]", text), (name, text)
                if e.kind == "roll_off" and e.data["winner"]:
                    assert STORY.seat_name(e.data["winner"]) in text


def test_a_sovereign_is_titled_by_the_nation_dealt_them(env):
    """Kings name no nation of their own: the title comes from the seat they rule, and a
    queen is a queen ("let her face be seen")."""
    from engine.events import public
    n = narrator(1, env)
    e = public("king_revealed", seat="p2", card="sea_queen", why="decree")
    text = env.get_template("fatima/king_revealed.1.j2").render(n.context(e, 0, None, 1))
    assert "Queen of Corriveth" in text and "her face" in text and " his " not in text
    for k in CONTENT.kings.values():
        assert not any(STORY.seat_name(s) in k.name for s in STORY.seats), k.name


def test_the_prose_never_names_a_veiled_king_or_another_hand(games, env):
    king_names = {k.name: k.id for k in CONTENT.kings.values()}
    for st in games[::3]:
        for reader in st.seats[:3]:
            n = narrator(st.seed, env)
            shown = set()
            mine = next(e.data["card"] for e in st.log if e.kind == "king_dealt" and e.data["seat"] == reader)
            for i, e in enumerate(st.log):
                if e.kind == "king_revealed":
                    shown.add(e.data["card"])
                if e.kind == "king_seen" and e.data["seat"] == reader:
                    shown.add(e.data["card"])
                for text in n.tell([e], i, reader):
                    for name, kid in king_names.items():
                        if name in text:
                            assert kid in shown or kid == mine, (e, text)
                if e.seats is not None and reader not in e.seats:
                    assert n.tell([e], i, reader) == []


def test_a_replay_reads_the_same(env):
    st = game(5, 77)
    a = narrator(77, env).tell(st.log, 0, "p1")
    b = narrator(77, env).tell(game(5, 77).log, 0, "p1")
    assert a == b and len(a) > 20


def test_names_of_the_seats_are_the_nations():
    assert STORY.seat_name("p1") == "Aubervane" and STORY.seat_name("p6") == "the Sallow Marches"


# --------------------------------------------------------------------- screens
NAMES = {s: STORY.seat_name(s) for s in STORY.seats}


def test_the_screens_draw_every_decision_and_command(games):
    drawn = set()
    for st in games[:12]:
        # replay the game, drawing the screen of whoever decides at every step
        again = g.new_game(CONTENT, st.seats, st.seed, {"players": len(st.seats)})
        who = {s: bots.make(bot_for("mixed", st.seed, s), STORY, s, st.seed) for s in st.seats}
        while g.ending(again) is None:
            seat = g.to_act(again)[0]
            v = view(again, seat)
            text = screen.decision(v, NAMES)
            assert text and v.decision.prompt.split(":")[0] in text or v.decision.kind == "turn"
            drawn.add(v.decision.kind)
            for command in screen.COMMANDS:
                assert screen.show(command, v, NAMES)
            assert screen.facts(v, NAMES)
            g.apply(again, seat, parse(who[seat].choose(v)))
    assert {"turn", "defend", "discard", "pass_left", "may_unveil"} <= drawn


def test_the_table_screen_keeps_secrets():
    from fatima_positions import position
    st = position(kings={"p2": "sea_queen"}, hands={"p2": ["kael"]}, fatima={"p2": ["celandine"]})
    text = screen.show("table", view(st, "p1"), NAMES)
    assert "king veiled" in text and "Ysmay" not in text and "Kael" not in text
    assert "6?" in text, "a hidden king makes Celandine's count uncertain"
    text = screen.show("hand", view(st, "p2"), NAMES)
    assert "Ysmay" in text and "Kael" in text


# The words an Event's passage must carry, for each effect it prints: what it does, told in the
# chronicle's voice (the drawer named where the effect turns on the drawer).
STRIKES = {
    "discard_to_limit": ("military power", "give up"),
    "draw": ("draw|card",),
    "pass_left": ("left",),
    "may_unveil": ("unveil",),
    "reveal_king": ("veil",),
    "discard_random": ("at random|chosen by nobody",),
    "see_king": ("veil", "secret|no one the wiser"),
    "truce": (),
}


def test_an_event_says_what_it_does_as_it_strikes(env):
    """Every Event card, drawn at a nation's turn, is told with what it does (the drawer by
    name, the number of cards it deals), in the chronicle's words, not its rule text; the
    rule text is read out only with --verbose."""
    from engine.events import public
    from narrator.narration import Narrator
    seat, nation = "p2", STORY.seat_name("p2")
    events = [c for c in CONTENT.cards.values() if c.type == "event"]
    assert len(events) >= 10
    for card in events:
        e = public("event_drawn", seat=seat, card=card.id)
        n = Narrator(STORY, 1, set(), "chronicle")
        for name in n.variants("event_drawn"):
            for verbose in (False, True):
                text = env.get_template(name).render(n.context(e, 0, "p1", 3), verbose=verbose)
                text = " ".join(text.split())
                assert card.name.lower() in text.lower(), (name, text)
                told = card.text.replace("the drawer", nation).replace("The drawer", nation)
                assert (told in text or told[:1].lower() + told[1:] in text) == verbose, (name, verbose, text)
                assert "drawer" not in text.split("(The card reads")[0], (name, text)
                for step in card.effect:
                    for words in STRIKES[step.op]:
                        assert re.search(words, text, re.I), (card.id, name, words, text)
                    if step.who == "user" or step.op == "see_king":
                        assert nation in text, (card.id, name, text)
                    if step.n and step.n > 1:
                        assert ["no", "one", "two", "three"][step.n] in text, (card.id, name, text)


def test_an_event_sent_back_unread_keeps_its_flavour_for_the_day_it_strikes():
    """The Events dealt or drawn out of season and sent back are named in one line, without
    their flavour; an Event's flavour is read with the passage in which it strikes."""
    from narrator.narration import tell_game
    flavour = {c.id: c.flavour.strip() for c in CONTENT.cards.values() if c.type == "event"}
    checked = 0
    for seed in range(6):
        marks: list[int] = []
        st = bot_game(seed, 5, marks)
        reader = st.seats[seed % 5]
        told = tell_game(Narrator(STORY, seed, set(), "chronicle"), st.log, marks, reader)
        struck = {e.data["card"] for e in st.log if e.kind == "event_drawn"}
        for text in told:
            for part in text.split("\n\n"):
                if "came out of season" in part:
                    assert not any(f in text for f in flavour.values()), text
        whole = "\n".join(told)
        for card in struck:
            assert flavour[card] in whole, card
            checked += 1
    assert checked


# What a chronicle of many nations says of "the other courts" that a season of two cannot.
MANY = re.compile(r"\b(other courts|runners-up|its neighbours|attacked one another|Several of them|Every court knew)\b")


def test_a_season_of_two_nations_speaks_of_one_rival():
    """With two nations there is one other court: neither the telling nor the ending page
    speaks of several (every variant of the one told: each reader's deal differs)."""
    from narrator import endpage
    from narrator.narration import tell_game
    pages = set()
    for seed in range(40):
        marks: list[int] = []
        st = bot_game(seed, 2, marks)
        for reader in (None, *st.seats):
            told = "\n".join(tell_game(Narrator(STORY, seed, set(), "chronicle"), st.log, marks, reader))
            assert not MANY.search(" ".join(told.split())), (seed, reader, MANY.search(" ".join(told.split())))
        ending = g.ending(st)
        pages.add(ending.id)
        text = " ".join(endpage.render(STORY, "chronicle", ending.id, st.log).text.split())
        assert not MANY.search(text), (ending.id, MANY.search(text))
    assert {"landslide", "steady_reign"} <= pages
