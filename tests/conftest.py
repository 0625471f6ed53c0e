"""What every test folder shares: the command line, run in-process."""
from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from narrator.cli import main


@pytest.fixture
def cli(tmp_path):
    """cli(*args, input=None, env=None, saves=None) -> click's Result of
    `narrator --saves FOLDER ARGS...`, FOLDER being `saves` or else the test's tmp_path."""
    runner = CliRunner()

    def run(*args, input=None, env=None, saves: Path | None = None):
        folder = saves if saves is not None else tmp_path
        return runner.invoke(main, ["--saves", str(folder), *map(str, args)], input=input, env=env,
                             catch_exceptions=False)
    return run


@pytest.fixture(autouse=True)
def wide_terminal(monkeypatch):
    """Output is wrapped to the terminal's width; most tests compare messages whole, so the
    terminal is wide (the layout tests set COLUMNS to 60, 80 and 120 themselves)."""
    monkeypatch.setenv("COLUMNS", "400")
