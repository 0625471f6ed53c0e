"""The collector's gallery and the storybook, through the CLI.

`narrator endings` names found endings and only hints at the others; `--read` rereads a
found page; `--html` maps the collection. `narrator replay --markdown/--html` writes the
game as a book, and the HTML is opened in a real headless Chromium to see that the
story is there.
"""
from __future__ import annotations

import os
import shutil
import subprocess

import pytest

from narrator.narration import tell_game
from narrator.library import load, story_ids
from narrator.saves import Save


def flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture
def stopped(cli):
    """A For Fumie game ended at once with `stop`: one ending found."""
    result = cli("play", "fumie", "--seed", 4, input="stop\nyes\n")
    assert result.exit_code == 0
    return load("fumie").content.page("basic", "stopped")


def test_endings_hint_at_what_is_locked_without_spoiling_it(cli):
    out = cli("endings").output
    for sid in story_ids():
        st = load(sid)
        for ep in st.episodes:
            for page in st.content.books[ep["id"]].ending:
                assert page.title not in out, page.title           # no locked title
                assert page.id not in out.split()                  # no id either
    assert "For Fumie: 0 of 10 endings" in out and "For Fumie — For Fumie" not in out
    assert flat("· ★ not yet found — the day that finally comes right: Something Fumie has carried") in flat(out)


def test_a_found_ending_shows_its_title_tone_date_and_count(cli, stopped):
    cli("play", "fumie", "--seed", 5, input="stop\nyes\n")
    out = flat(cli("endings").output)
    assert flat(f"✓ ○ {stopped.title} (neutral) — first reached") in out
    assert ", 2 times; `--read fumie/basic/stopped`" in out
    assert "For Fumie: 1 of 10 endings" in out


def test_read_rereads_a_found_page_and_refuses_a_locked_one(cli, stopped):
    result = cli("endings", "--read", "fumie/basic/stopped")
    assert result.exit_code == 0
    assert f"  {stopped.title}\n" in result.output and flat(stopped.text) in flat(result.output)
    locked = cli("endings", "--read", "fumie/basic/true")
    assert locked.exit_code == 1
    assert locked.stderr == ("Error: fumie/basic/true is not in your collection yet: reach it in a game"
                             " to read it\n")
    assert load("fumie").content.page("basic", "true").title not in locked.stderr
    bad = cli("endings", "--read", "true")
    assert bad.exit_code == 1 and "STORY/EPISODE/ENDING" in bad.stderr


def test_the_html_map_shows_every_story_found_and_not(cli, stopped, tmp_path):
    path = tmp_path / "map.html"
    result = cli("endings", "--html", path)
    assert result.exit_code == 0 and result.output == f"The map of your endings is written to {path}.\n"
    page = path.read_text(encoding="utf-8")
    assert page.startswith("<!DOCTYPE html>") and "<script" not in page and "http" not in page
    assert stopped.title in page and page.count("class='found") == 1
    total = sum(len(load(s).content.books[e["id"]].ending) for s in story_ids() for e in load(s).episodes)
    assert page.count("class='locked") == total - 1
    assert f"Endings collected: 1 of {total}" in page
    assert load("fumie").content.page("basic", "true").title not in page


def test_saves_name_an_ending_only_when_it_is_found_or_asked_for(cli, stopped, tmp_path):
    assert f"ended: \u201c{stopped.title}\u201d" in cli("saves").output
    # the same save seen with a profile that never reached that page
    (tmp_path / "profile.toml").unlink()
    out = cli("saves").output
    assert stopped.title not in out and "stopped" not in out
    assert "ended: a page not yet in your collection (--spoilers names it)" in out
    assert stopped.title in cli("saves", "--spoilers").output


def test_explore_names_locked_endings_only_with_spoilers(cli, stopped):
    out = cli("explore", "fumie", "--games", 20, "--seed", 1).output
    book = load("fumie").content.books["basic"].ending
    for page in book:
        if page.id != "stopped":
            assert page.title not in out
    assert "(not yet in your collection: a " in out
    told = cli("explore", "fumie", "--games", 20, "--seed", 1, "--spoilers").output
    assert any(page.title in told for page in book if page.id != "stopped")


@pytest.mark.parametrize("story", sorted(story_ids()))
def test_cards_works_for_every_story(cli, story):
    result = cli("cards", story)
    assert result.exit_code == 0, result.stderr
    content = load(story).content
    if story == "fumie":   # nothing seen yet: only the ◆ sides
        for c in content.cards.values():
            assert f"◆ {c.sleeve_name} ({c.set})" in result.output
            assert f" {c.name} ({c.type}, " not in result.output      # no effect side shown
    elif story == "applerulette":
        for c in content.characters.values():
            assert f"  {c.name} — " in result.output
        assert "likes apples" in result.output and "likes mushrooms" in result.output
        for c in content.cards.values():
            assert c.name in result.output
    elif story == "fatima":
        for group in (content.kings, content.persons, content.fatima, content.events, content.actions):
            for c in group.values():
                assert c.name in result.output
        assert "With Sabine in the same nation: -3." in result.output
    else:
        assert result.output.startswith("Koma cards (")


def test_cards_of_for_fumie_show_the_faces_the_profile_knows(cli, script):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    known = game.session.state.known
    assert known
    out = cli("cards", "fumie").output
    content = load("fumie").content
    for cid in known:
        c = content.cards[cid]
        assert f"  {c.name} ({c.type}, {c.set}) — " in out


# --------------------------------------------------------------------- the storybook
@pytest.fixture
def finished(cli, script):
    game = script(3)
    cli("play", "fumie", "--seed", 3, input=game.text)
    return game


def test_the_markdown_book_has_a_title_page_chapters_and_the_ending_last(cli, finished, tmp_path, narrator_for):
    path = tmp_path / "book.md"
    result = cli("replay", "fumie-basic-1", "--markdown", path)
    assert result.exit_code == 0
    book = path.read_text(encoding="utf-8")
    assert book.startswith("# For Fumie\n\n*As it was told to Takeo.*")
    turns = [e.data["number"] for e in finished.session.log if e.kind == "turn"]
    headings = [l[3:] for l in book.splitlines() if l.startswith("## ")]
    page = load("fumie").content.page("basic", finished.session.ending().id)
    assert headings == ["Before the first turn", *[f"Turn {n}" for n in turns], page.title]
    told = tell_game(narrator_for(3), finished.session.log, finished.session.marks, "takeo")   # move by move, as told
    assert flat(book).count(flat(told[-1])) >= 1 and flat(told[0]) in flat(book)
    assert flat(book).rstrip().endswith(flat(page.text).rstrip()[-60:])


def test_the_book_is_told_as_the_chosen_seat_heard_it(cli, finished, tmp_path, narrator_for):
    cli("replay", "fumie-basic-1", "--as", "fumie", "--markdown", tmp_path / "f.md")
    book = flat((tmp_path / "f.md").read_text(encoding="utf-8"))
    assert "*As it was told to Fumie.*" in book
    mine = tell_game(narrator_for(3), finished.session.log, finished.session.marks, "fumie")   # move by move, as told
    for passage in mine:
        assert flat(passage) in book


def test_the_html_book_escapes_what_it_is_given():
    from narrator.storybook import Book, Chapter, page_html

    book = Book("<b>T</b>", "Ada & Bruno", 1, "", [Chapter("Turn 1", ["<script>alert(1)</script> & so"])],
                "The <End>", "x < y")
    page = page_html(book)
    assert "<script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt; &amp; so" in page
    assert "<h1>&lt;b&gt;T&lt;/b&gt;</h1>" in page and "x &lt; y" in page


CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def test_the_html_book_reads_in_a_real_browser(cli, finished, tmp_path):
    if CHROMIUM is None:
        if os.environ.get("CI") == "true":
            pytest.fail("chromium is not installed, and CI must run this test (.ci/run installs it)")
        pytest.skip("chromium is not installed (Debian: apt-get install chromium); the HTML book is not opened")
    path = tmp_path / "book.html"
    assert cli("replay", "fumie-basic-1", "--html", path).exit_code == 0
    profile = tmp_path / "chromium-profile"
    done = subprocess.run([CHROMIUM, "--headless", "--no-sandbox", "--disable-gpu",
                           "--disable-background-networking", "--disable-component-update", "--disable-sync",
                           "--no-first-run", f"--user-data-dir={profile}", "--dump-dom", path.as_uri()],
                          capture_output=True, timeout=120)
    dom = done.stdout.decode("utf-8")
    assert done.returncode == 0, done.stderr.decode()[-2000:]
    page = load("fumie").content.page("basic", finished.session.ending().id)
    assert "<h1>For Fumie</h1>" in dom
    assert f"<h2>{page.title}</h2>" in dom.replace("&#39;", "'").replace("&amp;", "&")
    assert dom.count("<section class=\"chapter\"") >= 2
    first = page.text.strip().split("\n\n")[0]
    assert flat(first)[:80] in flat(dom).replace("&amp;", "&")


def test_replay_as_a_seat_by_its_name_lists_this_game_s_seats(cli, tmp_path):
    cli("play", "applerulette", "--seed", 3, input="1\nquit\n")
    bad = cli("replay", "applerulette-tale-1", "--as", "nobody")
    assert bad.exit_code == 1
    assert bad.stderr == "Error: --as nobody: the seats of this game are ada, bruno, clara, dieter, elsa\n"
    assert cli("replay", "applerulette-tale-1", "--as", "bruno").exit_code == 0
