"""Cold start of `narrator --help`, `narrator stories` and `narrator play STORY` (to its
first prompt), against a bare `python -c pass`.

Why: a command-line tool is started over and over, so its start-up time is what people
feel. Measuring against the interpreter's own start-up keeps the figure meaningful on
any machine. Goals: `--help` at most 6x, `stories` at most 12x, and `play` to the first
prompt at most 6x `python -c pass`.

Each command runs as a subprocess, 2 warm-ups then RUNS timed runs; the median wall
time is reported, and the median CPU time (user + system, steadier than the wall on a
shared machine) beside it. `play` runs on a pseudo-terminal, as a person starts it: the
clock stops when the prompt is drawn (prompt_toolkit switches the terminal to bracketed
paste as it draws it) and the game is then killed, before it has anything to save; its
saves go to a scratch folder. Runs `python -m narrator` from this checkout's root (so it
measures this code, not whichever narrator is installed).

The commands run with their compiled bytecode, as an installed narrator does (pip
compiles a package's modules when it installs it): the checkout's modules are compiled
into a scratch folder (PYTHONPYCACHEPREFIX) by the warm-up runs, even where
PYTHONDONTWRITEBYTECODE is set, which would have every run compile them from source
again. `--source` keeps the environment as it is, to time that too.

    python bench/coldstart.py [--source] [STORY ...]   # play: every shipped story by default
"""
from __future__ import annotations

import os
import pty
import resource
import select
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

RUNS, WARMUPS = 15, 2
GOALS = {"--help": 6.0, "stories": 12.0}
PLAY_GOAL = 6.0
REPO = Path(__file__).resolve().parent.parent
PROMPT_DRAWN = b"\x1b[?2004h"     # bracketed paste on: prompt_toolkit is drawing the prompt


def _children_cpu() -> float:
    use = resource.getrusage(resource.RUSAGE_CHILDREN)
    return use.ru_utime + use.ru_stime


def _run(cmd: list[str]) -> None:
    subprocess.run(cmd, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def _to_prompt(cmd: list[str]) -> None:
    """Start `cmd` on a pseudo-terminal and return once it draws its prompt (killed then)."""
    pid, fd = pty.fork()
    if pid == 0:                                    # the child: become the command
        os.chdir(REPO)
        os.execvp(cmd[0], cmd)
    seen = b""
    try:
        while PROMPT_DRAWN not in seen:
            ready, _, _ = select.select([fd], [], [], 30)
            chunk = os.read(fd, 65536) if ready else b""
            if not chunk:
                raise subprocess.CalledProcessError(1, cmd, stderr=seen[-300:])
            seen = seen[-64:] + chunk
    finally:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)                          # its CPU time counts from here
        os.close(fd)


def median_ms(cmd: list[str], run=_run) -> tuple[float, float]:
    """Median wall and CPU time of `cmd` in ms; raises CalledProcessError if it fails."""
    walls, cpus = [], []
    for i in range(WARMUPS + RUNS):
        start, cpu = time.perf_counter(), _children_cpu()
        run(cmd)
        if i >= WARMUPS:
            walls.append(time.perf_counter() - start)
            cpus.append(_children_cpu() - cpu)
    return statistics.median(walls) * 1000, statistics.median(cpus) * 1000


def _report(label: str, cmd: list[str], goal: float, base: tuple[float, float], run=_run) -> None:
    try:
        ms, cpu = median_ms(cmd, run)
    except (subprocess.CalledProcessError, OSError) as err:
        detail = getattr(err, "stderr", b"") or str(err)
        detail = detail.decode(errors="replace") if isinstance(detail, bytes) else detail
        last = detail.strip().splitlines()[-1] if detail.strip() else "no output"
        print(f"{label}: could not run `{' '.join(cmd)}` ({last}); skipped")
        return
    print(f"{label}: {ms:.1f} ms, ratio {ms / base[0]:.1f}x (goal <= {goal:g}x);"
          f" CPU {cpu:.1f} ms, ratio {cpu / base[1]:.1f}x")


def main() -> None:
    narrator = [sys.executable, "-m", "narrator"]     # this checkout's code, run from its root
    args = sys.argv[1:]
    source = "--source" in args
    stories = [a for a in args if a != "--source"]
    print(f"load average: {' '.join(f'{x:.2f}' for x in os.getloadavg())}"
          + ("; modules compiled from source at every run" if source else ""))
    with tempfile.TemporaryDirectory() as bytecode:
        if not source:
            os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
            os.environ["PYTHONPYCACHEPREFIX"] = bytecode
        _measure(narrator, stories)


def _measure(narrator: list[str], stories: list[str]) -> None:
    base = median_ms([sys.executable, "-c", "pass"])
    print(f"python -c pass: {base[0]:.1f} ms, CPU {base[1]:.1f} ms")
    for arg, goal in GOALS.items():
        _report(f"narrator {arg}", [*narrator, arg], goal, base)
    sys.path.insert(0, str(REPO))
    from narrator.library import story_ids

    with tempfile.TemporaryDirectory() as saves:
        for story in stories or story_ids():
            _report(f"narrator play {story} (to the first prompt)",
                    [*narrator, "--saves", saves, "play", story, "--seed", "1"], PLAY_GOAL, base, _to_prompt)


if __name__ == "__main__":
    main()
