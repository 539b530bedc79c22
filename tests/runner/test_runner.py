"""One runner plays the simulator's shards and the analysis's worlds: the same backends, the same
checks of the settings, the same progress, and a worker that dies is named with what it played,
for the simulator (tests/simulate/test_simulator.py) and the analysis alike."""

from __future__ import annotations

import argparse
import importlib
import os
import signal
from collections.abc import Callable

import numpy as np
import pytest

import riichi.analyze.__main__ as analyze_command
import riichi.simulate.__main__ as simulate_command
from riichi.agents import DefensiveAgent
from riichi.analyze import decision
from riichi.analyze.position import as_record, find_point
from riichi.analyze.rollout import Job
from riichi.analyze.workers import runner
from riichi.errors import AnalysisError, BackendError, RiichiError, SimulationError, WrongTypeError
from riichi.game import play_game
from riichi.runner import BACKENDS, Progress, Work, Worker, check_backend, default_workers, start
from riichi.simulate import run
from riichi.simulate.players import seat_players
from tests.support.paths import DATA


class Squares(Work[int, int]):
    """Squares each task; a task of -1 ends the worker's process (after telling of unit 7)."""

    def worker(self) -> Worker[int, int]:
        return _Squarer()

    def died(self, task: int, unit: int | None, worker: str, how: str) -> RiichiError:
        return RiichiError(f"the {worker} squaring {task} died in unit {unit} ({how})")


class _Squarer:
    def play(self, task: int, started: Callable[[int], None]) -> int:
        if task == -1:
            started(7)
            os.kill(os.getpid(), signal.SIGKILL)
        return task * task


@pytest.mark.parametrize("backend", ["local", "process"])
def test_the_workers_play_every_task_and_keep_playing(backend: str) -> None:
    with start(Squares(), backend, None if backend == "local" else 2) as pool:
        assert pool.count == (1 if backend == "local" else min(2, default_workers()))
        assert sorted(pool.play(range(10))) == [k * k for k in range(10)]
        assert sorted(pool.play([3, 4])) == [9, 16]  # the same workers, a second time


@pytest.mark.parametrize("backend", ["process", "ray"])
def test_no_more_workers_start_than_there_is_work_for(backend: str) -> None:
    # Ray's default, a worker per CPU of the cluster, started them all for a single shard
    with start(Squares(), backend, None, most=1) as pool:
        assert pool.count == 1
        assert list(pool.play([3])) == [9]


def test_a_worker_that_dies_is_the_error_its_work_names() -> None:
    with start(Squares(), "process", 2) as pool:
        with pytest.raises(RiichiError, match=r"^the worker process squaring -1 died in unit 7 "
                                              r"\(killed by SIGKILL: the system may have run out"):
            list(pool.play([1, -1, 2]))


def test_the_simulator_and_the_analysis_offer_the_same_backends() -> None:
    def choices(parser: argparse.ArgumentParser) -> tuple[str, ...]:
        action = next(a for a in parser._actions if a.dest == "backend")
        return tuple(action.choices or ())

    assert choices(simulate_command.build_parser()) == BACKENDS
    assert choices(analyze_command._parser()) == BACKENDS
    # (riichi.simulate.run is also the name of the function: the module is asked for by name)
    assert importlib.import_module("riichi.simulate.run").Progress is Progress


@pytest.mark.parametrize(("settings", "message"), [
    (("cloud", None, None), "unknown backend 'cloud'; expected one of local, process, ray"),
    (("process", 0, None), "workers=0: expected at least 1"),
    (("local", 2, None), "workers=2: the local backend plays in this one process; give backend "
                         "'process' or 'ray' \\(--backend\\) to play on several"),
    (("process", None, "10.0.0.5:6379"), "a Ray address needs the ray backend"),
])
def test_settings_that_cannot_run_are_refused_alike(
    settings: tuple[str, int | None, str | None], message: str
) -> None:
    backend, workers, address = settings
    with pytest.raises(BackendError, match=message):
        check_backend(backend, workers, address)
    with pytest.raises(SimulationError, match=message):  # a BackendError is a SimulationError
        run(games=2, players="random", backend=backend, workers=workers, ray_address=address)
    record, rules = as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)],
                                        seed=11))
    with pytest.raises(BackendError, match=message):
        decision(record, "E1-5", seat=1, samples=4, rules=rules, backend=backend,
                 workers=workers, ray_address=address, progress=False)
    assert analyze_command.main([
        str(DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz"), "--seat", "1", "--at",
        "S1-2-5", "--backend", "local", "--workers", "2", "--quiet"]) == 2


@pytest.mark.parametrize("address", [6379, ("10.0.0.5", 6379)], ids=repr)
def test_a_ray_address_that_is_no_text_is_refused(address: object) -> None:
    # Python's AttributeError: 'int' object has no attribute 'split'
    with pytest.raises(WrongTypeError, match=r"^Ray address .*: expected its text, host:port"):
        check_backend("ray", None, address)  # type: ignore[arg-type]


@pytest.mark.parametrize("address", ["127.0.0.1:99999", "127.0.0.1:0", "ray://10.0.0.5:70000"])
def test_a_ray_address_whose_port_is_no_port_is_refused(address: str) -> None:
    # 99999 was tried as a port (the system took it as 34463) and refused as "Connection refused"
    port = address.rpartition(":")[2]
    with pytest.raises(BackendError, match=rf"^Ray address '{address}': port {port} is no port; "
                       r"expected host:port with a port 1-65535 \(e.g. 10.0.0.5:6379\)"):
        check_backend("ray", None, address)


@pytest.mark.parametrize("workers", [True, np.bool_(True), 2.0, "2"], ids=repr)
def test_workers_that_are_no_whole_number_are_a_wrong_type(workers: object) -> None:
    with pytest.raises(WrongTypeError, match=r"workers=.*: expected a whole number of workers >= 1"):
        check_backend("process", workers, None)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"workers=.*: expected a whole number of workers >= 1"):
        run(games=2, players="random", backend="process", workers=workers)  # type: ignore[arg-type]


def test_workers_take_numpy_integers() -> None:
    assert check_backend("process", np.int64(2), None) == 2
    assert type(check_backend("process", np.int64(2), None)) is int
    assert check_backend("local", np.int64(1), None) == 1
    with pytest.raises(BackendError, match="workers=0: expected at least 1"):
        check_backend("process", np.int64(0), None)
    by_numpy = run(games=2, seed=3, players="random", backend="process", workers=np.int64(2))
    by_int = run(games=2, seed=3, players="random", backend="process", workers=2)
    assert by_numpy.games.to_pylist() == by_int.games.to_pylist()


def test_the_analysis_command_plays_on_several_workers_of_every_backend(
        capsys: pytest.CaptureFixture[str]) -> None:
    """(The local backend refuses several workers: see the test above.)"""
    record = str(DATA / "mjlog" / "2010091009gm-00a9-0000-83af2648.mjlog.gz")
    printed = {}
    for backend, workers in (("local", []), ("process", ["--workers", "2"]),
                             ("ray", ["--workers", "2"])):
        assert analyze_command.main([record, "--seat", "1", "--at", "S1-2-5", "--samples", "24",
                                     "--seed", "3", "--quiet", "--backend", backend,
                                     *workers]) == 0
        printed[backend] = capsys.readouterr().out
    assert printed["local"].count("\n") > 5
    assert printed["process"] == printed["local"] and printed["ray"] == printed["local"]


def _recorder() -> tuple[list[tuple[int, int]], Progress]:
    told: list[tuple[int, int]] = []
    return told, lambda done, total: told.append((done, total))


def test_progress_is_told_the_games_of_a_simulation_and_the_worlds_of_an_analysis() -> None:
    told, progress = _recorder()
    run(games=6, seed=1, players="random", backend="local", shard_size=2, progress=progress)
    assert told == [(0, 6), (2, 6), (4, 6), (6, 6)]

    record, rules = as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)],
                                        seed=11))
    point = find_point(record, rules, "E1-5", seat=1)
    job = Job(record, rules, point.event, 1, point.legal[:2], seat_players("random"), "hand", 3,
              "progress")
    told, progress = _recorder()
    with runner("process", 2) as play:
        assert play(job, 9, progress).worlds.tolist() == list(range(9))
    assert told[0] == (0, 9) and told[-1] == (9, 9) and len(told) > 2
    assert [done for done, _ in told] == sorted(done for done, _ in told)


def test_a_worker_of_an_analysis_that_dies_names_the_world_and_the_seed() -> None:
    record, rules = as_record(play_game("tenhou", [DefensiveAgent(seed=s) for s in range(4)],
                                        seed=11))
    with pytest.raises(AnalysisError) as info:
        decision(record, "E1-5", seat=1, samples=40, horizon="hand", seed=4, rules=rules,
                 players="tests.support.failing_agents:DyingAgent", backend="process",
                 workers=2, progress=False)
    message = str(info.value)
    assert message.startswith("the worker process playing world ")
    # seat=1 of the API, --seat 2 of the command: a message names both
    assert message.endswith("(seat=1 (--seat 2), seed 4) died (killed by SIGKILL: the system may have run "
                            "out of memory)")
