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
        from narrator.cli import main
    except KeyboardInterrupt:
        # Ctrl-C while the program is still being read in: nothing has begun, so it stops
        # with a word rather than a traceback through the imports (130: stopped by SIGINT).
        sys.stderr.write("\nStopped.\n")
        raise SystemExit(130) from None
    main()
