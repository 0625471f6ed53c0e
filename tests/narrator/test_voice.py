"""The narration's machinery: dealing variants, folding bookkeeping, reading flavour once,
progress, the voice as data, ending pages over the game, and each story's own quit line."""
from __future__ import annotations

import copy
import dataclasses
from collections import Counter

import pytest

from engine.errors import StoryError
from engine.events import private, public
from narrator import endpage, voice
from narrator.library import load, story_ids
from narrator.narration import Deal, Narrator, tell_game


def test_a_deal_gives_every_option_once_before_any_twice_and_never_twice_running():
    deal = Deal(9)
    picks = [deal.next("k", 4) for _ in range(40)]
    for round_ in range(10):
        assert sorted(picks[round_ * 4:(round_ + 1) * 4]) == [0, 1, 2, 3]
    assert all(a != b for a, b in zip(picks, picks[1:]))
    assert picks == [Deal(9).next("k", 4) for _ in range(1)] + picks[1:]
    assert picks != [d.next("k", 4) for d in [Deal(10)] for _ in range(40)]


def test_one_of_deals_each_choice_in_turn_for_the_reader(story):
    n = Narrator(story, 3, set())
    one_of = n.one_of("takeo")
    lines = [one_of("a", "b", "c") for _ in range(6)]
    assert sorted(lines[:3]) == sorted(lines[3:]) == ["a", "b", "c"]
    assert one_of(["x"]) == "x" and one_of() == ""
    # Each reader has a deal of their own.
    assert [n.one_of("fumie")("a", "b", "c") for _ in range(3)] == lines[:3]


def with_prompts(story, tmp_path, files: dict[str, str], **voice_data):
    """The story with its own prompts/ folder holding `files`, and this voice."""
    folder = tmp_path / "story"
    (folder / "prompts").mkdir(parents=True)
    for name, text in files.items():
        (folder / "prompts" / name).write_text(text, encoding="utf-8")
    return dataclasses.replace(story, folder=folder, voice={**story.voice, **voice_data})


def test_a_moves_bookkeeping_folds_into_one_line_unless_verbose(story, tmp_path):
    told = with_prompts(story, tmp_path, {
        "_fold.j2": "{% for f in folded %}[{{ f.kind }}]{% endfor %} ({{ by_kind.draw | length }} draws)",
        "draw.1.j2": "A draw, told on its own.", "use.1.j2": "A card is used.", "turn.1.j2": "A new turn.",
    }, fold={"kinds": ["draw", "turn"]})
    move = [public("draw", seat="takeo", count=1), public("use", user="takeo", holder="fumie", face="down"),
            public("draw", seat="takeo", count=1), public("turn", seat="fumie", number=2)]
    folded = Narrator(told, 0, set()).tell(move, 0, "takeo")
    assert folded[-1] == "[draw][draw][turn] (2 draws)"
    assert folded == ["A card is used.", "[draw][draw][turn] (2 draws)"]
    verbose = Narrator(told, 0, set(), verbose=True).tell(move, 0, "takeo")
    assert verbose == ["A draw, told on its own.", "A card is used.", "A draw, told on its own.", "A new turn."]
    # Two moves, two lines: a replay cuts the log where the table did.
    two = Narrator(told, 0, set())
    assert tell_game(two, move + move, [4, 8], "takeo") == folded + folded


def test_a_turns_bookkeeping_is_told_before_the_next_turn_is_announced(story, tmp_path):
    # One move can end a turn and begin the next: what was drawn in the turn that ended is
    # not told under the next turn's heading, as if the next seat had drawn it.
    told = with_prompts(story, tmp_path, {
        "_fold.j2": "{% for f in by_kind.draw %}{{ f.d.seat }} drew. {% endfor %}",
        "use.1.j2": "{{ d.user }} uses a card.", "turn.1.j2": "Turn {{ d.number }}: {{ d.seat }}.",
    }, fold={"kinds": ["draw"]})
    move = [public("use", user="takeo", holder="fumie", face="down"), public("draw", seat="takeo", count=1),
            public("turn", seat="fumie", number=2), public("draw", seat="fumie", count=1),
            public("use", user="fumie", holder="takeo", face="down")]
    assert Narrator(told, 0, set()).tell(move, 0, "takeo") == [
        "takeo uses a card.", "takeo drew.", "Turn 2: fumie.", "fumie uses a card.", "fumie drew."]


def test_a_story_names_the_events_before_which_its_bookkeeping_is_told(story, tmp_path):
    # A story whose new stretch is not a `turn` (FunnyTime's issue) says so: the last
    # stretch's bookkeeping is told before the heading, the new one's after it.
    prompts = {"_fold.j2": "{% for f in by_kind.draw %}{{ f.d.seat }} drew. {% endfor %}",
               "use.1.j2": "{{ d.user }} uses a card.", "issue.1.j2": "Issue {{ d.number }}."}
    move = [public("draw", seat="takeo", count=1), public("issue", number=2),
            public("draw", seat="fumie", count=1), public("use", user="fumie", holder="takeo", face="down")]
    told = with_prompts(story, tmp_path / "before", prompts, fold={"kinds": ["draw"], "before": ["issue"]})
    assert Narrator(told, 0, set()).tell(move, 0, "takeo") == [
        "takeo drew.", "Issue 2.", "fumie uses a card.", "fumie drew."]
    # Without it the whole move's bookkeeping is one line at its end, as before.
    told = with_prompts(story, tmp_path / "end", prompts, fold={"kinds": ["draw"]})
    assert Narrator(told, 0, set()).tell(move, 0, "takeo") == [
        "Issue 2.", "fumie uses a card.", "takeo drew. fumie drew."]


def test_a_fold_before_list_must_be_kinds(story, tmp_path):
    with pytest.raises(StoryError, match=r"fold\.before.*should list event kinds: before = \["):
        voice.check({"fold": {"kinds": ["draw"], "before": "issue"}}, "x/voice.toml")


def test_a_fold_that_says_nothing_prints_nothing(story, tmp_path):
    told = with_prompts(story, tmp_path, {}, fold={"kinds": ["draw"]})
    assert Narrator(told, 0, set()).tell([public("draw", seat="takeo", count=1)], 0, "takeo") == []


def test_a_cards_flavour_is_read_once_when_its_face_is_first_known(story, tmp_path):
    card = next(c for c in story.content.cards.values() if c.flavour)
    told = with_prompts(story, tmp_path, {"_flavour.j2": "~ {{ card.flavour }} ~",
                                          "use.1.j2": "Used: {{ card.name }}."})
    use = public("use", user="takeo", holder="fumie", face="up", card=card.id)
    n = Narrator(told, 0, set())
    first, again = n.tell([use], 0, "takeo"), n.tell([use], 1, "takeo")
    assert first == [f"Used: {card.name}.\n\n~ {card.flavour.strip()} ~"]
    assert again == [f"Used: {card.name}."]
    # Another reader reads it for themselves.
    assert Narrator(told, 0, set()).tell([use], 0, "fumie") == first


def test_a_face_not_yet_known_keeps_its_flavour_until_it_is(story, tmp_path):
    card = next(c for c in story.content.cards.values() if c.flavour and c.sleeve_name != c.name)
    # Nothing folded (the story's own voice folds draws), so every passage is its own.
    told = with_prompts(story, tmp_path, {"draw_seen.1.j2": "Seen.", "sleeve.1.j2": "Learnt."},
                        fold={"kinds": []})
    n = Narrator(told, 0, set())
    seen = private("draw_seen", ("takeo",), seat="takeo", cards=[card.id])
    assert n.tell([seen], 0, "takeo") == ["Seen."]
    n.tell([public("sleeve", card=card.id)], 1, "takeo")
    assert n.tell([seen], 2, "takeo") == [f"Seen.\n\n{card.flavour.strip()}"]


def test_progress_grows_with_the_readers_own_events_and_never_turns_back(story, tmp_path):
    told = with_prompts(story, tmp_path, {"draw.1.j2": "{{ '%.2f' | format(progress) }}"},
                        progress={"kind": "draw", "field": "count", "total": 4}, fold={"kinds": []})
    n = Narrator(told, 0, set())
    events = [public("draw", seat="takeo", count=1), private("draw", ("fumie",), seat="fumie", count=9),
              public("draw", seat="fumie", count=2), public("draw", seat="takeo", count=5)]
    assert n.tell(events, 0, "takeo") == ["0.25", "0.75", "1.00"]


@pytest.mark.parametrize("bad, message", [
    ({"qiut": "Bye."}, "unknown key 'qiut'; did you mean 'quit'?"),
    ({"flavor": 1}, "unknown key 'flavor'; the keys are: format_version, quit,"),
    ({"fold": {"kind": ["draw"]}}, "unknown key 'kind'; did you mean 'kinds'?"),
    ({"progress": {"kind": "draw", "totl": 3}}, "unknown key 'totl'; did you mean 'total'?"),
    ({"progress": {"kind": "draw", "total": 0}}, "should be a number above 0"),
    ({"quit": 3}, "should be a line of text"),
    ({"words": {"scenes": {"ball": [{"text": "A ball."}]}}}, 'is written { text = "...", hours = [first, last] }'),
    ({"words": {"scenes": {"ball": [{"text": "A ball.", "hours": [5, 2]}]}}}, "should be [first, last]"),
    ({"setting": {"hours": [["Dawn"], ["Dusk"]]}, "words": {"scenes": {"ball": [{"text": "A ball.", "hours": [0, 2]}]}}},
     "below 2, the [setting] hours"),
])
def test_a_broken_voice_says_which_key_and_what_to_do(bad, message):
    with pytest.raises(StoryError) as err:
        voice.check(bad, "stories/x/voice.toml")
    assert message in err.value.problem


def test_a_misspelt_key_is_named_with_the_nearest_right_one():
    assert voice.suggest("flavor", ["flavour", "name"]) == "unknown key 'flavor'; did you mean 'flavour'?"


def test_an_ending_page_states_only_what_the_log_holds(story, tmp_path):
    card = next(iter(story.content.cards.values()))
    page = story.content.books["basic"].ending[0]
    text = ("{% set u = last('use', card='" + card.id + "') %}"
            "{% if u %}It was {{ card(u.card).name }}.{% else %}Nothing was used.{% endif %}"
            "{% if tries %} Try {{ tries }}.{% endif %}"
            "{% if happened('culprit_set') %} A secret!{% endif %}")
    book = story.content.books["basic"]
    book = dataclasses.replace(book, ending=[dataclasses.replace(page, text=text), *book.ending[1:]])
    content = copy.copy(story.content)
    content.books = {**story.content.books, "basic": book}
    st = dataclasses.replace(story, content=content)
    used = [public("use", user="takeo", holder="fumie", face="up", card=card.id),
            private("culprit_set", ("fumie",), card=card.id), public("ending", ending=page.id, cause="card")]
    assert endpage.render(st, "basic", page.id, used).text == f"It was {card.name}."
    assert endpage.render(st, "basic", page.id, used[1:]).text == "Nothing was used."
    assert endpage.render(st, "basic", page.id).text == "Nothing was used."

    class Profile:
        endings = {"fumie": {"basic": {page.id: type("U", (), {"count": 2})(), "other": type("U", (), {"count": 1})()}}}
    assert endpage.render(st, "basic", page.id, used, Profile()).text == f"It was {card.name}. Try 3."


@pytest.mark.parametrize("story_id", story_ids())
def test_every_shipped_ending_page_renders_with_and_without_a_game(story_id):
    st = load(story_id)
    for ep in st.episodes:
        for page in st.content.books[ep["id"]].ending:
            assert endpage.render(st, ep["id"], page.id).text.strip()


@pytest.mark.parametrize("story_id", story_ids())
def test_quit_says_the_storys_own_line(cli, story_id):
    st = load(story_id)
    out = cli("play", story_id, "--seed", 1, input="1\nquit\n").output   # a move, so there is a save
    line = voice.quit_line(st.voice)
    assert f"\n{line} Your game is saved;" in out
    others = {voice.quit_line(load(s).voice) for s in story_ids()} - {line}
    assert not any(o in out for o in others)


def test_every_story_has_its_own_quit_line():
    lines = Counter(voice.quit_line(load(s).voice) for s in story_ids())
    assert all(n == 1 for n in lines.values()) and voice.QUIT not in lines


def test_verbose_tells_more_than_the_folded_telling(cli, tmp_path, monkeypatch):
    cli("play", "fumie", "--seed", 4, "--slot", "g", input="1\nquit\n")
    plain = cli("replay", "g").output
    assert cli("replay", "g", "--verbose").output.startswith(plain.split("\n")[0])
    config = tmp_path / "config.toml"
    config.write_text("[narration]\nverbos = true\n", encoding="utf-8")
    monkeypatch.setenv("NARRATOR_CONFIG", str(config))
    bad = cli("replay", "g")
    assert bad.exit_code == 1 and "unknown key 'verbos'; did you mean 'verbose'?" in bad.output
    config.write_text("[narration]\nverbose = true\n", encoding="utf-8")
    assert cli("replay", "g").output == cli("replay", "g", "--verbose").output


def test_a_flavour_put_off_is_read_at_the_cards_next_sighting(story, tmp_path):
    """A `_flavour.j2` sees `asides` (the flavour lines its passage has read already); one
    that writes nothing keeps the flavour for the card's next sighting, not for never."""
    a, b = [c for c in story.content.cards.values() if c.flavour][:2]
    told = with_prompts(story, tmp_path, {"_flavour.j2": "{% if not asides %}~ {{ card.flavour }} ~{% endif %}",
                                          "draw_seen.1.j2": "Seen.", "use.1.j2": "Used: {{ card.name }}."},
                        fold={"kinds": []})
    n = Narrator(told, 0, {a.id, b.id})
    seen = private("draw_seen", ("takeo",), seat="takeo", cards=[a.id, b.id])
    assert n.tell([seen], 0, "takeo") == [f"Seen.\n\n~ {a.flavour.strip()} ~"]
    use = public("use", user="takeo", holder="fumie", face="up", card=b.id)
    assert n.tell([use], 1, "takeo") == [f"Used: {b.name}.\n\n~ {b.flavour.strip()} ~"]
    assert n.tell([use], 2, "takeo") == [f"Used: {b.name}."]
