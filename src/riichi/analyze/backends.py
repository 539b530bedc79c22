"""Where the worlds of an analysis are played: in this process (``local``), in a pool of local
processes (``process``) or on a Ray cluster (``ray``), in chunks of consecutive worlds.

A :func:`runner` keeps its workers for every decision it is given (a whole-game review starts
them once). Each worker replays the record to a decision once, when the first chunk of that
decision reaches it (:class:`~riichi.analyze.rollout.RolloutPlayer`), and plays the chunks it is
given; the chunks come back in any order and are put in world order, so the numbers do not depend
on the backend or the number of workers. Ray is started (or joined) and ended as the simulator
does it (:func:`riichi.simulate.backends.ray_actors`).

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.analyze.position import as_record, find_point
>>> from riichi.simulate.players import seat_players
>>> record, rules = as_record(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1))
>>> point = find_point(record, rules, "E1-3", seat=1)
>>> players = seat_players("random")
>>> job = Job(record, rules, point.event, 1, point.legal[:2], players, "hand", 7, "doc")
>>> with runner("local") as run:
...     rows = run(job, 3)
>>> rows.worlds.tolist()
[0, 1, 2]
"""

from __future__ import annotations

import contextlib
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from riichi.analyze.rollout import Job, RolloutPlayer, Rows
from riichi.errors import BackendError
from riichi.simulate.backends import default_workers, ray_actors

__all__ = ["BACKENDS", "Run", "runner"]

BACKENDS = ("local", "process", "ray")

Progress = Callable[[int], None]
"""Told how many more worlds are done."""

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

    def play(self, job: Job, chunk: range) -> Rows:
        if self.player is None or self.job is None or self.job.key != job.key:
            self.player = RolloutPlayer(job)
            self.job = job
        return self.player.play(chunk)


@contextlib.contextmanager
def runner(backend: str = "local", workers: int | None = None,
           ray_address: str | None = None) -> Iterator[Run]:
    """A function that plays the worlds of jobs on ``backend`` with ``workers`` workers (default:
    every local CPU, or every CPU of the Ray cluster); leaving the context stops the workers."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or workers < 1):
        raise BackendError(f"workers={workers!r}: expected an int >= 1")
    if backend == "local" and workers not in (None, 1):
        raise BackendError(f"workers={workers}: the local backend plays in this one process; "
                           "give backend='process' or 'ray' (--backend) to play on several")
    if backend == "local":
        local = _Players()
        yield _run(lambda job, chunks: (local.play(job, c) for c in chunks), 1)
    elif backend == "process":
        count = workers or default_workers()
        pool = multiprocessing.get_context("spawn").Pool(count, initializer=_start_worker)
        try:
            def chunked(job: Job, chunks: Sequence[range]) -> Iterator[Rows]:
                RolloutPlayer(job)  # a bad job fails here, with its own error, not in a worker
                return pool.imap_unordered(_play_in_worker, [(job, c) for c in chunks])

            yield _run(chunked, count)
        finally:
            pool.terminate()
            pool.join()
    else:
        with _ray_pool(workers, ray_address) as (chunked, count):
            yield _run(chunked, count)


def _run(chunked: Callable[[Job, Sequence[range]], Iterator[Rows]], workers: int) -> Run:
    def run(job: Job, samples: int, progress: Progress | None = None) -> Rows:
        parts = []
        for part in chunked(job, _chunks(samples, workers)):
            parts.append(part)
            if progress is not None:
                progress(len(part.worlds))
        return Rows.join(parts)

    return run


_worker = _Players()


def _start_worker() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle


def _play_in_worker(task: tuple[Job, range]) -> Rows:
    return _worker.play(*task)


@contextlib.contextmanager
def _ray_pool(workers: int | None, address: str | None) -> Iterator[Any]:
    def make(ray: Any, count: int) -> list[Any]:
        return [ray.remote(num_cpus=1)(_Players).remote() for _ in range(count)]

    with ray_actors(make, workers, address) as (ray, pool, count):

        def chunked(job: Job, chunks: Sequence[range]) -> Iterator[Rows]:
            RolloutPlayer(job)
            ref = ray.put(job)
            results: Iterator[Rows] = pool.map_unordered(lambda a, c: a.play.remote(ref, c), chunks)
            return results

        yield chunked, count
