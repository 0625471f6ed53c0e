"""The generic code names no family, story, seat or character: a family's words live in
its engine package, its bot and screen modules, its story data and its registry line
(docs/families.md). The names are read from the stories themselves, so a new story's
names are guarded as soon as it is added."""
from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# The generic code: the narrator's own modules and the engine's core. The registry
# (narrator/families.py) is the one place that names every family.
GENERIC = sorted({*ROOT.glob("narrator/*.py"), *ROOT.glob("engine/*.py"),
                  ROOT / "narrator" / "bots" / "__init__.py", ROOT / "narrator" / "screens" / "__init__.py"}
                 - {ROOT / "narrator" / "families.py"})
# Seat ids that say nothing of any story (p1..p8, npc) are the generic table's words.
PLACEHOLDER = re.compile(r"^(p\d+|npc)$")


def story_names() -> set[str]:
    names: set[str] = set()
    for front in ROOT.glob("stories/*/story.toml"):
        info = tomllib.loads(front.read_text(encoding="utf-8"))
        names |= {info["id"], info["family"], info["title"]}
        names |= {s for s in info.get("seats", ()) if not PLACEHOLDER.match(s)}
        names |= {re.sub(r"^the ", "", n) for n in info.get("cast", {}).values()}
        # A story's hidden characters (Snow White's guests), where it has them.
        characters = front.parent / "characters.toml"
        if characters.exists():
            names |= {c["name"] for c in tomllib.loads(characters.read_text(encoding="utf-8"))["character"]}
    return {n.lower() for n in names}


def words(name: str) -> re.Pattern[str]:
    return re.compile(r"(?<![A-Za-z])" + r"\s+".join(map(re.escape, name.split())) + r"(?![A-Za-z])", re.I)


def test_the_names_are_read_from_every_story():
    names = story_names()
    assert {"fumie", "takeo", "applerulette", "snow white apple roulette", "fatima", "funnytime",
            "aki", "ren", "quiet guest", "snow white"} <= names
    assert len(GENERIC) >= 15 and ROOT / "narrator" / "session.py" in GENERIC


def test_no_generic_module_names_a_family_story_seat_or_character():
    found = []
    patterns = {name: words(name) for name in story_names()}
    for path in GENERIC:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            found += [f"{path.relative_to(ROOT)}:{n}: {name!r} in {line.strip()!r}"
                      for name, pattern in patterns.items() if pattern.search(line)]
    assert not found, "generic code names a story's own words:\n" + "\n".join(found)


def test_the_guard_would_see_a_name():
    """The check itself: a line naming a seat or a title is caught, a look-alike is not."""
    assert words("takeo").search("seat = 'Takeo'") and words("snow white apple roulette").search(
        "Snow White  Apple\nRoulette")
    assert not words("ren").search("current rendering")
