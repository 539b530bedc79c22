"""The worlds of an analysis played by workers (:mod:`riichi.runner`: in this process, a pool of
local processes or a Ray cluster, as the simulator's games), in chunks of consecutive worlds.

A :func:`runner` keeps its workers for every decision it is given (a whole-game review starts
them once). Each worker replays the record to a decision once, when the first chunk of that
decision reaches it (:class:`~riichi.analyze.rollout.RolloutPlayer`), and plays the chunks it is
given; the chunks come back in any order and are put in world order, so the numbers do not depend
on the backend or the number of workers. A worker that dies is an
:class:`~riichi.analyze.position.AnalysisError` naming the decision, the world it was playing and
the seed. A job's worlds are cut in chunks of at most 50, four or more for each worker:

>>> [(c.start, c.stop) for c in _chunks(20, 2)]
[(0, 2), (2, 4), (4, 6), (6, 8), (8, 10), (10, 12), (12, 14), (14, 16), (16, 18), (18, 20)]
"""

from __future__ import annotations

import contextlib
import pickle
from collections.abc import Callable, Iterator

from riichi.analyze.position import AnalysisError, seat_named
from riichi.analyze.rollout import Job, RolloutPlayer, Rows
from riichi.runner import Progress, Work, reported, start
from riichi.simulate.players import check_sendable

__all__ = ["Run", "runner"]

Chunk = tuple[Job, range]
"""Worlds of one job, played together by one worker."""

Run = Callable[..., Rows]
"""``run(job, samples, progress=None)``: the rows of worlds ``0 .. samples-1`` of ``job``."""


def _chunks(samples: int, workers: int) -> list[range]:
    """Consecutive worlds in chunks small enough to keep every worker busy to the end."""
    size = max(1, min(50, samples // (4 * workers)))
    return [range(k, min(k + size, samples)) for k in range(0, samples, size)]


class _Players:
    """One worker's rollout player, rebuilt when a chunk of another job (another key) comes."""

    def __init__(self) -> None:
        self.job: Job | None = None
        self.player: RolloutPlayer | None = None

    def play(self, chunk: Chunk, started: Callable[[int], None]) -> Rows:
        job, worlds = chunk
        if self.player is None or self.job is None or self.job.key != job.key:
            self.player = RolloutPlayer(job)
            self.job = job
        started(worlds.start)
        return self.player.play(worlds)


class _Worlds(Work[Chunk, Rows]):
    """The chunks of the jobs of one :func:`runner`."""

    def worker(self) -> _Players:
        return _Players()

    def died(self, task: Chunk, unit: int | None, worker: str, how: str) -> AnalysisError:
        job, worlds = task
        where = f"world {unit}" if unit is not None else f"worlds {worlds.start}-{worlds[-1]}"
        return AnalysisError(f"the {worker} playing {where} of the decision at event {job.event} "
                             f"({seat_named(job.seat)}, seed {job.seed}) died ({how})")


@contextlib.contextmanager
def runner(backend: str = "local", workers: int | None = None,
           ray_address: str | None = None) -> Iterator[Run]:
    """A function that plays the worlds of jobs on ``backend`` with ``workers`` workers (default:
    every local CPU, or every CPU of the Ray cluster; one in this process); leaving the context
    stops the workers."""
    with start(_Worlds(), backend, workers, ray_address) as pool:

        def run(job: Job, samples: int, progress: Progress | None = None) -> Rows:
            if backend != "local":
                RolloutPlayer(job)  # a bad job fails here, with its own error, not in a worker
            if backend == "process":  # Ray's pickler sends a lambda by value, pickle cannot
                check_sendable(job.players, pickle.dumps, "worker processes")
            chunks = [(job, worlds) for worlds in _chunks(samples, pool.count)]
            return Rows.join(reported(pool.play(chunks), lambda rows: len(rows.worlds), samples,
                                      progress))

        yield run
