"""Each 本's four panels read as one strip: every variant of a strip's passage tells the
captions in the order the panels were laid, each caption once (a panel that repeats one
already told points back to it instead), as one paragraph."""
from __future__ import annotations

import dataclasses

from ft_positions import STORY
from test_ft_pages import SEATS, duel
from narrator.narration import Narrator


def strips():
    for seed in range(6):
        for e in duel(seed).log:
            if e.kind == "strip":
                yield seed, e


def read(event, reader: str) -> list[str]:
    n = Narrator(STORY, 0, set(), "duel")
    ctx = n.context(event, 0, reader, 1)
    return [" ".join(n.env.get_template(name).render(ctx).split()) for name in n.variants("strip")]


def check(text: str, captions: list[str]) -> None:
    at = -1
    for cap in dict.fromkeys(captions):
        assert text.count(cap) == 1, (cap, text)
        assert text.index(cap) > at, ("out of order", cap, text)
        at = text.index(cap)


def test_a_strip_reads_as_one_comic_each_caption_once_in_order():
    told = 0
    for seed, e in strips():
        for reader in SEATS:
            for text in read(e, reader):
                check(text, e.data["captions"])
                assert "\n" not in text
                told += 1
    assert told >= 40


def test_a_strip_of_one_joke_four_times_tells_it_once_and_points_back():
    _, e = next(strips())
    same = dataclasses.replace(e, data={**e.data, "cards": [e.data["cards"][0]] * 4,
                                        "captions": [e.data["captions"][0]] * 4})
    for text in read(same, SEATS[0]):
        check(text, same.data["captions"])
        assert "over again" in text and "a third time" in text and "once more" in text, text
