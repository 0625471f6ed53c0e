"""The gate on its own: sentences cut from a stream, and each rule with a sentence that
breaks it and one that does not."""
from __future__ import annotations

import pytest

from narrator.library import load
from narrator.llm import voice
from narrator.llm.gate import Gate, Sentences, names_in, numbers_in

MOMENT = "Senior Kondo draws the day on the whiteboard. Two apples lie on the table."


@pytest.fixture(scope="module")
def gate_for():
    def make(story_id="fumie", earlier=(), prompt="You are the storyteller. Write only the sentences, as plain prose, and nothing else."):
        story = load(story_id)
        known = "Takeo Fumie " + story.info.get("tone", "")
        return Gate(voice.of(story).gate_voice(), names_in(known), numbers_in(known), prompt=prompt,
                    moment=MOMENT, earlier=list(earlier), markers=("Earlier:", "Just now:"))
    return make


def test_sentences_come_whole_from_pieces():
    cut = Sentences()
    assert cut.feed("The rain") == []
    assert cut.feed(" stops. Mr. Tadokoro") == ["The rain stops."]
    assert cut.feed(" nods! And then") == ["Mr. Tadokoro nods!"]
    assert cut.finish() == ["And then"] and Sentences.unfinished("And then")
    assert Sentences().feed("One line\nAnother") == ["One line"]
    assert not Sentences.unfinished("“Go,” she says.”")


@pytest.mark.parametrize("sentence", [
    "Rain ticks against the window, and somewhere a door slides shut.",
    "Takeo folds his hands so that nobody will see them shake.",
    "Outside, Senior Kondo caps his pen and looks at the two of them.",
    "“Not yet,” Fumie says, and laughs at nothing.",
    "“Are you coming?” Fumie asks, and does not wait for the answer.",
])
def test_prose_in_the_story_voice_passes(gate_for, sentence):
    assert gate_for().judge(sentence) is None


@pytest.mark.parametrize("sentence, reason", [
    ("", "empty"),
    ("<start_of_turn>user", "template"),
    ("[INST] Tell the story [/INST]", "template"),
    ("Assistant: here is the passage.", "role"),
    ("Takeo: we will go now.", "role"),
    ("1. Takeo goes home.", "list"),
    ("(1) (a card you have not seen)", "list"),
    ("# The Rain", "heading"),
    ("The story so far, most recent last:", "heading"),
    ("Just now: nothing happened at all.", "marker"),
    ("Takeo puts a card on the pile.", "mechanical"),
    ("It is your turn, Takeo.", "mechanical"),
    ("Detective Mihara waits at the gate.", "name"),
    ("The rain falls on Mihara and the gate.", "name"),
    ("The game began with 3 poisoned apples.", "mechanical"),
    ("The feast began with three poisoned apples.", "number"),
    ("Ceci n'est pas une pipe et voilà tout encore.", "language"),
    ("Write only the sentences, as plain prose, and nothing else.", "echo"),
    ("the word " * 35 + "end.", "long"),
    ("You are the storyteller.", "echo"),
    ("He nods.", "short"),
    ("You stand by the lockers and wait for the rain to stop.", "person"),
    ("Then I draw the day on the whiteboard for them.", "person"),
])
def test_each_rule_refuses(gate_for, sentence, reason):
    assert gate_for().judge(sentence) == reason


def test_numbers_and_names_told_are_allowed(gate_for):
    gate = gate_for()
    assert gate.judge("The two apples shine like lamps.") is None
    assert gate.judge("Senior Kondo sighs at the rain.") is None


def test_repetition_of_earlier_passages_and_of_itself(gate_for):
    earlier = ["The bell of the level crossing rings twice and stops again in the rain."]
    gate = gate_for(earlier=earlier)
    assert gate.judge("Then the bell of the level crossing rings twice and stops.") == "repetition"
    good = "A gull cries over the roofs of the station."
    assert gate.judge(good) is None
    gate.seen(good)
    assert gate.judge(good) == "repetition"


def test_every_story_has_its_mechanical_words():
    for story_id in ("fumie", "applerulette", "fatima", "funnytime"):
        v = voice.of(load(story_id))
        assert {"card", "deck"} <= set(v.mechanical) and v.examples and v.person in ("second", "third")
        assert v.gate_voice().mechanical_word("The Cards lie still.") == "Cards"
