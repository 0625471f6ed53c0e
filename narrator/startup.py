"""Start-up of the `narrator` process: the garbage collector held off until it is over.

Before a game's first prompt, start-up makes some 200,000 objects (modules, classes,
compiled templates, the story's content) that live as long as the process. The
collector would go over them about a hundred times on the way, finding almost nothing
to collect: some 13 ms of CPU, an eighth of what `play` costs beyond Python's own
start-up (bench/coldstart.py). So the process starts with the collector off (`run`,
the console script and `python -m narrator`); `ready` says start-up is over, which
moves everything made so far out of the collector's way for good (`gc.freeze`: the
objects are kept, as they would be anyway, and never scanned again) and turns it on.

A command with a table is ready at its first move; every other command as it begins
(narrator.cli). Code that never called `hold` (the tests, a library caller) is left
alone: `ready` changes nothing there.
"""
from __future__ import annotations

import gc
import sys
from typing import NoReturn

_held = False


def hold() -> None:
    """Hold the collector off until `ready` (called once, as the process starts)."""
    global _held
    if gc.isenabled():
        gc.disable()
        _held = True


def ready() -> None:
    """Start-up is over: what it made is frozen out of the collector's way, which runs
    from now on as usual. Does nothing unless `hold` held it off."""
    global _held
    if _held:
        _held = False
        gc.freeze()
        gc.enable()


def run() -> None:
    """The command line as its own process: held from before its first import."""
    hold()
    try:
        import click
        from narrator.cli import main
    except KeyboardInterrupt:
        # Ctrl-C while the program is still being read in: nothing has begun, so it stops
        # with a word rather than a traceback through the imports.
        _stopped("\n")
    # click's own way with a Ctrl-C that no command caught (one in its start of a command,
    # before the command's body runs) is a bare "Aborted!" and status 1: it stops here
    # as it does during the imports. Usage errors and --help/--version end as click ends them.
    try:
        code = main(standalone_mode=False)
    except click.exceptions.Abort as err:
        if not isinstance(err.__cause__, KeyboardInterrupt):
            sys.stderr.write("Aborted!\n")     # the end of input: as click ends it
            sys.exit(1)
        _stopped("")                 # click has already ended the line
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    sys.exit(code if isinstance(code, int) else 0)


def _stopped(before: str) -> NoReturn:
    sys.stderr.write(f"{before}Stopped.\n")
    raise SystemExit(130) from None      # 130: stopped by SIGINT, as a shell counts it
