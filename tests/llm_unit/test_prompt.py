"""The request: the story's words, its person and tense, fitted to the context."""
from __future__ import annotations

from narrator.library import load
from narrator.llm import prompt


def test_each_story_is_asked_for_in_its_own_person_and_tense():
    for story_id, person, tense in (("fumie", "third", "present"), ("applerulette", "second", "present"),
                                    ("fatima", "third", "past"), ("funnytime", "second", "present")):
        story = load(story_id)
        seats = story.seats_for({})
        r = prompt.request(story, story.episodes[0]["id"], seats, seats[0], [], ["It rains."])
        system = r.messages[0]["content"]
        assert f"the {person} person, in the {tense} tense" in system
        assert all(example in system for example in story.info["llm"]["examples"])
        # The REPL's screen is nowhere in it, nor the rules' words it is told to avoid.
        assert "left in your deck" not in system and "(the game ends at" not in system and " FP " not in system
        if person == "second":
            assert '"you"' in r.ask


def test_the_cast_is_the_table_not_every_seat_the_story_has():
    story = load("applerulette")
    seats = story.seats_for({"players": 5})
    system = prompt.system_text(story, "tale", seats)
    assert "Elsa" in system and "Fritz" not in system and "Hans" not in system


def test_the_request_fits_the_context_by_leaving_out_the_oldest_memory():
    story = load("fumie")
    memory = [f"Passage {i}: " + "the rain goes on and on over the pitch. " * 20 for i in range(6)]
    whole = prompt.request(story, "basic", story.seats, "takeo", memory, ["It rains."], n_ctx=8192)
    fitted = prompt.request(story, "basic", story.seats, "takeo", memory, ["It rains."], n_ctx=1536)
    assert len(whole.memory) == 6 and 0 < len(fitted.memory) < 6
    assert fitted.memory == tuple(memory[-len(fitted.memory):])           # the newest are kept
    assert fitted.tokens + fitted.max_tokens <= 1536
    assert fitted.messages[0] == whole.messages[0]                         # the prefix never moves


def test_folding_keeps_the_prefix_byte_for_byte():
    story = load("fatima")
    a = prompt.request(story, "chronicle", story.seats_for({}), "p1", [], ["One."], fold_system=True)
    b = prompt.request(story, "chronicle", story.seats_for({}), "p1", ["One."], ["Two."], fold_system=True)
    (ma,), (mb,) = a.messages, b.messages
    assert ma["role"] == "user" and ma["content"].startswith(a.system) and mb["content"].startswith(a.system)


def test_a_round_too_long_for_the_context_keeps_its_latest_passages():
    story = load("fumie")
    moment = [f"Passage {i}: " + "the rain goes on and on over the pitch. " * 30 for i in range(8)]
    r = prompt.request(story, "basic", story.seats, "takeo", ["Earlier passage."], moment, n_ctx=1024)
    assert r.memory == () and r.moment.endswith(moment[-1]) and moment[0] not in r.moment
    assert r.tokens + r.max_tokens <= 1024
