"""Where shards are played: in this process (``local``), in a pool of local processes
(``process``) or on a Ray cluster (``ray``).

Every backend builds one :class:`~riichi.simulate.shard.ShardPlayer` per worker and yields the
shards' results as they finish (in any order: the summary is a sum and does not depend on it).
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import os
import pickle
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from riichi.errors import BackendError, RiichiError
from riichi.simulate.shard import RunPlan, ShardPlayer, ShardResult

__all__ = ["BACKENDS", "default_workers", "shard_results", "check_ray_address", "ray_actors"]

BACKENDS = ("local", "process", "ray")


def default_workers() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


@contextlib.contextmanager
def shard_results(
    plan: RunPlan,
    shards: Sequence[int],
    backend: str = "process",
    workers: int | None = None,
    ray_address: str | None = None,
) -> Iterator[Iterator[ShardResult]]:
    """The results of ``shards`` of ``plan``, played on ``backend`` by ``workers`` workers
    (default: every local CPU, or every CPU of the Ray cluster). Leaving the context stops the
    workers, also when the results were not all read (an interrupted run)."""
    if backend == "local":
        player = ShardPlayer(plan)
        yield (player.play(k) for k in shards)
    elif backend == "process":
        with _process_pool(plan, workers or default_workers()) as results:
            yield results(shards)
    elif backend == "ray":
        with _ray_actors(plan, workers, ray_address) as results:
            yield results(shards)
    else:
        raise BackendError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")


_worker: ShardPlayer | None = None


def _start_worker(plan: RunPlan) -> None:
    global _worker
    # Ctrl-C is the parent's to handle: it stops the pool and keeps the finished shards.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    _worker = ShardPlayer(plan)


def _play_in_worker(shard: int) -> ShardResult:
    assert _worker is not None, "the pool's initializer builds the worker"
    return _worker.play(shard)


def _check_sendable(plan: RunPlan, dumps: Callable[[Any], bytes], where: str) -> None:
    """Fail (:class:`BackendError`) before any worker starts when a player cannot be pickled."""
    for seat, spec in enumerate(plan.players):
        try:
            dumps(spec)
        except Exception as e:  # noqa: BLE001 - pickle raises many kinds, each means the same
            raise BackendError(
                f"player {seat} ({spec}) cannot be sent to {where}: {type(e).__name__}: {e}; "
                "define it at the top level of a module (not a lambda or a local function), "
                "or play with backend 'local'"
            ) from None


@contextlib.contextmanager
def _process_pool(plan: RunPlan, workers: int) -> Iterator[Any]:
    _check_sendable(plan, pickle.dumps, "worker processes")
    # spawn, not fork: the parent may run a progress thread, and fork copies no threads
    pool = multiprocessing.get_context("spawn").Pool(
        workers, initializer=_start_worker, initargs=(plan,)
    )
    try:
        yield lambda shards: pool.imap_unordered(_play_in_worker, shards)
    finally:
        pool.terminate()
        pool.join()


def check_ray_address(address: str) -> None:
    """Fail fast (:class:`BackendError`) when nothing listens at a Ray ``host:port`` address
    (``ray.init`` would otherwise wait a long time). ``auto`` and ``local`` are left to Ray."""
    if address in ("auto", "local"):
        return
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(
            f"Ray address {address!r}: expected host:port (e.g. 10.0.0.5:6379), ray://host:port or auto"
        )
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as e:
        raise BackendError(
            f"cannot reach a Ray cluster at {address!r} ({e.strerror or e}); start one with "
            f"'ray start --head' and pass the address it prints"
        ) from None


def _by_value(plan: RunPlan, ray: Any) -> RunPlan:
    """``plan`` with each player's class or factory in it, those from outside riichi sent by
    value: Ray workers (on other machines too) need not be able to import the user's modules."""
    players = tuple(p.resolved() for p in plan.players)
    for spec in players:
        module = sys.modules.get(getattr(spec.target, "__module__", "") or "")
        if module is not None and module.__name__.partition(".")[0] not in ("riichi", "__main__"):
            ray.cloudpickle.register_pickle_by_value(module)
    plan = dataclasses.replace(plan, players=players)
    _check_sendable(plan, ray.cloudpickle.dumps, "Ray workers")
    return plan


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs the ray package: pip install 'riichi[ray]'"
        ) from None
    return ray


@contextlib.contextmanager
def ray_actors(
    make: Callable[[Any, int], list[Any]], workers: int | None, address: str | None
) -> Iterator[Any]:
    """``(ray, pool, count)``: the ``ray`` module and a pool of the ``count`` Ray actors that
    ``make(ray, count)`` returns, ``count`` being ``workers`` or every CPU of the cluster. Ray is
    started for it (on this machine, or joined at ``address``) unless it runs already, and the
    actors and that Ray are ended on every way out. :mod:`riichi.analyze` plays its worlds on it
    too."""
    ray = _import_ray()
    started = not ray.is_initialized()
    if started:
        if address is not None:
            check_ray_address(address)
        try:
            ray.init(
                address=address,
                num_cpus=(workers or default_workers()) if address is None else None,
                include_dashboard=False,
                log_to_driver=False,
                logging_level="warning",
            )
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise BackendError(f"cannot start Ray at {address or 'this machine'}: {e}") from None
    try:
        count = workers or max(1, int(ray.cluster_resources().get("CPU", 1)))
        actors = make(ray, count)
        try:
            yield ray, ray.util.ActorPool(actors), count
        finally:
            for actor in actors:
                ray.kill(actor)
    finally:
        if started:
            ray.shutdown()


@contextlib.contextmanager
def _ray_actors(plan: RunPlan, workers: int | None, address: str | None) -> Iterator[Any]:
    def make(ray: Any, count: int) -> list[Any]:
        sent = _by_value(plan, ray)
        actor_class = ray.remote(num_cpus=1)(ShardPlayer)
        return [actor_class.remote(sent) for _ in range(count)]

    with ray_actors(make, workers, address) as (ray, pool, _):

        def results(shards: Sequence[int]) -> Iterator[ShardResult]:
            try:
                yield from pool.map_unordered(lambda a, k: a.play.remote(k), shards)
            except ray.exceptions.RayTaskError as e:
                # the error the shard raised (a failed game names itself), not Ray's wrapper
                cause = getattr(e, "cause", None)
                if isinstance(cause, RiichiError):
                    raise cause from None
                raise

        yield results
