"""Where many pieces of work are played: in this process (``local``), in a pool of local processes
(``process``) or on a Ray cluster (``ray``). The simulator's shards and the analysis's worlds are
played here alike.

A :class:`Work` says what each worker holds (made once in it) and how the death of a worker is
told; :func:`start` starts the workers for it, whose :meth:`~Workers.play` plays tasks on them,
each worker one task at a time, and yields the results as they finish (in any order). Leaving the
context stops the workers, also when the results were not all read (an interrupted run). A
worker that dies (a signal, the system out of memory, an agent ending its process) is the error
:meth:`Work.died` makes, naming its task, as soon as its death is seen: the process backend
watches each process, and each worker keeps the unit it plays (the game, the world) in memory the
parent reads. :data:`Progress` is what is told how far the work has gone.

>>> class Squares(Work[int, int]):
...     def worker(self) -> Worker[int, int]:
...         return self
...     def play(self, task: int, started: Callable[[int], None]) -> int:
...         return task * task
...     def died(self, task: int, unit: int | None, worker: str, how: str) -> RiichiError:
...         return RiichiError(f"the {worker} squaring {task} died ({how})")
>>> with start(Squares(), "local") as pool:
...     pool.count, sorted(pool.play([1, 2, 3]))
(1, [1, 4, 9])
"""

from __future__ import annotations

import abc
import contextlib
import multiprocessing
import multiprocessing.connection
import os
import pickle
import signal
import socket
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

from riichi.errors import BackendError, RiichiError, WrongTypeError, named_int, quoted

__all__ = ["BACKENDS", "Progress", "Work", "Worker", "Workers", "start", "reported",
           "check_backend", "check_ray_address", "default_workers"]

BACKENDS = ("local", "process", "ray")

Progress = Callable[[int, int], None]
"""Told ``(done, total)`` when the work starts and as it goes: the games of a simulation (``done``
starts above 0 for a resumed run), the worlds of an analysis."""

Task = TypeVar("Task")
Result = TypeVar("Result")
_Task = TypeVar("_Task", contravariant=True)
_Result = TypeVar("_Result", covariant=True)
_Free = TypeVar("_Free")



class Worker(Protocol[_Task, _Result]):
    """What one worker holds: it plays a task, telling ``started`` of each unit (a game, a
    world) before it plays it, so that its death can be named with the unit it was playing."""

    def play(self, task: _Task, started: Callable[[int], None], /) -> _Result: ...


class Work(abc.ABC, Generic[Task, Result]):
    """What the workers of a run play, sent to each of them (so it pickles): what a worker holds,
    and how the death of one is told."""

    @abc.abstractmethod
    def worker(self) -> Worker[Task, Result]:
        """What one worker holds, made once in it (rules read and players loaded, for example)."""

    @abc.abstractmethod
    def died(self, task: Task, unit: int | None, worker: str, how: str) -> RiichiError:
        """The error of a worker that died playing ``task``, during ``unit`` (the last unit it
        told of; None when it is not known); ``worker`` is what it was (``"worker process"``,
        ``"Ray actor"``) and ``how`` how it ended."""

    def check_sendable(self, dumps: Callable[[Any], bytes], where: str) -> None:
        """Fail (:class:`~riichi.errors.BackendError`) before any worker starts when the work
        cannot be sent to ``where`` with ``dumps``."""
        try:
            dumps(self)
        except Exception as e:  # noqa: BLE001 - pickle raises many kinds, each means the same
            raise BackendError(f"the work cannot be sent to {where}: {type(e).__name__}: {e}; "
                               "play with backend 'local'") from None

    def for_ray(self, ray: Any) -> Work[Task, Result]:
        """The work as Ray's workers get it (they may run on other machines, which cannot import
        what only this one has): this work, or a copy that carries such code by value."""
        return self


@dataclass(frozen=True)
class Workers(Generic[Task, Result]):
    """The workers :func:`start` started: ``count`` of them, and ``play``, which plays tasks on
    them and yields the results as they finish (in any order)."""

    count: int
    play: Callable[[Iterable[Task]], Iterator[Result]]


def default_workers() -> int:
    """The CPUs this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def check_backend(backend: str, workers: int | None, ray_address: str | None) -> int | None:
    """Check the execution settings (:class:`~riichi.errors.BackendError`): a known backend, a
    whole number of workers of at least 1 (one only in this process; numpy's integers too, a
    bool or a float is a :class:`~riichi.errors.WrongTypeError`), a reachable Ray address for
    the ray backend only. Returns ``workers`` as an int, or None."""
    if backend not in BACKENDS:
        raise BackendError(f"unknown backend {backend!r}; expected one of {', '.join(BACKENDS)}")
    if workers is not None:
        number = named_int("workers", workers, "a whole number of workers >= 1")
        if number < 1:
            raise BackendError(f"workers={number}: expected at least 1")
        workers = number
    if backend == "local" and workers not in (None, 1):
        raise BackendError(f"workers={workers}: the local backend plays in this one process; "
                           "give backend 'process' or 'ray' (--backend) to play on several")
    if ray_address is not None:
        if backend != "ray":
            raise BackendError("a Ray address needs the ray backend (--backend ray)")
        check_ray_address(ray_address)
    return workers


@contextlib.contextmanager
def start(
    work: Work[Task, Result],
    backend: str = "process",
    workers: int | None = None,
    ray_address: str | None = None,
    most: int | None = None,
) -> Iterator[Workers[Task, Result]]:
    """The workers of ``work`` on ``backend``, ``workers`` of them (default: every local CPU, or
    every CPU of the Ray cluster; one in this process; worker processes no more than the local
    CPUs), and no more than ``most`` (the tasks there are, when known: a worker beyond them
    would start for nothing); leaving the context stops them. The settings are checked first
    (:func:`check_backend`)."""
    workers = check_backend(backend, workers, ray_address)
    if workers is not None and most is not None:
        workers = min(workers, most)
    if backend == "local":
        local = work.worker()
        yield Workers(1, lambda tasks: (local.play(task, _unwatched) for task in tasks))
    elif backend == "process":
        cpus = default_workers()  # a process beyond them would only share them
        with _process_pool(work, min(workers or cpus, cpus, most or cpus)) as pool:
            yield pool
    else:
        with _ray_actors(work, workers, ray_address, most) as pool:
            yield pool


def reported(results: Iterable[Result], size: Callable[[Result], int], total: int,
             progress: Progress | None, done: int = 0) -> Iterator[Result]:
    """``results`` as they come, ``progress`` told ``(done, total)`` first and after each result
    is taken (written, added up), where each adds its ``size`` to ``done``: a progress that stops
    the work (Ctrl-C) leaves every result told of kept."""
    if progress is not None:
        progress(done, total)
    for result in results:
        yield result
        done += size(result)
        if progress is not None:
            progress(done, total)


def _unwatched(unit: int) -> None:
    """Where a worker in this process tells of its units: nobody watches it die."""


_BETWEEN_UNITS = -1
"""A worker's slot in the shared memory before the first unit of its task."""


def _serve(work: Work[Any, Any], connection: Any, playing: Any, index: int) -> None:
    """A worker process: play each task the parent sends (None ends it), answering
    ``(True, result)`` or ``(False, error)``; the unit being played is ``playing[index]``."""
    # Ctrl-C is the parent's to handle: it stops the workers and keeps what is finished.
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def started(unit: int) -> None:
        playing[index] = unit

    try:
        worker: Worker[Any, Any] | Exception = work.worker()
    except Exception as error:  # noqa: BLE001 - sent to the parent, which raises it
        worker = error
    while (task := connection.recv()) is not None:
        playing[index] = _BETWEEN_UNITS
        try:
            if isinstance(worker, Exception):
                raise worker
            answer: tuple[bool, object] = (True, worker.play(task, started))
        except Exception as error:  # noqa: BLE001 - sent to the parent, which raises it
            answer = (False, error)
        try:
            connection.send(answer)
        except Exception:  # noqa: BLE001 - an error that cannot be pickled
            connection.send((False, RiichiError(f"{type(answer[1]).__name__}: {answer[1]}")))


def _exit_words(code: int | None) -> str:
    """How a process ended, from its exit code (minus the signal that killed it)."""
    if code is None or code >= 0:
        return f"it exited with code {code}"
    name = signal.Signals(-code).name if -code in signal.valid_signals() else f"signal {-code}"
    return f"killed by {name}" + (": the system may have run out of memory"
                                  if -code == signal.SIGKILL else "")


class _Process:
    """One worker process of the process backend, its end of the pipe and its slot in the
    shared memory of the units being played."""

    def __init__(self, context: Any, work: Work[Any, Any], playing: Any, index: int) -> None:
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(work, child, playing, index),
                                       daemon=True)
        self.process.start()
        child.close()  # the parent's copy: so the pipe ends when the worker does
        self.index = index


def _hand_out(idle: list[_Free], todo: Iterator[Task]) -> list[tuple[_Free, Task]]:
    """The next tasks of ``todo`` paired with the ``idle`` workers that take them (they leave
    ``idle``): the tasks are taken one at a time, so that a run of any length starts at once."""
    given = list(zip(idle, todo))  # zip takes no task once the idle workers run out
    del idle[:len(given)]
    return given


def _process_results(work: Work[Task, Result], pool: list[_Process], playing: Any,
                     tasks: Iterable[Task]) -> Iterator[Result]:
    """The results of ``tasks``, one task at a time in each process of ``pool``."""
    todo, idle = iter(tasks), list(pool)
    busy: dict[_Process, Task] = {}
    while True:
        for worker, task in _hand_out(idle, todo):
            worker.connection.send(task)
            busy[worker] = task
        if not busy:
            return
        ready = multiprocessing.connection.wait(
            [w.connection for w in busy] + [w.process.sentinel for w in busy])
        for worker, task in list(busy.items()):
            # a message first (poll is also true at the end of the pipe, where recv fails)
            answer: tuple[bool, Any] | None = None
            if worker.connection.poll():
                with contextlib.suppress(EOFError):
                    answer = worker.connection.recv()
            elif worker.process.sentinel not in ready:
                continue
            if answer is None:
                worker.process.join()
                unit = playing[worker.index]
                raise work.died(task, None if unit == _BETWEEN_UNITS else unit,
                                "worker process", _exit_words(worker.process.exitcode))
            del busy[worker]
            idle.append(worker)
            ok, value = answer
            if not ok:
                raise value
            yield value


@contextlib.contextmanager
def _process_pool(work: Work[Task, Result], count: int) -> Iterator[Workers[Task, Result]]:
    work.check_sendable(pickle.dumps, "worker processes")
    # spawn, not fork: the parent may run a progress thread, and fork copies no threads
    context = multiprocessing.get_context("spawn")
    playing = context.RawArray("q", count)
    pool: list[_Process] = []
    try:
        pool.extend(_Process(context, work, playing, k) for k in range(count))
        yield Workers(count, lambda tasks: _process_results(work, pool, playing, tasks))
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
    if not isinstance(address, str):
        raise WrongTypeError(f"Ray address {quoted(address)}: expected its text, host:port "
                             "(e.g. 10.0.0.5:6379), ray://host:port or auto")
    if address in ("auto", "local"):
        return
    hostport = address.split("://", 1)[-1]
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit():
        raise BackendError(
            f"Ray address {address!r}: expected host:port (e.g. 10.0.0.5:6379), ray://host:port or auto"
        )
    if not 0 < int(port) < 2**16:  # the system would take another port (99999 as 34463)
        raise BackendError(f"Ray address {address!r}: port {port} is no port; expected host:port "
                           "with a port 1-65535 (e.g. 10.0.0.5:6379)")
    start = "start one with 'ray start --head' and pass the address it prints"
    try:
        # an IPv6 address is written in brackets ([::1]:6379), which are no part of its name
        connection = socket.create_connection((host.removeprefix("[").removesuffix("]"), int(port)),
                                              timeout=5)
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


def _import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise BackendError(
            "the ray backend needs the ray package: pip install 'riichi[ray]'"
        ) from None
    return ray


class _Actor:
    """A Ray actor holding one worker of a work."""

    def __init__(self, work: Work[Any, Any]) -> None:
        self.worker = work.worker()

    def play(self, task: Any) -> Any:
        return self.worker.play(task, _unwatched)


@contextlib.contextmanager
def _ray_actors(
    work: Work[Task, Result], workers: int | None, address: str | None, most: int | None
) -> Iterator[Workers[Task, Result]]:
    """Ray actors playing ``work``, ``workers`` of them or one per CPU of the cluster (at most
    ``most``). Ray is
    started for them (on this machine, or joined at ``address``) unless it runs already, and the
    actors and that Ray are ended on every way out."""
    ray = _import_ray()
    started = not ray.is_initialized()
    # None and "local" both start a new Ray here, with a CPU per worker (given None, Ray would
    # join RAY_ADDRESS or the last cluster 'ray start' began on this machine instead)
    here = address in (None, "local")
    if started:
        try:
            ray.init(
                address="local" if here else address,
                num_cpus=(workers or default_workers()) if here else None,
                include_dashboard=False,
                log_to_driver=False,
                logging_level="error",  # Ray's notices would come before the command's output
            )
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise BackendError(f"cannot start Ray at {'this machine' if here else address}: {e}"
                               ) from None
    actors: list[Any] = []
    try:
        sent = work.for_ray(ray)
        sent.check_sendable(ray.cloudpickle.dumps, "Ray workers")
        count = _ray_worker_count(ray, workers)
        if most is not None:  # the cluster's default, known only now
            count = min(count, most)
        actor_class = ray.remote(num_cpus=1)(_Actor)
        actors.extend(actor_class.remote(sent) for _ in range(count))
        yield Workers(count, lambda tasks: _ray_results(ray, work, actors, tasks))
    finally:
        for actor in actors:
            ray.kill(actor)
        if started:
            ray.shutdown()


def _ray_worker_count(ray: Any, workers: int | None) -> int:
    """``workers``, or one per CPU of the Ray cluster: each actor takes a CPU, so an actor beyond
    the cluster's CPUs would never be placed and its shards never played (the run would wait for
    ever); such a count is refused (:class:`BackendError`)."""
    cpus = int(ray.cluster_resources().get("CPU", 0))
    if cpus < 1:
        raise BackendError("the Ray cluster has no CPU to play on; start its nodes with CPUs "
                           "(ray start --num-cpus N)")
    if workers is not None and workers > cpus:
        raise BackendError(f"workers={workers}: the Ray cluster has {cpus} CPUs, one per worker; "
                           f"give at most {cpus} workers (--workers), or none for one per CPU")
    return workers or cpus


def _ray_results(ray: Any, work: Work[Task, Result], actors: list[Any],
                 tasks: Iterable[Task]) -> Iterator[Result]:
    """The results of ``tasks``, one task at a time on each actor, so that an actor that dies
    names its task."""
    todo, idle = iter(tasks), list(actors)
    running: dict[Any, tuple[Any, Task]] = {}
    while True:
        for actor, task in _hand_out(idle, todo):
            running[actor.play.remote(task)] = (actor, task)
        if not running:
            return
        [ref], _ = ray.wait(list(running), num_returns=1)
        actor, task = running.pop(ref)
        try:
            result: Result = ray.get(ref)
        except ray.exceptions.RayActorError as e:
            raise work.died(task, None, "Ray actor", f"Ray: {type(e).__name__}") from None
        except ray.exceptions.RayTaskError as e:
            # the error the task raised (a failed game names itself), not Ray's wrapper
            cause = getattr(e, "cause", None)
            if isinstance(cause, RiichiError):
                raise cause from None
            raise
        idle.append(actor)
        yield result
