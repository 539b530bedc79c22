"""Where shards are played: in this process (``local``), in a pool of local processes
(``process``) or on a Ray cluster (``ray``).

Every backend builds one :class:`~riichi.simulate.shard.ShardPlayer` per worker and yields the
shards' results as they finish (in any order: the summary is a sum and does not depend on it).
A worker that dies (a signal, the system out of memory, an agent ending its process) is a
:class:`~riichi.errors.WorkerDiedError` naming its shard, the run's seed and the command that
replays the game it was playing, as soon as its death is seen: the process backend hands each
worker one shard at a time and watches the process, and each worker keeps the row of the game
it plays in memory the parent reads.
"""

from __future__ import annotations

import contextlib
import dataclasses
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from riichi.errors import BackendError, RiichiError, SimulationError, WorkerDiedError
from riichi.simulate.shard import RunPlan, ShardPlayer, ShardResult, replay_command

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


_BETWEEN_GAMES = -1
"""A worker's row in the shared memory before the first game of its shard."""


def _serve(plan: RunPlan, connection: Any, playing: Any, index: int) -> None:
    """A worker process: play each shard the parent sends (None ends it), answering
    ``(True, result)`` or ``(False, error)``; the row of the game played is ``playing[index]``."""
    # Ctrl-C is the parent's to handle: it stops the workers and keeps the finished shards.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def started(row: int) -> None:
        playing[index] = row

    try:
        player: ShardPlayer | Exception = ShardPlayer(plan)
    except Exception as error:  # noqa: BLE001 - sent to the parent, which raises it
        player = error
    while (shard := connection.recv()) is not None:
        playing[index] = _BETWEEN_GAMES
        try:
            if isinstance(player, Exception):
                raise player
            answer: tuple[bool, object] = (True, player.play(shard, started))
        except Exception as error:  # noqa: BLE001 - sent to the parent, which raises it
            answer = (False, error)
        try:
            connection.send(answer)
        except Exception:  # noqa: BLE001 - an error that cannot be pickled
            connection.send((False, SimulationError(f"{type(answer[1]).__name__}: {answer[1]}")))


def _died(plan: RunPlan, shard: int, row: int | None, worker: str, how: str) -> WorkerDiedError:
    """The error of a worker that died playing ``shard``, during game ``row`` if known."""
    first = plan.shard_deals(shard).start * plan.rows_per_deal
    command = replay_command(plan, first if row is None else row)
    if row is None:
        last = plan.shard_deals(shard).stop * plan.rows_per_deal - 1
        where, replay = f"in one of its games {first}-{last}", "replay its first game with"
    else:
        where, replay = f"during game {row}", "replay exactly that game with"
    return WorkerDiedError(
        f"the {worker} playing shard {shard} of the run seeded {plan.seed} died ({how}) {where}; "
        f"{replay}: {command}",
        first if row is None else row, plan.seed, command, shard,
    )


def _exit_words(code: int | None) -> str:
    """How a process ended, from its exit code (minus the signal that killed it)."""
    if code is None or code >= 0:
        return f"it exited with code {code}"
    name = signal.Signals(-code).name if -code in signal.valid_signals() else f"signal {-code}"
    return f"killed by {name}" + (": the system may have run out of memory"
                                  if -code == signal.SIGKILL else "")


class _Worker:
    """One worker process of the process backend, its end of the pipe and its slot in the
    shared memory of the rows being played."""

    def __init__(self, context: Any, plan: RunPlan, playing: Any, index: int) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(plan, child, playing, index),
                                       daemon=True)
        self.process.start()
        child.close()  # the parent's copy: so the pipe ends when the worker does
        self.index = index


def _process_results(plan: RunPlan, workers: list[_Worker], playing: Any,
                     shards: Sequence[int]) -> Iterator[ShardResult]:
    """The results of ``shards``, one shard at a time in each of ``workers``."""
    todo = list(reversed(shards))
    idle = list(workers)
    busy: dict[_Worker, int] = {}
    while todo or busy:
        while todo and idle:
            worker, shard = idle.pop(), todo.pop()
            worker.connection.send(shard)
            busy[worker] = shard
        ready = multiprocessing.connection.wait(
            [w.connection for w in busy] + [w.process.sentinel for w in busy])
        for worker, shard in list(busy.items()):
            # a message first (poll is also true at the end of the pipe, where recv fails)
            answer: tuple[bool, Any] | None = None
            if worker.connection.poll():
                with contextlib.suppress(EOFError):
                    answer = worker.connection.recv()
            elif worker.process.sentinel not in ready:
                continue
            if answer is None:
                worker.process.join()
                row = playing[worker.index]
                raise _died(plan, shard, None if row == _BETWEEN_GAMES else row,
                            "worker process", _exit_words(worker.process.exitcode))
            del busy[worker]
            idle.append(worker)
            ok, value = answer
            if not ok:
                raise value
            yield value


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
    context = multiprocessing.get_context("spawn")
    playing = context.RawArray("q", workers)
    pool: list[_Worker] = []
    try:
        pool.extend(_Worker(context, plan, playing, k) for k in range(workers))
        yield lambda shards: _process_results(plan, pool, playing, shards)
    finally:
        for worker in pool:
            worker.process.terminate()
        for worker in pool:
            worker.process.join()
            worker.connection.close()


# What an HTTP/2 client sends first (the connection preface and an empty SETTINGS frame): Ray's
# GCS and its client server speak gRPC, whose server answers with a SETTINGS frame of its own.
_HTTP2_HELLO = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n" + bytes((0, 0, 0, 4, 0, 0, 0, 0, 0))
_SETTINGS = 4


def check_ray_address(address: str) -> None:
    """Fail fast (:class:`BackendError`) when nothing listens at a Ray ``host:port`` address, or
    what listens does not answer as Ray does (gRPC): ``ray.init`` would otherwise retry for
    minutes, printing Ray's warnings. ``auto`` and ``local`` are left to Ray."""
    if address in ("auto", "local"):
        return
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(
            f"Ray address {address!r}: expected host:port (e.g. 10.0.0.5:6379), ray://host:port or auto"
        )
    start = "start one with 'ray start --head' and pass the address it prints"
    try:
        connection = socket.create_connection((host, int(port)), timeout=5)
    except OSError as e:
        raise BackendError(f"cannot reach a Ray cluster at {address!r} ({e.strerror or e}); {start}"
                           ) from None
    with connection:
        try:
            connection.sendall(_HTTP2_HELLO)
            answer = connection.recv(9)
        except OSError:  # a timeout, or the other side hung up
            answer = b""
    if len(answer) < 4 or answer[3] != _SETTINGS:
        raise BackendError(f"no Ray cluster at {address!r}: what listens there does not answer "
                           f"as Ray does; {start}")


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
                logging_level="error",  # Ray's notices would come before the command's output
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
    made: list[Any] = []

    def make(ray: Any, count: int) -> list[Any]:
        sent = _by_value(plan, ray)
        actor_class = ray.remote(num_cpus=1)(ShardPlayer)
        made.extend(actor_class.remote(sent) for _ in range(count))
        return made

    with ray_actors(make, workers, address) as (ray, _, _):

        def results(shards: Sequence[int]) -> Iterator[ShardResult]:
            # one shard at a time per actor, so that an actor that dies names its shard
            todo, idle = list(reversed(shards)), list(made)
            running: dict[Any, tuple[Any, int]] = {}
            while todo or running:
                while todo and idle:
                    actor, shard = idle.pop(), todo.pop()
                    running[actor.play.remote(shard)] = (actor, shard)
                [ref], _ = ray.wait(list(running), num_returns=1)
                actor, shard = running.pop(ref)
                try:
                    result = ray.get(ref)
                except ray.exceptions.RayActorError as e:
                    raise _died(plan, shard, None, "Ray actor",
                                f"Ray: {type(e).__name__}") from None
                except ray.exceptions.RayTaskError as e:
                    # the error the shard raised (a failed game names itself), not Ray's wrapper
                    cause = getattr(e, "cause", None)
                    if isinstance(cause, RiichiError):
                        raise cause from None
                    raise
                idle.append(actor)
                yield result

        yield results
