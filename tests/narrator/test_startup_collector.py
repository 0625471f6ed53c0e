"""The garbage collector, held off during a process's start-up (narrator.startup), is
running again once the command is under way: at its table's first move, or as any other
command begins. (What it saves is measured by bench/coldstart.py.)"""
from __future__ import annotations

import gc
import subprocess
import sys

import pytest

from narrator import startup


@pytest.fixture
def held():
    """Start-up as the process starts it: the collector held off; afterwards, the
    collector as it was and nothing left frozen."""
    startup.hold()
    assert not gc.isenabled()
    yield
    startup.ready()
    gc.unfreeze()
    gc.enable()


def test_a_command_without_a_table_turns_the_collector_on_as_it_begins(held, cli):
    result = cli("stories")
    assert result.exit_code == 0 and gc.isenabled()


def test_a_game_turns_the_collector_on_at_its_first_move(held, cli, monkeypatch):
    seen = []
    from narrator.repl import Table

    act = Table.act

    def noting(self, seat, action):
        seen.append(gc.isenabled())
        return act(self, seat, action)
    monkeypatch.setattr(Table, "act", noting)
    result = cli("play", "fumie", "--seed", "3", input="1\nquit\n")
    assert result.exit_code == 0 and seen[:1] == [True]


def test_ready_leaves_a_collector_it_did_not_hold_alone():
    gc.disable()
    try:
        startup.ready()
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_the_process_runs_its_command_with_the_collector_on():
    code = ("import gc, sys, narrator.startup as s, narrator.cli as c;"
            " c.main.add_command(c.click.Command('probe', callback=lambda: print(gc.isenabled())));"
            " sys.argv = ['narrator', 'probe']; s.run()")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert run.stdout.strip() == "True"


def test_ctrl_c_while_the_program_is_read_in_stops_it_with_a_word_not_a_traceback(monkeypatch, capsys):
    """A Ctrl-C in the first tenth of a second (the modules still being imported) showed a
    traceback through the imports: it says it stopped, with status 130."""
    import types

    class Interrupted(types.ModuleType):
        def __getattr__(self, name):
            raise KeyboardInterrupt      # as if it came while narrator.cli was being read

    monkeypatch.setattr(startup, "hold", lambda: None)     # this process's collector is left alone
    monkeypatch.setitem(sys.modules, "narrator.cli", Interrupted("narrator.cli"))
    with pytest.raises(SystemExit) as stopped:
        startup.run()
    assert stopped.value.code == 130
    assert capsys.readouterr().err == "\nStopped.\n"


@pytest.fixture
def process(monkeypatch):
    """`startup.run` as the console script runs it, with `argv`, this process's collector
    left alone; a command `probe` raises what it is given."""
    from narrator import cli

    monkeypatch.setattr(startup, "hold", lambda: None)

    def with_args(*argv: str, raising: type[BaseException] | None = None):
        def probe():
            raise raising()
        monkeypatch.setitem(cli.main.commands, "probe", cli.click.Command("probe", callback=probe))
        monkeypatch.setattr(sys, "argv", ["narrator", *argv])
        with pytest.raises(SystemExit) as ended:
            startup.run()
        return ended.value.code
    return with_args


def test_ctrl_c_that_no_command_caught_stops_it_with_a_word_not_click_s_aborted(process, capsys):
    """One that came in click's own start of a command (a tenth of a second after start)
    ended in click's bare "Aborted!" and status 1."""
    assert process("probe", raising=KeyboardInterrupt) == 130
    assert capsys.readouterr().err == "\nStopped.\n"


def test_the_end_of_input_that_no_command_caught_ends_as_click_ends_it(process, capsys):
    assert process("probe", raising=EOFError) == 1
    assert capsys.readouterr().err == "\nAborted!\n"


def test_usage_errors_help_and_version_end_as_click_ends_them(process, capsys):
    assert process("no-such-command") == 2
    assert "No such command 'no-such-command'" in capsys.readouterr().err
    assert process("--version") == 0
    assert capsys.readouterr().out.startswith("narrator, version")
    assert process("--help") == 0
    assert "Narrative card games" in capsys.readouterr().out
