"""FunnyTime at the table: the new commands through click's CliRunner (exit codes and
exact messages), a whole game played through `narrator play`, the partner bot, the
screens, and the narration of every event kind."""
from __future__ import annotations

import json
import random
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest

from engine.funnytime import game as g
from ft_positions import AKI, CONTENT, REN, SEATS, STORY
from narrator import bots
from narrator.narration import Narrator
from narrator.saves import Save
from narrator.screens import for_story
from narrator.session import Session

NOWHERE = Path("/nonexistent-narrator-test-folder/never-written.toml")
DECKS = files("stories") / "funnytime" / "decks"
SLAPSTICK_FILE = str(DECKS / "slapstick.toml")


def deck_file(tmp_path, name="mine.toml", **cards) -> str:
    counts = dict(CONTENT.decks["slice_of_life"].counts)
    counts.update(cards)
    lines = ["format_version = 1", 'name = "Mine"', "[cards]", *(f"{c} = {n}" for c, n in counts.items() if n)]
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


# --------------------------------------------------------------------- narrator cards / deck check
def test_cards_lists_the_whole_pool_and_the_starter_decks(cli):
    result = cli("cards", "funnytime")
    assert result.exit_code == 0
    for card in CONTENT.cards.values():
        assert f"{card.name}" in result.output and f"({card.id})" in result.output
    assert "Open Down  FP  20  When shown: Draw 1 card." in result.output
    assert result.output.rstrip().endswith(
        "Starter decks: slapstick (Slapstick Sprint), slice_of_life (Slow-Burn Slice of Life)")


def test_cards_of_a_story_without_a_pool_lists_its_cards(cli):
    result = cli("cards", "fumie")     # every story has a card list (tests/narrator/test_gallery_storybook.py)
    assert result.exit_code == 0 and result.output.startswith("For Fumie's cards:")


def test_deck_check_passes_a_legal_deck(cli):
    result = cli("deck", "check", SLAPSTICK_FILE)
    assert result.exit_code == 0
    assert result.output == f"{SLAPSTICK_FILE}: a legal deck of 60 cards: 37 Koma with 51 icons, 23 Make.\n"


def test_deck_check_says_exactly_what_is_wrong(cli, tmp_path):
    path = deck_file(tmp_path, robot=5, coffee=3, nonsense=1)
    result = cli("deck", "check", path)
    assert result.exit_code == 1
    assert result.stderr == (
        f"Error: {path} is not a legal deck:\n"
        "  - 'nonsense' is not a card of the FunnyTime pool (`narrator cards funnytime` lists them)\n"
        "  - the deck has 65 cards; a deck has 60 to 62 (take out 3 or more)\n"
        "  - 5 copies of 'The Homework Robot' (robot); at most 4 of a Koma card\n"
        "  - 3 copies of 'Third Cup of Coffee' (coffee); at most 2 of a Make card\n")


def test_deck_check_of_a_file_that_is_missing_or_not_toml(cli, tmp_path):
    result = cli("deck", "check", tmp_path / "nope.toml")
    assert result.exit_code == 1 and result.stderr == f"Error: there is no deck file {tmp_path / 'nope.toml'}\n"
    broken = tmp_path / "broken.toml"
    broken.write_text("[cards\nalarm = 4\n", encoding="utf-8")
    result = cli("deck", "check", broken)
    assert result.exit_code == 1 and result.stderr.startswith(f"Error: the deck file {broken} is not valid TOML:")


def test_rules_prints_the_rulings(cli):
    result = cli("rules", "funnytime")
    assert result.exit_code == 0 and "## Rulings of this edition" in result.output
    assert "星裁" in result.output and "The deadline" in result.output


# --------------------------------------------------------------------- narrator play
def _save(tmp_path) -> Save:
    (path,) = tmp_path.glob("funnytime-*.toml")
    return Save.read(path)


def test_play_with_no_input_leaves_a_saved_game(cli, tmp_path):
    result = cli("play", "funnytime", "--seed", 2, input="1\n")
    assert result.exit_code == 0
    assert result.output.startswith("FunnyTime — The Serialization Duel  (save: funnytime-duel-1)\n"
                                    "Aki: you, Ren: a bot. Type `help` for commands.\n")
    assert "Make Time: lay your panels face down" in result.output
    save = _save(tmp_path)
    assert save.seats == {"aki": "human", "ren": "bot:partner"} and save.options == {}   # a FunnyTime game carries nothing from the last


def test_play_with_a_starter_deck_by_name(cli, tmp_path):
    result = cli("play", "funnytime", "--seed", 2, "--deck", "slice_of_life", input="1\n")
    assert result.exit_code == 0
    assert _save(tmp_path).options["decks"] == {"aki": "slice_of_life"}


def test_play_with_a_deck_file_of_your_own_as_ren(cli, tmp_path):
    path = deck_file(tmp_path, robot=2, salaryman=3)
    result = cli("play", "funnytime", "--as", "ren", "--seed", 4, "--deck", path, input="1\n")
    assert result.exit_code == 0
    save = _save(tmp_path)
    assert save.options["decks"]["ren"]["name"] == "Mine"
    assert save.options["decks"]["ren"]["cards"]["robot"] == 2
    # the saved game replays with that deck
    session = Session.resume(save.path, None, autosave=False)
    assert session.state.decks == {"aki": "Slapstick Sprint", "ren": "Mine"}
    assert sorted(session.state.sides["ren"].cards()).count("robot") == 2


def test_play_with_a_deck_that_is_not_legal_says_why_and_starts_nothing(cli, tmp_path):
    path = deck_file(tmp_path, coffee=3)
    result = cli("play", "funnytime", "--deck", path, input="")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: {path} is not a legal deck: 3 copies of 'Third Cup of Coffee' (coffee);"
                             " at most 2 of a Make card\n")
    assert not list(tmp_path.glob("funnytime-*.toml"))
    result = cli("play", "funnytime", "--deck", "nonsense", input="")
    assert result.exit_code == 1 and result.stderr == (
        "Error: --deck nonsense: not a starter deck (slapstick, slice_of_life) nor a deck file\n")


def test_deck_is_for_stories_played_with_decks(cli):
    result = cli("play", "fumie", "--deck", "slapstick", input="")
    assert result.exit_code == 1
    assert result.stderr == "Error: --deck: For Fumie is not played with decks of your own\n"


def _script(seed: int) -> tuple[list[str], Session]:
    """The lines a human at Aki's seat types, chosen by a partner bot, and the game."""
    seats = {AKI: "human", REN: "bot:partner"}
    session = Session.new(STORY, "duel", seed, seats, NOWHERE, None, autosave=False)
    me = bots.make("partner", STORY, AKI, seed + 99)
    rival = bots.make("partner", STORY, REN, seed)
    lines = []
    while session.ending() is None:
        seat = session.to_act()[0]
        action = (me if seat == AKI else rival).choose(session.view(seat))
        if seat == AKI:
            lines.append(action)
        session.act(seat, action)
    return lines, session


@pytest.mark.parametrize("seed", [2, 5])
def test_a_whole_duel_played_through_narrator_play(cli, tmp_path, seed):
    lines, session = _script(seed)
    result = cli("play", "funnytime", "--seed", seed, input="\n".join(["hand", "table", "sky", *lines]) + "\n")
    assert result.exit_code == 0
    page = CONTENT.page("duel", session.ending().id)
    assert page.title in result.output
    assert "Your hand (" in result.output and "Your planisphere: 21 of 21 lit." in result.output
    save = _save(tmp_path)
    assert save.ended == session.ending().id
    assert [a for s, a in save.actions if s == AKI] == lines


def test_explore_reports_the_endings_as_json(cli):
    result = cli("explore", "funnytime", "--games", 12, "--json")
    assert result.exit_code == 0
    report = json.loads(result.output)
    assert report["games"] == 12 and set(report["endings"]) == \
        {p.id for p in CONTENT.books["duel"].ending} - {"surrender_aki", "surrender_ren"}   # no bot surrenders
    assert sum(report["endings"].values()) == 12


# --------------------------------------------------------------------- the partner bot
def _duel(seed: int, kinds: dict) -> object:
    st = g.new_game(CONTENT, SEATS, seed, {})
    players = {s: bots.make(kinds[s], STORY, s, seed) for s in SEATS}
    while g.ending(st) is None:
        seat = g.to_act(st)[0]
        g.apply(st, seat, g.parse_action(players[seat].choose(STORY.view(st, seat))))
    return st


def test_the_partner_beats_a_random_player_from_either_seat():
    wins = 0
    for seed in range(16):
        partner = SEATS[seed % 2]
        st = _duel(seed, {s: "partner" if s == partner else "random" for s in SEATS})
        wins += st.ended.detail.get("winner") == partner
    assert wins >= 14


def test_a_bot_duel_is_the_same_every_time():
    a = _duel(7, {AKI: "partner", REN: "partner"})
    b = _duel(7, {AKI: "partner", REN: "partner"})
    assert [(e.kind, e.data) for e in a.log] == [(e.kind, e.data) for e in b.log]


def test_the_partner_chooses_from_its_view_alone():
    st = g.new_game(CONTENT, SEATS, 3, {})
    partner = bots.make("partner", STORY, AKI, 3)
    view = STORY.view(st, AKI)
    action = partner.choose(view)
    assert action in view.legal and action.startswith("lay ki ")


# --------------------------------------------------------------------- screens
def test_the_screens_draw_every_decision_and_hide_the_rivals_hand():
    screen = for_story(STORY)
    names = {s: STORY.seat_name(s) for s in SEATS}
    st = g.new_game(CONTENT, SEATS, 11, {})
    rng = random.Random(11)
    seen = set()
    aki_only = {c for c in CONTENT.decks["slapstick"].cards()} - set(CONTENT.decks["slice_of_life"].cards())
    while g.ending(st) is None and st.number < 4:
        seat = g.to_act(st)[0]
        view = STORY.view(st, seat)
        text = screen.decision(view, names)
        offered = screen.options(view, names)
        assert [a for a, _ in offered] == list(view.legal)
        assert all(does for a, does in offered), offered   # every option says what it does
        seen.add(view.decision.kind)
        for command in screen.COMMANDS:
            assert screen.show(command, view, names)
        if seat == REN:
            text = "\n".join(screen.show(c, view, names) for c in screen.COMMANDS) + screen.decision(view, names) \
                + "\n".join(does for _, does in offered)
            aki = st.sides[AKI]
            public = set(aki.open_hand) | set(aki.botsu) | set(aki.lost) | set(aki.stock) | set(aki.played) \
                | {x.card for x in aki.manuscript if x.rotation is not None}
            for card in set(aki.hand) & aki_only - public:
                assert CONTENT.cards[card].name not in text, card
        options = [a for a in g.legal_actions(st, seat) if str(a) != "stop"]
        g.apply(st, seat, rng.choice(options))
    assert {"make", "open", "pay"} <= seen
    assert "facts" in dir(screen) and screen.facts(STORY.view(st, AKI), names)


# --------------------------------------------------------------------- narration
def _bot_logs(n: int):
    for seed in range(n):
        kinds = {s: ("partner", "random")[(seed + i) % 2] if seed % 3 else "partner" for i, s in enumerate(SEATS)}
        yield seed, _duel(seed, kinds)


def test_every_event_kind_has_three_templates_and_every_event_is_told():
    folder = Path(str(files("prompts"))) / "funnytime"
    variants = {}
    for path in folder.glob("*.j2"):
        if not path.name.startswith("_"):
            kind = path.name.split(".")[0]
            variants[kind] = variants.get(kind, 0) + 1
    assert all(n >= 3 for n in variants.values())
    emitted = set()
    for seed, st in _bot_logs(12):
        emitted |= {e.kind for e in st.log}
        for reader in (None, AKI, REN):
            passages = Narrator(STORY, seed, set()).tell(st.log, 0, reader)
            assert passages and all("The story moves on" not in p for p in passages)
    assert emitted <= set(variants), emitted - set(variants)
    documented = (Path(__file__).resolve().parents[2] / "docs" / "narration-funnytime.md").read_text("utf-8")
    assert all(f"| `{k}` |" in documented for k in variants)


def test_every_variant_of_every_kind_renders():
    n = Narrator(STORY, 0, set())
    samples = {}
    for seed, st in _bot_logs(6):
        for e in st.log:
            samples.setdefault((e.kind, e.data.get("op"), e.data.get("why"), e.data.get("winner") is None), e)
    for (kind, *_), event in samples.items():
        ctx = n.context(event, 0, event.data.get("seat") if event.seats else None, 1)
        for name in n.variants(kind):
            # Bookkeeping folds away by default; with `verbose` every event is told.
            for verbose in (False, True):
                text = n.env.get_template(name).render(ctx, verbose=verbose).strip()
                assert kind == "draw" or text or not verbose, (name, event)
                assert "{{" not in text and "None" not in text, (name, text)
                assert " ." not in text and "  " not in text, (name, text)


def test_the_rival_is_never_told_the_panels_laid_in_secret():
    for seed, st in _bot_logs(6):
        first_strip = next(i for i, e in enumerate(st.log) if e.kind == "strip")
        laid = {e.data["card"] for e in st.log[:first_strip] if e.kind == "laid" and e.data["seat"] == AKI}
        unique = {CONTENT.cards[c].name for c in laid} - {CONTENT.cards[c].name for c in
                                                          CONTENT.decks["slice_of_life"].cards()}
        # (a card Ren peeked at, or one thrown from Aki's hand in the open, Ren may be told of)
        shown = {e.data.get("card") for e in st.log[:first_strip] if e.kind == "peek" and e.visible_to(REN)}
        shown |= {c for e in st.log[:first_strip] if e.kind == "effect" for c in e.data.get("cards", ())}
        unique -= {CONTENT.cards[c].name for c in shown if c}
        told = " ".join(Narrator(STORY, seed, set()).tell(st.log[:first_strip], 0, REN))
        assert not any(name in told for name in unique), (seed, unique)


def test_the_ending_page_names_the_winner_in_its_condition():
    for page in CONTENT.books["duel"].ending:
        if page.id != "stopped":
            cause, winner = page.id.split("_")
            assert f"{STORY.seat_name(winner)} wins the slot" in page.condition
    data = tomllib.loads((files("stories") / "funnytime" / "story.toml").read_text("utf-8"))
    assert data["tone"] and data["episode"][0]["id"] == "duel"
