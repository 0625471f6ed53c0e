"""Ending pages written over the game that ended (For Fumie and Snow White): each states
a detail only when the game's public log holds it, names the culprit once known and
the hand that killed Snow White, and the true endings recall the loops the player lived.
Every story's pages keep their paragraphs apart, whatever the game.
"""
from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from engine.events import private, public
from narrator import endpage
from narrator.library import load


def page(story_id: str, episode: str, ending: str, log, profile=None) -> str:
    return endpage.render(load(story_id), episode, ending, log, profile).text


def profile_of(story_id: str, episode: str, counts: dict[str, int]):
    """A profile as the page sees it: endings reached, and how often."""
    book = {e: SimpleNamespace(count=n) for e, n in counts.items()}
    return SimpleNamespace(endings={story_id: {episode: book}})


def end(ending: str, **data):
    return public("ending", ending=ending, **data)


# --------------------------------------------------------------------- For Fumie
def crossing_log(with_bicycle: bool):
    log = [public("setup", episode="basic", first="takeo")]
    if with_bicycle:
        log.append(public("use", user="takeo", holder="fumie", face="up", card="bicycle"))
    log += [public("use", user="fumie", holder="takeo", face="up", card="way_home"),
            end("crossing", cause="card", seat="fumie", card="way_home")]
    return log


def test_the_crossing_puts_takeo_on_the_bicycle_only_when_it_was_used():
    assert "Ryosuke's bicycle is under him" in page("fumie", "basic", "crossing", crossing_log(True))
    without = page("fumie", "basic", "crossing", crossing_log(False))
    assert "bicycle" not in without and "He is running" in without


def test_the_true_ending_remembers_the_evenings_this_player_lived():
    log = [public("use", user="fumie", holder="takeo", face="up", card="letter"), end("true", cause="card")]
    lived = page("fumie", "basic", "true", log,
                 profile_of("fumie", "basic", {"true": 1, "crossing": 3, "masahiro": 2}))
    assert "a cake box sitting upright on the gravel" in lived          # the crossing, seen
    assert "coiling the hose" in lived                                   # Masahiro's evening, seen
    assert "library desk" not in lived                                   # Kanako's, never seen
    assert "six times" in lived
    first = page("fumie", "basic", "true", log, profile_of("fumie", "basic", {"true": 1}))
    assert "there had been none" in first and "other evenings" in first
    # Without the profile at hand (a replay) the page claims no count at all.
    replayed = page("fumie", "basic", "true", log)
    assert "He had lived this day" not in replayed and "lost count" not in replayed


@pytest.mark.parametrize("ending", ["true", "arrest", "unmasked"])
def test_the_murder_pages_name_the_culprit_once_revealed(ending):
    log = [public("culprit_revealed", card="kondo"), end(ending, cause="card")]
    assert "Senior Kondo" in page("fumie", "murder", ending, log)


@pytest.mark.parametrize("ending", ["attacked", "nightfall", "silence", "hidden_heart"])
def test_the_murder_pages_never_name_a_culprit_never_revealed(ending):
    """Whoever the hidden culprit was, the page reads the same: it cannot give them away."""
    story = load("fumie")
    pages = {page("fumie", "murder", ending, [private("culprit_set", ("fumie",), card=suspect),
                                             end(ending, cause="face_down")])
             for suspect in story.content.suspects("murder")}
    assert len(pages) == 1


def test_the_wrong_accusation_names_who_was_wrongly_named():
    log = [public("accused", seat="takeo", card="ryosuke", right=False), end("wrong_accusation", cause="card")]
    assert "He said the name, Ryosuke," in page("fumie", "murder", "wrong_accusation", log)


def test_the_view_from_the_roof_recalls_only_the_clues_and_the_detective_of_this_game():
    accused = [public("accused", seat="takeo", card="ryosuke", right=False), end("wrong_accusation", cause="card")]
    bare = page("fumie", "murder", "wrong_accusation", accused)
    assert "sound on the stairs" not in bare and "perfume" not in bare and "smell" not in bare
    assert "Mihara" not in bare and "the constable" in bare
    used = [public("use", user="fumie", holder="takeo", face="up", card="footsteps"),
            public("use", user="fumie", holder="takeo", face="up", card="perfume"),
            public("use", user="fumie", holder="takeo", face="up", card="mihara")] + accused
    text = page("fumie", "murder", "wrong_accusation", used)
    assert "A sound on the stairs, a smell in the club room." in text
    assert "figure at her locker" not in text
    assert "Detective Mihara, who had come about the note" in text and "Then Mihara came out" in text


def _draws(n: int) -> list:
    """The day dealt out as far as the voice's hour `n - 2`: the opening deal is two draws."""
    return [public("draw", seat="takeo", count=1) for _ in range(n)]


@pytest.mark.parametrize("draws,hour", [(2, "before the first bell"), (7, "at lunchtime"),
                                        (14, "halfway through practice")])
def test_the_view_from_the_roof_finds_the_key_at_the_hour_the_name_was_said(draws, hour):
    log = _draws(draws) + [public("accused", seat="takeo", card="ryosuke", right=False)] \
        + _draws(3) + [end("wrong_accusation", cause="card")]
    text = " ".join(page("fumie", "murder", "wrong_accusation", log).split())
    assert f"He found the key in his shoe locker {hour}," in text
    shoes = "indoor" if draws == 2 else "outdoor"
    assert f"on top of his {shoes} shoes" in text
    assert ("By the end of practice" in text) == (draws == 7)


def test_the_detective_recalls_talking_to_takeo_only_when_he_did_and_when():
    dusk = [public("use", user="fumie", holder="takeo", face="up", card="walk_home"),
            end("attacked", cause="card")]
    never = " ".join(page("fumie", "murder", "attacked", _draws(9) + dusk).split())
    assert "Mihara had listened" not in never and "Nobody had come to him" in never
    # a card set aside face down is no talk with the detective, even once turned up
    aside = [public("use", user="fumie", holder="takeo", face="down", card=None),
             public("flip_up", pile="fumie", card="mihara")]
    assert " ".join(page("fumie", "murder", "attacked", aside + _draws(9) + dusk).split()) == never
    talked = _draws(4) + [public("use", user="takeo", holder="fumie", face="up", card="mihara")]
    text = " ".join(page("fumie", "murder", "attacked", talked + _draws(5) + dusk).split())
    assert "In first period, in the police box, Mihara had listened to Takeo" in text
    cold = " ".join(page("fumie", "murder", "arrest", talked + _draws(5) + [end("arrest", cause="card")]).split())
    assert "He had told the boy so in first period," in cold


def _used(card: str, seat: str = "fumie") -> object:
    return public("use", user=seat, holder="takeo" if seat == "fumie" else "fumie", face="up", card=card)


def _read(ending: str, log) -> str:
    return " ".join(page("fumie", "tadokoro", ending, log + [end(ending, cause="card")]).split())


def test_the_scandal_spreads_from_the_hours_the_box_and_the_rumour_came():
    early = _read("scandal", _draws(2) + [_used("bento")] + _draws(2) + [_used("whispers")])
    assert "At ten past eight Fumie passed the staff room" in early and "breakfasting" in early
    assert "Everybody knew it by third period." in early and "at five o'clock" in early
    late = _read("scandal", _draws(7) + [_used("bento")] + _draws(10) + [_used("whispers")])
    assert "At lunch Fumie passed the staff room" in late and "lunching on a bag of melon bread" in late
    assert "Everybody knew it by nightfall." in late and "third period" not in late
    assert "as the light went" in late and "five o'clock" not in late


def test_the_transfer_is_told_from_the_hour_the_vice_principal_came():
    morning = _read("transferred", _draws(4) + [_used("nogami", "takeo")])
    assert "came for him at the end of second period" in morning and "By lunch it was done." in morning
    assert "In the afternoon he read them the chapter on the Tang" in morning
    evening = _read("transferred", _draws(14) + [_used("nogami", "takeo")])
    assert "came for him after school, with practice already begun" in evening
    assert "second period" not in evening and "chapter on the Tang" not in evening
    assert "Within the hour it was done." in evening


def test_the_reprieve_recalls_takeo_in_the_staff_room_only_when_he_went():
    went = _read("reprieve", _draws(9) + [_used("staffroom", "takeo")] + _draws(8))
    assert "Takeo had come into the staff room during world history without waiting to be called" in went
    never = _read("reprieve", _draws(17))
    assert "come into the staff room" not in never and "the pencil said it for him" in never


def test_someone_elses_umbrella_has_a_missed_call_only_when_the_phone_rang():
    phone = [public("use", user="fumie", holder="takeo", face="up", card="phone")]
    assert "at a missed call" in page("fumie", "basic", "masahiro", phone + [end("masahiro", cause="card")])
    assert "missed call" not in page("fumie", "basic", "masahiro", [end("masahiro", cause="card")])


def test_a_page_tells_when_an_event_came_by_what_came_before_it():
    log = [public("turn", number=1), public("draw", count=1), public("turn", number=2),
           public("accused", card="kondo"), public("draw", count=1), end("wrong_accusation", cause="card")]
    seen = endpage.facts(load("fumie"), "murder", "wrong_accusation", log)
    assert seen["before"](seen["last"]("accused"), "draw") == 1
    assert seen["before"](seen["last"]("accused"), "draw", "turn") == 3
    assert seen["before"](None, "draw") == 2        # none: after every one of them


# --------------------------------------------------------------------- Snow White
ROLES = {"p1": "huntsman", "p2": "snow_white", "p3": "queen", "p4": "rose", "p5": "peddler"}


def weapon_log(by: str, card: str):
    return [public("card_used", seat=by, card=card, target="p2"),
            public("snow_white_killed", seat="p2", by=by, card=card, npc=False),
            public("characters_revealed", roles=ROLES),
            end("queen_weapon", cause="weapon", seat="p2", card=card, winners=["p3", "p5"])]


def test_not_by_apples_does_not_blame_the_queens_people_for_the_huntsmans_blow():
    text = page("applerulette", "tale", "queen_weapon", weapon_log("p1", "knife"))
    assert "Ada threw back the hood, and there sat the Huntsman, of Snow White's own side" in text
    assert "It was a knife" in text and "comb" not in text


def test_not_by_apples_names_the_queens_hand_and_the_comb():
    text = page("applerulette", "tale", "queen_weapon", weapon_log("p3", "comb"))
    assert "Clara first, who had sat all night as the Queen" in text
    assert "It was a comb" in text and "own side" not in text


def test_every_page_reads_without_a_game_as_well():
    """A page drawn with no game behind it (the gallery) says only what is always true."""
    for story_id in ("fumie", "applerulette"):
        story = load(story_id)
        for ep in story.episodes:
            for p in story.content.books[ep["id"]].ending:
                text = page(story_id, ep["id"], p.id, [])
                assert "{" not in text and not re.search(r"\bNone\b(?! of)", text), (ep["id"], p.id)


@pytest.mark.parametrize("story_id", ["fumie", "applerulette", "fatima", "funnytime"])
def test_a_page_may_read_any_card_of_its_story_by_id(story_id):
    # `card(id)` gives every field the story file prints on that card, whatever the family.
    from narrator.library import ending_ids

    story = load(story_id)
    episode = story.episodes[0]["id"]
    card_id = sorted(story.content.cards)[0]
    facts = endpage.facts(story, episode, ending_ids(story_id, episode)[0], [])
    read = facts["card"](card_id)
    assert read["id"] == card_id and read["name"] == story.content.cards[card_id].name
    assert facts["card"]("no-such-card") is None


@pytest.mark.parametrize("story_id", ["fumie", "applerulette", "fatima", "funnytime"])
def test_every_paragraph_of_a_page_stands_apart_whatever_the_game(story_id):
    """Paragraphs are parted by a blank line however a page's conditions fall: a block
    tag closing a paragraph eats the newline after it (trim_blocks), and two paragraphs
    then read as one line broken in the middle (FunnyTime's deadline page did, after a
    close or a clear count)."""
    from narrator import explore

    story = load(story_id)
    for ep in (e["id"] for e in story.episodes):
        shard = explore.shards(story, ep, 8, 0, "mixed", None, 1)[0]
        for seed in range(8):
            state, _, _ = explore.play(story, seed, explore._options(story, shard, {}), "mixed", seed)
            for p in story.content.books[ep].ending:
                text = endpage.render(story, ep, p.id, state.log).text.strip()
                joined = re.search(r".{0,40}[^\n]\n(?!\n)[^\n].{0,40}", text)
                assert joined is None, (ep, p.id, seed, joined and joined.group(0))
