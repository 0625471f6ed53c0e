"""A hand keeps its order while cards arrive: a player who remembers `fight with 2` lays
the card they saw at 2. Games saved before that rule replay as they were played."""
from __future__ import annotations

import hashlib
import random
import shutil
from collections import Counter
import tomllib
from pathlib import Path

from engine.fatima import game as g
from fatima_positions import CONTENT, STORY, act, position, seats
from narrator.session import Session
from tests.test_contract import log_bytes

FORMAT1 = Path(__file__).resolve().parent / "saved-format1.toml"
# The event log this save made when it was played, with every hand in the card file's order.
FORMAT1_LOG = ("late_snatch", 398, "6493f711c40c503992ad2b672b97f81db898f63231a153729c861cb882478001")


def test_cards_drawn_join_the_end_of_the_hand():
    st = position(players=3, hands={"p1": ["squire", "kael", "courier"]}, deck=["aldric", "tancred", "benedek"])
    act(st, "p1", "action 3")    # Fast Couriers: draw two (the deck's top is its last card)
    # Under the card file's order the two persons drawn would have gone first.
    assert st.nations["p1"].hand == ["squire", "kael", "benedek", "tancred"]


def test_no_card_held_ever_changes_position_when_others_arrive():
    arrivals = 0
    for seed in range(6):
        st = g.new_game(CONTENT, seats(5), seed, {"players": 5})
        rng = random.Random(seed)
        while g.ending(st) is None:
            before = {s: list(n.hand) for s, n in st.nations.items()}
            (seat,) = g.to_act(st)
            events = g.apply(st, seat, rng.choice([a for a in g.legal_actions(st, seat) if a.verb != "stop"]))
            if any(e.kind == "returned" for e in events):
                continue     # a card back from a fight arrives too, at the end
            for s, n in st.nations.items():
                old, new = Counter(before[s]), Counter(n.hand)
                if old < new:       # cards only arrived: those held keep their places
                    assert n.hand[:len(before[s])] == before[s], (seed, s, before[s], n.hand)
                    arrivals += 1
    assert arrivals > 50   # the games did bring cards into hands


def test_the_dealt_hand_is_arranged_in_the_card_files_order():
    st = g.new_game(CONTENT, seats(5), 3, {"players": 5})
    dealt = {e.data["seat"]: e.data["cards"] for e in st.log if e.kind == "hand_seen" and e.data["why"] == "deal"}
    assert len(dealt) == 5
    for seat, cards in dealt.items():
        assert cards == sorted(cards, key=CONTENT.order.__getitem__)
        assert st.nations[seat].hand[:len(cards)] == cards   # the first turn's draw comes after


def test_a_save_from_before_replays_with_its_hands_in_the_card_files_order(tmp_path):
    path = tmp_path / "old.toml"
    shutil.copy(FORMAT1, path)
    session = Session.resume(path, None, autosave=False)
    ending, events, digest = FORMAT1_LOG
    assert session.ending().id == ending and len(session.state.log) == events
    assert hashlib.sha256(log_bytes(session.state.log)).hexdigest() == digest
    # Written again (in the current format), it says which rule it was played under,
    # and replays to the same game.
    session.write()
    data = tomllib.loads(path.read_text("utf-8"))
    assert data["options"]["hand"] == "sorted" and data["format_version"] > 1
    again = Session.resume(path, None, autosave=False)
    assert log_bytes(again.state.log) == log_bytes(session.state.log)


def test_the_same_actions_under_the_old_rule_make_another_game():
    # The rule matters: this save's actions do not replay with hands kept in arrival order.
    data = tomllib.loads(FORMAT1.read_text("utf-8"))
    st = STORY.family.new_game(CONTENT, seats(5), data["seed"], {"players": 5, "episode": "chronicle"})
    from engine.errors import GameError
    played = 0
    try:
        for line in data["actions"]:
            seat, _, text = line.partition(": ")
            STORY.family.apply(st, seat, STORY.family.parse(text))
            played += 1
    except GameError:
        pass
    assert played < len(data["actions"]) or hashlib.sha256(log_bytes(st.log)).hexdigest() != FORMAT1_LOG[2]


def test_a_hand_position_as_written_names_its_index_and_one_past_any_hand_is_read_not_kept():
    from engine.fatima.actions import INDEX, numbers
    from engine.fatima.moves import from_hand

    assert [INDEX[w] for w in numbers(12)] == list(range(12))
    assert INDEX["65"] == 64 and "65" not in INDEX
    st = position(hands={"p1": ["aldric", "isolde", "benedek"]})
    assert from_hand(st, "p1", "2") == "isolde" and st.nations["p1"].hand == ["aldric", "benedek"]
