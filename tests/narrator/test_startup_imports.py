"""Start-up pays only for what a command uses: the heavy libraries are imported by the
commands that need them (the time itself is measured by bench/coldstart.py)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest


def _imported_by(*args: str) -> set[str]:
    code = ("import sys, runpy; sys.argv = ['narrator', *sys.argv[1:]];"
            "\ntry: runpy.run_module('narrator', run_name='__main__')"
            "\nexcept SystemExit: pass"
            "\nprint(' '.join(sorted({m.split('.')[0] for m in sys.modules})), file=sys.stderr)")
    run = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, check=True)
    return set(run.stderr.split())


@pytest.mark.parametrize("args", [("--help",), ("stories",)])
def test_listing_commands_do_not_start_the_prompt_machinery(args):
    """`stories` measures widths with wcwidth, not with prompt_toolkit (whose import
    brings in its whole application, asyncio and all)."""
    assert not {"prompt_toolkit", "pydantic", "jinja2"} & _imported_by(*args)


def test_the_terminal_counts_wide_characters_and_no_control_characters():
    from narrator.terminal import cells

    assert cells("本") == 2 and cells("a本b") == 4 and cells("\x1f") == 0


@pytest.mark.parametrize("story", ["fumie", "applerulette", "fatima", "funnytime"])
def test_a_story_validated_before_loads_without_pydantic(story, tmp_path):
    """The content kept from an earlier run is plain records: reading it back builds no
    pydantic model (whose import and classes were most of a game's start-up)."""
    code = ("import sys; from narrator.library import load; load(sys.argv[1]);"
            " print('pydantic' in sys.modules)")
    env = {**os.environ, "NARRATOR_CACHE": str(tmp_path)}
    first, again = (subprocess.run([sys.executable, "-c", code, story], capture_output=True, text=True,
                                   check=True, env=env).stdout.strip() for _ in range(2))
    assert (first, again) == ("True", "False")
