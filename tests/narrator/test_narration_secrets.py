"""Secrets in narration: the prose told to a seat never names a card that seat has not
been told of, and never identifies a card used face down.

A seat is told of a card by an event it may see that carries the card: its own draws
(`draw_seen`), a hand shown to it, a deck it looked at (`deck_seen`), a card used or
turned face up, removed, ending the game, a ★ firing... From then on it may be named.
A card used face down is never identified, whoever used it.

Card names: the effect-side name and the ◆ name of story.content.cards[id]. The two
protagonists' own names are left out (every sentence is about them); scenery that names
a card in passing whatever it is doing is listed, sentence by sentence, in conftest.py.
"""
from __future__ import annotations

import pytest

GAMES = 200


def test_the_scanner_finds_names_and_skips_scenery(named_cards, story):
    cards = story.content.cards
    ball = next(c for c in cards.values() if c.sleeve_name == "A Scuffed Ball")
    bike = next(c for c in cards.values() if c.name == "Ryosuke's Bicycle")
    ryosuke = cards["ryosuke"]
    assert named_cards("Takeo thinks of the Match Ball.", [ball.id]) == {ball.id: ball.name.lower()}
    assert named_cards("Takeo picks up a scuffed\nball.", [ball.id]) == {ball.id: "a scuffed ball"}
    assert named_cards("That was Ryosuke's bicycle.", [ryosuke.id]) == {}
    assert named_cards("That was Ryosuke's bicycle.", [bike.id]) == {bike.id: "ryosuke's bicycle"}
    assert named_cards("Ryosuke drops onto the bench.", [ryosuke.id]) == {ryosuke.id: "ryosuke"}
    assert named_cards("Takeo watches Fumie laugh at something Risa has said.",
                       [c.id for c in cards.values() if "basic" in c.episodes]) == {}


def _face_down_cards(game) -> dict[int, str]:
    """Log index of every face-down `use`, and of its `discard` -> the card used face down
    (the front card of the other hand when the `down` action was taken)."""
    order = [before.sides[before.opponent(seat)].hand[0]
             for seat, action, before, _ in game.before if action.startswith("down ")]
    hidden: dict[int, str] = {}
    in_use: dict[str, str] = {}
    for i, e in enumerate(game.log):
        if e.kind == "use" and e.data["face"] == "down":
            hidden[i] = in_use[e.data["user"]] = order.pop(0)
        elif e.kind == "discard" and e.data["face"] == "down":
            hidden[i] = in_use.pop(e.data["seat"])
    assert not order
    return hidden


@pytest.mark.parametrize("seat", ["takeo", "fumie"])
def test_narration_names_only_what_the_seat_was_told(seat, bot_games, narrator_for, named_cards,
                                                     story):
    every = [c.id for c in story.content.cards.values() if "basic" in c.episodes]
    checked = secret_checks = face_down_checks = 0
    for game in bot_games(300)[:GAMES]:
        n = narrator_for(game.seed, game.known)
        hidden = _face_down_cards(game)
        told: set[str] = set()
        for i, event in enumerate(game.log):
            if event.visible_to(seat):
                d = event.data
                if d.get("card"):
                    told.add(d["card"])
                told.update(d.get("cards") or ())
            for passage in n.tell([event], i, seat, "basic"):
                checked += 1
                untold = [c for c in every if c not in told]
                secret_checks += len(untold)
                leaked = named_cards(passage, untold)
                assert not leaked, (game.seed, i, event, passage, leaked)
                if i in hidden:
                    face_down_checks += 1
                    leaked = named_cards(passage, [hidden[i]])
                    assert not leaked, ("face down", game.seed, i, event, passage, leaked)
    assert checked > 10_000 and secret_checks > 50_000 and face_down_checks > 1_000


def test_the_narrator_is_told_only_visible_events(bot_games, narrator_for):
    """`tell` for a seat skips what that seat may not see: a private event of the other
    seat gives no passage at all."""
    game = bot_games(300)[0]
    n = narrator_for(game.seed, game.known)
    for i, e in enumerate(game.log):
        if e.seats is not None and "takeo" not in e.seats:
            assert n.tell([e], i, "takeo", "basic") == []
            assert n.tell([e], i, None, "basic") == []
