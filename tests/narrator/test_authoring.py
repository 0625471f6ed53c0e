"""`narrator check STORY`: the author's check, on every shipped story and on a story
folder of one's own broken in the ways authors break them."""
from __future__ import annotations

import shutil
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest
import tomli_w

from narrator.library import story_ids


@pytest.mark.parametrize("story_id", story_ids())
def test_every_shipped_story_passes_the_check(cli, story_id):
    result = cli("check", story_id, "--games", 1)
    assert result.exit_code == 0, result.output
    assert result.output.startswith(f"{story_id}: no problems (")


@pytest.fixture
def lantern(tmp_path):
    """A copy of For Fumie as a story folder of its own, prompts and all."""
    folder = tmp_path / "lantern"
    shutil.copytree(Path(str(files("stories") / "fumie")), folder)
    shutil.copytree(Path(str(files("prompts") / "fumie")), folder / "prompts")
    story = folder / "story.toml"
    story.write_text(story.read_text(encoding="utf-8").replace('id = "fumie"', 'id = "lantern"'), encoding="utf-8")
    # its own macros, by its own name, in its templates and in its pages (templates too)
    for template in [*(folder / "prompts").glob("*.j2"), *(folder / "endings").glob("*.toml")]:
        template.write_text(template.read_text(encoding="utf-8").replace('"fumie/', '"lantern/'), encoding="utf-8")
    return folder


def check(cli, folder):
    return cli("--stories", folder.parent, "check", "lantern", "--games", 1)


def test_a_copy_passes_and_then_each_break_is_found_with_its_place(cli, lantern):
    assert check(cli, lantern).exit_code == 0

    cards = lantern / "cards.toml"
    good = cards.read_text(encoding="utf-8")
    ball = good.index('id = "ball"')
    at = good.index("flavour =", ball)
    cards.write_text(good[:at] + "flavor =" + good[at + len("flavour ="):], encoding="utf-8")
    result = check(cli, lantern)
    assert result.exit_code == 1
    assert "cards.toml: card.ball.flavor: unknown key 'flavor'; did you mean 'flavour'?" in result.output
    cards.write_text(good, encoding="utf-8")

    turn = lantern / "prompts" / "turn.1.j2"
    turn.write_text(turn.read_text(encoding="utf-8") + "\n{{ nobody.here }}\n", encoding="utf-8")
    lines = turn.read_text(encoding="utf-8").count("\n")
    (lantern / "prompts" / "kite.1.j2").write_text("A kite.", encoding="utf-8")
    (lantern / "prompts" / "_unused.j2").write_text("{% macro x() %}{% endmacro %}", encoding="utf-8")
    book = lantern / "endings" / "basic.toml"
    book.write_text(book.read_text(encoding="utf-8") + '\n[[ending]]\nid = "lost_kite"\ntitle = "Lost"\n'
                    'tone = "bad"\ncondition = "never"\ntext = "{{ end.get(\'winner\') }}"\n', encoding="utf-8")
    result = check(cli, lantern)
    assert result.exit_code == 1
    out = result.output
    assert f"{turn}:{lines}: UndefinedError: 'nobody' is undefined" in out
    assert f"{lantern / 'prompts' / 'kite.1.j2'}: no event of kind 'kite' can happen in this story" in out
    assert f"{lantern / 'prompts' / '_unused.j2'}: no template imports this macro file" in out
    assert "endings/basic.toml: ending lost_kite: no rule can reach this page" in out
    assert out.rstrip().endswith("lantern: 4 problems")
    assert "_pages.j2" not in out      # imported by the ending pages alone, and in use


def test_an_ending_page_that_breaks_is_named_with_its_line(cli, lantern):
    book = lantern / "endings" / "basic.toml"
    text = book.read_text(encoding="utf-8")
    at = text.index('text = """', text.index('id = "true"')) + len('text = """')
    book.write_text(text[:at] + "\nFirst line.\n{{ culprit.name }}\n" + text[at:], encoding="utf-8")
    result = check(cli, lantern)
    assert result.exit_code == 1
    assert "endings/basic.toml: ending true, line 2 of its text: UndefinedError: 'culprit' is undefined" in result.output


def test_an_unknown_story_is_said_so(cli):
    result = cli("check", "nowhere")
    assert result.exit_code == 1 and "there is no story 'nowhere'" in result.output


@pytest.mark.parametrize("key, value, words", [
    ("person", "fourth", "should be one of"),
    ("mechanical", "card", "should be a list of text"),
    ("language", 5, "should be text"),
])
def test_a_broken_llm_table_is_found_by_check_and_stops_an_llm_game_with_its_place(cli, lantern, key, value, words):
    """The [llm] table is read only when a model narrates: `check` reads it too, and a
    game with --llm names its file and key, with no traceback."""
    story = lantern / "story.toml"
    data = tomllib.loads(story.read_text(encoding="utf-8"))
    data["llm"][key] = value
    story.write_text(tomli_w.dumps(data), encoding="utf-8")
    result = check(cli, lantern)
    assert result.exit_code == 1 and f"story.toml: llm.{key}: {words}" in result.output
    played = cli("--stories", lantern.parent, "play", "lantern", "--seed", 1,
                 "--llm", "http://127.0.0.1:9/v1", "--model", "m", input="quit\n")
    assert played.exit_code == 1 and f"llm.{key}" in played.output and words in played.output
