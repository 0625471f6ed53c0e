"""Two copies of one Make card played together are told as a first and a second, not as
one card clipped twice (seen rereading a whole duel: "has clipped “Storyboard” to the
pages. Clipped to Aki's pages this issue: “Storyboard”.")."""
from __future__ import annotations

from engine.events import public
from ft_positions import STORY
from narrator.narration import Narrator


def told(cards: list[str], seed: int) -> list[str]:
    events = [public("revealed", seat="aki", panels=4, cards=[])]
    events += [public("make_played", seat="aki", card=c, cost=1, when="make") for c in cards]
    return Narrator(STORY, seed, set(), "duel").tell(events, 0, "ren")


def test_a_second_copy_is_told_as_a_second():
    name = STORY.content.cards["screentone"].name
    for seed in range(12):                      # every variant comes up
        first, second = (t.split("\n\n")[0] for t in told(["screentone", "screentone"], seed))
        assert "second" not in first and f"a second “{name}”" in second, (seed, second)


def test_two_cards_are_each_told_as_one():
    for seed in range(12):
        lines = told(["screentone", "storyboard"], seed)
        assert len(lines) == 2 and not any("second" in t for t in lines), (seed, lines)
