"""A card's id reaches views, events, bots and the network while its effect side is
still hidden, so the id may say no more than the ◆ side does: checked over every card
of every episode. Ids an older edition used still read from old saves and profiles."""
from __future__ import annotations

import pytest

from engine.fumie import game as g
from engine.fumie.view import view
from fumie_positions import CONTENT, SEATS

_SMALL_WORDS = {"a", "an", "the", "on", "she", "of", "after", "at", "in", "to"}


def _words(name: str) -> set[str]:
    return {w.strip("'\".,").removesuffix("'s").lower() for w in name.split()} - _SMALL_WORDS


def test_no_card_id_in_any_episode_says_a_word_only_its_effect_side_says():
    leaks = {}
    for card in CONTENT.cards.values():
        hidden = _words(card.name) - _words(card.sleeve_name)
        said = set(card.id.split("_")) & hidden
        if said:
            leaks[card.id] = (card.sleeve_name, card.name, sorted(said))
    assert leaks == {}


@pytest.mark.parametrize("episode", CONTENT.episodes)
def test_every_card_dealt_face_down_shows_only_its_sleeve(episode):
    for seed in range(12):
        st = g.new_game(CONTENT, SEATS, seed, {"episode": episode, "known": []})
        for seat in SEATS:
            for face in view(st, seat).me.hand:
                card = CONTENT.cards[face.id]
                assert face.name == card.sleeve_name
                assert not set(face.id.split("_")) & (_words(card.name) - _words(card.sleeve_name))


def test_ids_of_an_older_edition_name_the_cards_they_became():
    assert CONTENT.renamed == {"notice": "envelope", "petition": "signatures", "rumour": "whispers",
                               "lesson": "textbook", "dusk": "walk_home"}
    assert all(new_id in CONTENT.cards for new_id in CONTENT.renamed.values())


def test_an_old_save_and_an_old_profile_that_name_former_ids_still_read(tmp_path):
    from narrator.library import load
    from narrator.profile import Profile
    from narrator.saves import Save
    from narrator.session import Session

    story = load("fumie")
    profile = Profile(tmp_path / "profile.toml", carried={"sleeves": {"fumie": ["petition", "watch"]}})
    game = Session.new(story, "tadokoro", 4, {"takeo": "bot:partner", "fumie": "bot:partner"},
                       tmp_path / "new.toml", profile)
    assert game.save.options["known"] == ["signatures", "watch"]

    old = Save(tmp_path / "old.toml", "fumie", "tadokoro", 4, {"takeo": "human", "fumie": "human"},
               {"known": ["notice", "dusk"]})
    old.write()
    resumed = Session.resume(old.path, None, autosave=False)
    assert resumed.state.known == {"envelope", "walk_home"}
