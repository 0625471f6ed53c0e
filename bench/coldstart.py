"""Cold start of `narrator --help` and `narrator stories`, against a bare `python -c pass`.

Why: a command-line tool is started over and over, so its start-up time is what people
feel. Measuring against the interpreter's own start-up keeps the figure meaningful on
any machine. Goals: `--help` at most 6x and `stories` at most 12x `python -c pass`.

Each command runs as a subprocess, 2 warm-ups then RUNS timed runs; the median wall
time is reported. Uses the `narrator` console script if it is on PATH, otherwise
`python -m narrator`.

    python bench/coldstart.py
"""
from __future__ import annotations

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

RUNS, WARMUPS = 15, 2
GOALS = {"--help": 6.0, "stories": 12.0}
REPO = Path(__file__).resolve().parent.parent


def median_ms(cmd: list[str]) -> float:
    """Median wall time of `cmd` in ms; raises CalledProcessError if it fails."""
    times = []
    for i in range(WARMUPS + RUNS):
        start = time.perf_counter()
        subprocess.run(cmd, cwd=REPO, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        if i >= WARMUPS:
            times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    narrator = [shutil.which("narrator")] if shutil.which("narrator") else [sys.executable, "-m", "narrator"]
    base = median_ms([sys.executable, "-c", "pass"])
    print(f"python -c pass: {base:.1f} ms")
    for arg, goal in GOALS.items():
        cmd = [*narrator, arg]
        try:
            ms = median_ms(cmd)
        except (subprocess.CalledProcessError, OSError) as err:
            detail = getattr(err, "stderr", b"") or str(err)
            detail = detail.decode(errors="replace") if isinstance(detail, bytes) else detail
            last = detail.strip().splitlines()[-1] if detail.strip() else "no output"
            print(f"narrator {arg}: could not run `{' '.join(cmd)}` ({last}); skipped")
            continue
        print(f"narrator {arg}: {ms:.1f} ms, ratio {ms / base:.1f}x (goal <= {goal:g}x)")


if __name__ == "__main__":
    main()
