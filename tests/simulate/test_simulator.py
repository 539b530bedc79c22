"""The simulator as a library: reproducible summaries whatever the shard layout, worker count or
backend (a real local Ray included), tables checked against games replayed on their own, situations,
duplicate play, resuming, players and plots."""

from __future__ import annotations

import shlex
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest

from riichi.agents import RandomAgent
from riichi.errors import BackendError, GameFailedError, MjaiBotError, SimulationError, SituationError, UnknownPlayerError, WrongTypeError
from riichi.game import play_game
from riichi.rules import RuleSet
from riichi.simulate import StartingPoint, run
from riichi.simulate.output import RunDirectory, write_plots
from riichi.simulate.players import PlayerSpec, agent_factory, seat_players
from riichi.simulate.run import resume
from riichi.simulate.shard import agent_seed
from riichi.stats import hand_records

SEED = 20261201
MIXED = "random,riichi.agents:RandomAgent,random,random"  # two labels for one kind of play


@pytest.fixture(scope="module")
def reference() -> Any:
    """60 games played in this process in two shards: the result the others must match."""
    return run(games=60, seed=SEED, players=MIXED, backend="local", shard_size=30)


def test_summary_is_byte_identical_for_any_shard_layout_and_worker_count(reference: Any) -> None:
    pooled = run(games=60, seed=SEED, players=MIXED, backend="process", workers=2, shard_size=7)
    assert pooled.summary_json() == reference.summary_json()
    assert pooled.games.sort_by("game").equals(reference.games)
    assert pooled.hands.sort_by([("game", "ascending"), ("hand", "ascending")]).equals(
        reference.hands
    )


def test_each_row_is_the_game_played_alone_from_its_seeds(reference: Any) -> None:
    games = reference.games.to_pylist()
    hands = reference.hands.to_pylist()
    for i in (0, 31, 59):
        agents = [RandomAgent(agent_seed(SEED, i, s)) for s in range(4)]
        alone = play_game("ema", agents, seed=SEED, game_index=i)
        row = games[i]
        assert row["game"] == row["deal"] == i
        assert [row[f"score_{s}"] for s in range(4)] == list(alone.final_scores)
        assert [row[f"rank_{s}"] for s in range(4)] == list(alone.ranks)
        assert [row[f"result_{s}"] for s in range(4)] == list(alone.results)
        records = hand_records(alone.events)
        rows = [h for h in hands if h["game"] == i]
        assert row["hands"] == len(rows) == len(records)
        for h, r in zip(rows, records):
            assert (h["ending"], h["winners"], h["discarder"]) == (r.ending, list(r.winners), r.discarder)
            assert h["deltas"] == list(r.deltas) and h["riichi"] == list(r.riichi)
            assert h["yaku"] == [list(y) for y in r.yaku]


def test_summary_figures_match_the_game_table(reference: Any) -> None:
    summary = reference.summary
    assert summary["games"] == 60 and summary["seed"] == SEED
    assert [p["player"] for p in summary["players"]] == [str(p) for p in seat_players(MIXED)]
    table = reference.games
    for s, p in enumerate(summary["players"]):
        results = np.array(table.column(f"result_{s}").to_pylist())
        ranks = np.array(table.column(f"rank_{s}").to_pylist())
        assert p["avg_result"] == pytest.approx(results.mean())
        assert p["rank_dist"] == pytest.approx([(ranks == k).mean() for k in range(1, 5)])
        assert sum(p["rank_dist"]) == pytest.approx(1.0)
        half = 1.959963984540054 * results.std(ddof=1) / np.sqrt(len(results))
        assert p["ci95"]["avg_result"] == pytest.approx([results.mean() - half, results.mean() + half])
    assert summary["hands"]["count"] == reference.hands.num_rows


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    import ray  # the test extra installs it: missing, this fails rather than skips
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="warning")
    yield
    ray.shutdown()


@pytest.mark.parametrize("backend", ["process", "ray"])
@pytest.mark.parametrize("player", ["DyingAgent", "DyingAgent(exit=true)"])
def test_a_worker_that_dies_names_its_shard_its_game_and_a_replay(
    backend: str, player: str, request: Any
) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_session")
    players = f"random,tests.support.failing_agents:{player},random,random"
    with pytest.raises(SimulationError) as info:
        run(games=12, seed=5, players=players, backend=backend, workers=2, shard_size=3)
    error = info.value
    from riichi.errors import WorkerDiedError  # not on f4bd2d0, where the run never ends

    assert isinstance(error, WorkerDiedError) and error.seed == 5 and 0 <= error.shard < 4
    games = range(3 * error.shard, 3 * error.shard + 3)
    killed = "killed by SIGKILL: the system may have run out of memory"
    if backend == "process":  # the parent reads the row the worker was playing
        how = killed if "exit" not in player else "it exited with code 3"
        where = f"during game {error.game}; replay exactly that game with"
        assert error.game in games and agent_seed(5, error.game, 1) % 5 == 0
    else:
        how, where = "Ray: ", f"in one of its games {games[0]}-{games[-1]}; replay its first game with"
        assert error.game == games[0]
    assert "\n" not in str(error)
    assert str(error).startswith(f"the {'worker process' if backend == 'process' else 'Ray actor'} "
                                 f"playing shard {error.shard} of the run seeded 5 died ({how}")
    assert str(error).endswith(f") {where}: {error.command}")
    assert error.command == ("python -m riichi.simulate --seed 5 --rules ema --players "
                             f"{shlex.quote(players.replace('true', 'True'))} --game {error.game}")


@pytest.mark.parametrize("backend", ["local", "process", "ray"])
def test_a_failed_game_names_itself_on_every_backend(backend: str, request: Any) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_session")
    with pytest.raises(GameFailedError) as info:
        run(games=4, seed=8, players="mjai:false,random,random,random", backend=backend,
            workers=1 if backend == "local" else 2, shard_size=1)
    error = info.value
    assert "\n" not in str(error) and f"game {error.game} of the run seeded 8 failed: " \
        "MjaiBotError: mjai bot ['false'] (seat 0) exited" in str(error)
    assert error.seed == 8 and 0 <= error.game < 4
    assert str(error).endswith(f"replay exactly that game with: {error.command}")
    assert error.command == ("python -m riichi.simulate --seed 8 --rules ema --players "
                             f"mjai:false,random,random,random --game {error.game}")


@pytest.mark.parametrize("backend", ["local", "process", "ray"])
def test_a_bot_program_that_cannot_run_fails_before_any_game_here_and_at_its_game_on_ray(
        backend: str, request: Any, tmp_path: Path) -> None:
    """On this machine the program is looked for before any game, for a run and for its resume;
    Ray's workers start their bots where they run, so there the first game fails, naming itself."""
    bot = tmp_path / "bot"
    players = f"mjai:{bot},random,random,random"
    if backend == "ray":
        request.getfixturevalue("ray_session")
        with pytest.raises(GameFailedError, match=r"MjaiBotError: cannot start the mjai bot \["):
            run(games=2, seed=8, players=players, backend=backend, workers=2, shard_size=1)
        return
    with pytest.raises(UnknownPlayerError, match=f"^player 'mjai:{bot}': the bot's program '{bot}' is no file "):
        run(games=2, seed=8, players=players, backend=backend, workers=1, shard_size=1, out=tmp_path / "run")
    assert not (tmp_path / "run").exists()
    bot.write_text("#!/bin/sh\nexit 3\n")  # a program that runs, and ends before any answer
    bot.chmod(0o755)
    # before or after it was sent the game's start, as the processes' timing goes
    with pytest.raises(GameFailedError, match=r"\(seat 0\) exited (before it was sent|instead of answering) "
                                              r"start_game \(exit code 3\)"):
        run(games=2, seed=8, players=players, backend=backend, workers=1, shard_size=1, out=tmp_path / "run")
    bot.chmod(0o644)
    with pytest.raises(UnknownPlayerError, match=f"the bot's program '{bot}' may not be executed"):
        resume(tmp_path / "run", players=players, backend=backend, workers=1)


@pytest.mark.parametrize("command", ["python3 'my bot.py", "bot \\"])
def test_a_bot_command_a_shell_cannot_read_is_refused_before_any_game(
        tmp_path: Path, command: str) -> None:
    # shlex's own ValueError (No closing quotation, No escaped character), a traceback
    with pytest.raises(MjaiBotError, match=r"^the bot's command .* cannot be read \(No (closing "
                                           r"quotation|escaped character)\); expected a command "):
        run(games=2, seed=8, players=f"mjai:{command},random,random,random", backend="local",
            out=tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_a_runs_counts_are_whole_numbers_numpys_too(tmp_path: Path) -> None:
    """numpy's integers are counts as ints are (run.json could not hold them: a TypeError after
    the run's folder was made); a bool, a float or a str is refused before any game (True was one
    game, 2.0 two)."""
    done = run(games=np.int64(2), seed=np.int64(1), players="random", backend="local",
               shard_size=np.int32(1), logs=np.uint8(1), out=tmp_path / "run")
    assert done.summary["games"] == 2 and len(list((tmp_path / "run" / "logs").iterdir())) == 2
    for name in ("games", "shard_size", "logs"):
        for bad in (True, 2.0, "2"):
            with pytest.raises(WrongTypeError, match=rf"^{name}=.*: expected .*, a whole number$"):
                run(**{"games": 2, "seed": 1, "players": "random", name: bad}, out=tmp_path / "bad")
    assert not (tmp_path / "bad").exists()


def test_a_bad_logs_count_is_named_as_such_without_an_out_folder_too() -> None:
    # it was told to give out=DIR, which would not have helped
    for bad in (True, 2.0, "2"):
        with pytest.raises(WrongTypeError, match=r"^logs=.*: expected a number of games >= 0, a "
                           r"whole number$"):
            run(games=2, seed=1, players="random", backend="local", logs=bad)
    with pytest.raises(SimulationError, match=r"^logs=-1: expected a number of games >= 0$"):
        run(games=2, seed=1, players="random", backend="local", logs=-1)


def test_ray_backend_gives_the_same_bytes(reference: Any, ray_session: None) -> None:
    on_ray = run(games=60, seed=SEED, players=MIXED, backend="ray", workers=2, shard_size=20)
    assert on_ray.summary_json() == reference.summary_json()
    assert on_ray.games.sort_by("game").equals(reference.games)


def test_more_ray_workers_than_the_clusters_cpus_are_refused_not_waited_for(
    ray_session: None, tmp_path: Path,
) -> None:
    # each worker is an actor taking one CPU: the third of a 2-CPU Ray is never placed, and the
    # run once waited for its shards for ever
    with pytest.raises(BackendError, match=r"^workers=3: the Ray cluster has 2 CPUs, one per "
                       r"worker; give at most 2 workers \(--workers\), or none for one per CPU$"):
        run(games=12, seed=1, players="random", backend="ray", workers=3, shard_size=2,
            out=tmp_path / "new" / "run")
    assert list(tmp_path.iterdir()) == []  # a refused run leaves no folder (it left run.json)


class _Enough(Exception):
    """Raised by a progress to stop a run that would play for ever."""


@pytest.mark.parametrize("backend", ["local", "process", "ray"])
def test_a_run_of_more_games_than_memory_holds_shards_starts_at_once(
    backend: str, request: Any
) -> None:
    if backend == "ray":
        request.getfixturevalue("ray_session")
    # memory stays flat in the number of games: the list of the shards to play was built first,
    # 10**18 of them here, and the run never began
    told: list[tuple[int, int]] = []

    def progress(done: int, total: int) -> None:
        told.append((done, total))
        if done:
            raise _Enough

    with pytest.raises(_Enough):
        run(games=10**20, seed=1, players="random", backend=backend, workers=1 if backend == "local"
            else 2, shard_size=100, keep_tables=False, progress=progress)
    assert told == [(0, 10**20), (100, 10**20)]


def test_ray_workers_beyond_the_shards_left_are_not_started(reference: Any, ray_session: None) -> None:
    # two shards need two workers of the three asked: the third was started for nothing, so a run
    # of 4 games with --workers 100000 started 100,000 actors
    small = run(games=60, seed=SEED, players=MIXED, backend="ray", workers=3, shard_size=30)
    assert small.summary_json() == reference.summary_json()


def test_resume_plays_only_the_missing_shards(tmp_path: Path, reference: Any) -> None:
    whole = tmp_path / "whole"
    run(games=60, seed=SEED, players=MIXED, backend="local", shard_size=10, out=whole)
    assert (whole / "summary.json").read_text() == reference.summary_json()
    for k in (1, 4):  # as if the run had been stopped before these shards finished
        (whole / "shards" / f"{k:05d}.json").unlink()
    (whole / "summary.json").unlink()
    resumed = resume(whole, players=MIXED, backend="local")  # riichi.agents:RandomAgent is code
    assert resumed.games_played == 20
    assert (whole / "summary.json").read_text() == reference.summary_json()
    assert pq.read_table(whole / "games.parquet").sort_by("game").equals(reference.games)
    with pytest.raises(SimulationError, match="already holds a run"):
        run(games=60, seed=SEED, players=MIXED, backend="local", out=whole)


def test_from_a_situation_gives_placement_odds_that_sum_to_one() -> None:
    text = "S4 honba=1 sticks=1 scores=32000,28000,24000,15000 dealer=4"
    result = run(games=40, seed=3, rules="tenhou", players="random", backend="local",
                 situation=text, shard_size=20)
    summary = result.summary
    assert summary["from"] == text
    for p in summary["players"]:
        assert sum(p["rank_dist"]) == pytest.approx(1.0, abs=1e-12)
        for share, (low, high) in zip(p["rank_dist"], p["ci95"]["rank_dist"]):
            assert low <= share <= high
        low, high = p["ci95"]["avg_result"]
        assert low <= p["avg_result"] <= high
    first_hands = [h for h in result.hands.to_pylist() if h["hand"] == 0]
    assert len(first_hands) == 40
    assert {(h["round_wind"], h["kyoku"], h["honba"], h["sticks"], h["dealer"])
            for h in first_hands} == {(1, 3, 1, 1, 3)}


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        ("tenhou", "E4 honba=1 sticks=1 scores=32000,28000,25000,15000 dealer=4",
         "add up to 100000, plus 1000"),
        ("ema", "E4 scores=30000,30000,30000,30000 dealer=2", "dealer=2 does not match E4"),
        ("ema", "W1 scores=30000,30000,30000,30000", "expected E1-S4"),
        ("tenhou", "N1 scores=25000,25000,25000,25000", "expected E1-W4"),
        ("ema", "E5 scores=30000,30000,30000,30000", "round 'E5'"),
        ("ema", "E1 scores=30000,30000,60000", "3 scores; expected 4"),
        ("ema", "E1 scores=30000,30000,30000,30050", "multiples of 100"),
        ("ema", "E1 honba=-1 scores=30000,30000,30000,30000", "honba='-1'"),
        ("ema", "E1 riichi=1 scores=30000,30000,30000,30000", "cannot read 'riichi=1'"),
        ("ema", "E1 honba=1", "scores=a,b,c,d is required"),
        ("ema", "", "empty situation"),
        ("tenhou", "S1 scores=-1000,40000,30000,31000", "bust"),
        ("cardavia", "E2 scores=25000,25000,25000,25000", "E1 (the game is one hand)"),
    ],
)
def test_malformed_situations_are_refused(rules: str, text: str, message: str) -> None:
    with pytest.raises(SituationError, match=message.replace("(", r"\(").replace(")", r"\)")):
        StartingPoint.parse(text, RuleSet.preset(rules))


@pytest.mark.parametrize("bad", [5, ("E1", "scores=30000,30000,30000,30000")])
def test_a_situation_that_is_no_text_is_refused_before_any_game(bad: object) -> None:
    # an AttributeError ('int' object has no attribute 'split')
    with pytest.raises(WrongTypeError, match=r"^situation .*: expected its text, e\.g\. 'E4 "):
        run(games=2, seed=1, players="random", backend="local", situation=bad)  # type: ignore[arg-type]


def test_west_round_only_under_a_west_extension() -> None:
    s = StartingPoint.parse("W1 scores=26000,25000,24000,25000", RuleSet.preset("tenhou"))
    assert (s.position.round_wind, s.position.kyoku) == (2, 0)


def test_duplicate_rotates_the_players_over_each_wall_and_reports_its_variance_cut() -> None:
    result = run(games=12, seed=5, players=MIXED, duplicate=True, backend="local", shard_size=16)
    summary, table = result.summary, result.games.to_pylist()
    assert summary["games"] == 48 and summary["deals"] == 12 and len(table) == 48
    names = [str(p) for p in seat_players(MIXED)]
    results = np.zeros((12, 4, 4))  # wall, rotation, listed player
    for row in table:
        assert row["game"] == 4 * row["deal"] + row["rotation"]
        for s in range(4):
            j = (s + row["rotation"]) % 4
            assert row[f"player_{s}"] == names[j]
            results[row["deal"], row["rotation"], j] = row[f"result_{s}"]
    for j, p in enumerate(summary["players"]):
        single = results[:, :, j].ravel().var(ddof=1)
        walls = results[:, :, j].mean(axis=1).var(ddof=1)
        dup = p["duplicate"]
        assert dup["walls"] == 12
        assert dup["single_game_variance"] == pytest.approx(single)
        assert dup["wall_mean_variance"] == pytest.approx(walls)
        assert dup["variance_reduction"] == pytest.approx(1 - walls / (single / 4))
        assert p["avg_result"] == pytest.approx(results[:, :, j].mean())


@pytest.mark.parametrize("bad", [1, "no", None])
def test_duplicate_is_true_or_false_before_any_game(tmp_path: Path, bad: object) -> None:
    # "no" played in duplicate, and its run.json was then "damaged" for a resume
    with pytest.raises(WrongTypeError, match=rf"^duplicate={bad!r}: expected True or False$"):
        run(games=2, seed=1, players="random", backend="local", duplicate=bad,  # type: ignore[arg-type]
            out=tmp_path / "run")
    assert not (tmp_path / "run").exists()


def test_duplicate_and_a_situation_do_not_mix() -> None:
    with pytest.raises(SituationError, match="duplicate"):
        run(games=4, players="random", duplicate=True, situation="E1 scores=30000,30000,30000,30000")


def test_players_are_loaded_by_name_or_path_with_clear_errors() -> None:
    assert seat_players("random") == (PlayerSpec("random"),) * 4
    agent = agent_factory("riichi.agents:RandomAgent")(7)
    assert isinstance(agent, RandomAgent)
    with pytest.raises(UnknownPlayerError, match="expected one player for every seat or four"):
        seat_players("random,random")
    with pytest.raises(UnknownPlayerError, match="unknown player 'nobody'"):
        agent_factory("nobody")
    with pytest.raises(UnknownPlayerError, match="cannot import no_such_module"):
        agent_factory("no_such_module:Agent")
    with pytest.raises(UnknownPlayerError, match="has no class or function NoSuchAgent"):
        agent_factory("riichi.agents:NoSuchAgent")
    with pytest.raises(UnknownPlayerError, match="is not an Agent"):
        agent_factory("riichi.rules:RuleSet")


def test_plots_are_png_charts(tmp_path: Path) -> None:
    out = tmp_path / "run"
    text = "E3 scores=35000,30000,30000,25000"
    result = run(games=20, seed=2, players="random", backend="local", out=out, situation=text)
    paths = write_plots(RunDirectory(out), result.summary)
    assert sorted(p.name for p in paths) == ["final_scores.png", "placement.png", "ranks.png"]
    for path in paths:
        data = path.read_bytes()
        assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000


def test_importing_riichi_leaves_the_simulator_and_its_dependencies_alone() -> None:
    code = (
        "import sys, riichi; riichi.play_game; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('pyarrow', 'ray', 'matplotlib', 'rich') or m.startswith('riichi.simulate')))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_old_names_of_the_run_plan_and_the_starting_point_warn_and_still_work() -> None:
    import riichi.simulate as simulate
    import riichi.simulate.shard as shard
    import riichi.simulate.starting_point as starting_point

    for module, old, new in ((simulate, "Plan", simulate.RunPlan),
                             (simulate, "Situation", simulate.StartingPoint),
                             (shard, "Plan", shard.RunPlan),
                             (starting_point, "Situation", starting_point.StartingPoint)):
        with pytest.warns(DeprecationWarning, match=f"{module.__name__}.{old} is deprecated .* "
                          f"use {module.__name__}.{new.__name__}"):
            assert getattr(module, old) is new
    with pytest.raises(AttributeError, match="no attribute 'Plans'"):
        simulate.Plans  # noqa: B018
