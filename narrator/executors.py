"""Where explore's shards are played: in a pool of processes on this machine, or on a Dask
cluster. Either way the work is the same plain `run_shard(shard)` and what comes back is
its `Tally`, so a result depends on --seed and --jobs only, never on where it ran.

`processes` forks its workers where the system can (they start with the story already
loaded and its modules imported, in milliseconds) and has them count each game they
finish into one shared counter, so the progress bar moves over all shards together.
`dask` (the optional `narrator[cluster]` extra) submits the shards to a scheduler at an
address, or to a cluster started here on 127.0.0.1; its workers load the story by its id
once each, and the bar moves as whole shards come back.
"""
from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterator

from narrator.errors import Refused

EXECUTORS = ("processes", "dask")

_counter = None     # in a pool's worker: the shared count of games finished


def _count_into(counter) -> None:
    global _counter
    _counter = counter


def _tick(n: int) -> None:
    with _counter.get_lock():
        _counter.value += n


def _shard_counted(shard):
    from narrator.explore import run_shard

    return run_shard(shard, progress=_tick)


def _context():
    # Fork where it exists: the workers share the parent's loaded story and imports instead
    # of starting an interpreter each. explore runs no threads of its own, so it is safe.
    if "fork" in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context()


def in_processes(shards: list, progress: Callable[[int], object] | None = None, **_) -> Iterator:
    """Play the shards in one process each; yield their Tallies as they finish."""
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    ctx = _context()
    counter = ctx.Value("q", 0)
    shown = 0
    with ProcessPoolExecutor(max_workers=len(shards), mp_context=ctx,
                             initializer=_count_into, initargs=(counter,)) as pool:
        pending = {pool.submit(_shard_counted, shard) for shard in shards}
        while pending:
            done, pending = wait(pending, timeout=0.1, return_when=FIRST_COMPLETED)
            if progress is not None and counter.value > shown:
                now = counter.value
                progress(now - shown)
                shown = now
            for future in done:
                yield future.result()


def on_dask(shards: list, progress: Callable[[int], object] | None = None,
            scheduler: str | None = None, **_) -> Iterator:
    """Submit `run_shard` for each shard to the Dask scheduler at `scheduler` (or to a
    cluster of one single-threaded worker process per shard on 127.0.0.1); yield the
    Tallies as they come back."""
    try:
        from distributed import Client, LocalCluster, as_completed
    except ImportError:
        raise Refused("--executor dask needs Dask's distributed scheduler, which is not installed:"
                      " pip install 'narrator[cluster]' (or: pip install dask distributed),"
                      " or leave out --executor to play in processes on this machine.") from None
    from narrator.explore import run_shard

    cluster = None
    if scheduler is None:
        cluster = LocalCluster(n_workers=len(shards), threads_per_worker=1, processes=True,
                               host="127.0.0.1", dashboard_address=None)
    try:
        try:
            client = Client(cluster if cluster is not None else scheduler, timeout=30)
        except (OSError, TimeoutError) as err:
            raise Refused(f"cannot reach the Dask scheduler at {scheduler}: {err}. Check the address"
                          " (tcp://HOST:8786) and that `dask scheduler` is running there.") from None
        with client:
            futures = client.map(run_shard, shards, pure=False)
            games = {f.key: s.games for f, s in zip(futures, shards)}
            for future, tally in as_completed(futures, with_results=True):
                if progress is not None:
                    progress(games[future.key])
                yield tally
    finally:
        if cluster is not None:
            cluster.close()


def get(name: str):
    return {"processes": in_processes, "dask": on_dask}[name]


class Board:
    """What the hunting shards have seen, shared between their processes: for each shard
    and wanted ending, the first game (in the dealt order) that reached it. Each shard
    writes only its own row; a row read a moment late only makes a shard play on a
    little longer, never stop too soon."""

    def __init__(self, ctx, jobs: int, wanted: tuple[str, ...]):
        self.jobs, self.wanted = jobs, wanted
        self.column = {e: j for j, e in enumerate(wanted)}
        self.never = 2 ** 62
        self.first = ctx.RawArray("q", [self.never] * (jobs * len(wanted)))

    def enough(self, shard: int):
        """For shard `shard`: after each game, note it, and say whether to stop."""
        width, jobs, first, never = len(self.wanted), self.jobs, self.first, self.never

        def note(ending: str, played: int) -> bool:
            j = self.column.get(ending)
            cell = shard * width + j if j is not None else -1
            if j is not None and first[cell] == never:
                first[cell] = (played - 1) * jobs + shard
            # the dealt game by which every ending has been seen so far, by any shard
            last = max((min(first[s * width + e] for s in range(jobs)) for e in range(width)), default=-1)
            return last < never and played * jobs + shard > last
        return note


_board: Board | None = None


def _share(board: Board) -> None:
    global _board
    _board = board


def _hunt(shard, index: int):
    from narrator.explore import hunt
    from narrator.library import load

    return hunt(load(shard.story), shard, _board.wanted, _board.enough(index))


def hunt_in_processes(hunts: list, wanted: tuple[str, ...]) -> list:
    """Run explore.hunt for each shard, in one process each, sharing what they have seen;
    their (endings, actions, CPU seconds), in the shards' order."""
    from concurrent.futures import ProcessPoolExecutor

    ctx = _context()
    board = Board(ctx, len(hunts), wanted)
    with ProcessPoolExecutor(max_workers=len(hunts), mp_context=ctx,
                             initializer=_share, initargs=(board,)) as pool:
        return list(pool.map(_hunt, hunts, range(len(hunts))))
