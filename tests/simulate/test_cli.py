"""``python -m riichi.simulate`` as users run it, in a subprocess: one-line errors with exit code 2,
the printed summary, and a run stopped with Ctrl-C (SIGINT) then resumed to the same bytes."""

from __future__ import annotations

import json
import os
import re
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from riichi.runner import default_workers
from riichi.simulate import run
from riichi.simulate.shard import agent_seed
from tests.support.cli import CLI, one_error_line, simulate, simulate_with_test_agents
from tests.support.paths import checkout_env

FAILING = "tests.support.failing_agents"  # agents that fail, found on the workers' path too


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--games", "0"], "games=0: expected at least 1"),
        (["--games", "many"], "argument --games: invalid int value"),
        (["--rules", "nope"], "unknown rule preset 'nope'"),
        (["--players", "nobody"], "unknown player 'nobody'"),
        (["--players", "random,random,random"], "expected one player for every seat or four"),
        (["--players", "random", "--from", "E9 scores=1"], "round 'E9' is not a round"),
        (["--players", "random", "--rules", "tenhou", "--from",
          "E4 honba=1 sticks=1 scores=32000,28000,25000,15000 dealer=4"], "scores add up to"),
        (["--players", "random", "--backend", "ray", "--ray-address", "127.0.0.1:1"],
         "cannot reach a Ray cluster at '127.0.0.1:1'"),
        (["--players", "random", "--workers", "0"], "workers=0: expected at least 1"),
        (["--players", "random", "--plots"], "--plots writes its charts to the output directory"),
        (["--resume", "/nonexistent/run", "--games", "5"], "drop --games"),
        (["--resume", "/nonexistent/run"], "holds no run to resume"),
        (["--players", "random", "--out", ""], "the run's directory is an empty path"),
        (["--resume", ""], "the run's directory is an empty path"),
        (["--players", "random", "--width", "0"], "--width 0: expected a number of columns >= 1"),
        (["--players", "random", "--width", "-3"], "--width -3: expected a number of columns >= 1"),
    ],
)
def test_bad_arguments_give_one_line_and_exit_code_2(args: list[str], message: str) -> None:
    done = simulate(*args)
    assert done.returncode == 2
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("python -m riichi.simulate: error: ")
    assert message in lines[0]


def test_prints_the_summary_as_json_or_as_a_table(tmp_path: Path) -> None:
    args = ["--games", "30", "--seed", "4", "--players", "random", "--workers", "1",
            "--backend", "local"]
    done = simulate(*args, "--format", "json", "--out", str(tmp_path / "a"))
    assert done.returncode == 0 and done.stderr == ""  # not a terminal: no progress bar
    printed = json.loads(done.stdout)
    timing = printed.pop("timing")
    assert timing["games_played"] == 30 and timing["games_per_second"] > 0
    assert printed == json.loads((tmp_path / "a" / "summary.json").read_text())
    assert pq.read_table(tmp_path / "a" / "games.parquet").num_rows == 30
    table = simulate(*args)
    assert table.returncode == 0
    assert "30 games - rules ema, seed 4" in table.stdout
    assert table.stdout.count(": random") == 4 and "games/s" in table.stdout
    drawn = simulate("--games", "2", "--players", "random", "--backend", "local")
    assert drawn.returncode == 0 and drawn.stderr.startswith("seed: ")


@pytest.mark.parametrize("players", ["random", "tests.support.sim_players:Timid,random,random,random"])
def test_ctrl_c_keeps_finished_shards_and_resume_gives_the_same_summary(
    tmp_path: Path, players: str
) -> None:
    out = tmp_path / "run"
    settings = ["--games", "200", "--shard-size", "20", "--players", players, "--seed", "11"]
    proc = subprocess.Popen([*CLI, *settings, "--workers", "1", "--out", str(out), "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=checkout_env())
    deadline = time.monotonic() + 60
    while len(list((out / "shards").glob("*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    kept = len(list((out / "shards").glob("*.json")))
    assert 2 <= kept < 10
    # players that are code are named in the command, or the resume would refuse to run them
    again = [] if players == "random" else ["--players", players]
    message, command_lines = stderr.split("resume with:\n")
    assert " ".join(message.split()) == (
        f"interrupted: {kept} of 10 shards finished and kept in {out};")
    # 80 columns, but for the run's path (pytest's own, long), which keeps a line of its own
    assert all(len(line) <= 80 or line.strip().rstrip(";\\ ") == str(out)
               for line in stderr.splitlines()), stderr
    command = shlex.split(command_lines.replace("\\\n", ""))  # lines go on after a backslash
    assert command == ["python", "-m", "riichi.simulate", "--resume", str(out), *again]
    assert not (out / "summary.json").exists()

    command = command[3:]
    done = simulate_with_test_agents(*command, "--workers", "2", "--quiet", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["timing"]["games_played"] == 200 - 20 * kept
    whole = run(games=200, shard_size=20, players=players, seed=11, backend="local")
    assert (out / "summary.json").read_bytes() == whole.summary_json().encode()
    assert pq.read_table(out / "games.parquet").sort_by("game").equals(whole.games)
    assert sorted(os.listdir(out / "games.parquet")) == [f"part-{k:05d}.parquet" for k in range(10)]


def test_ctrl_c_while_the_command_is_still_starting_is_one_line_and_exit_code_130() -> None:
    proc = subprocess.Popen([*CLI, "--games", "400", "--seed", "1", "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    maps = Path(f"/proc/{proc.pid}/maps")
    # the engine's core is loaded (numpy, then the simulator, are still to come): it is starting
    while proc.poll() is None and "riichi/_core" not in maps.read_text():
        time.sleep(0.001)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    assert stdout == "" and len(stderr.splitlines()) == 1 and "Traceback" not in stderr, stderr


def test_ctrl_c_while_starting_ends_the_command_even_inside_a_callback() -> None:
    # Python runs a signal's handler wherever the main thread is: in a weakref callback (the
    # import system's module locks have them) an exception is printed and ignored, and the
    # command went on to simulate 400 games and exit 0 (seen once in the test above)
    code = """
import signal, sys, weakref
sys.argv = ["riichi-simulate"]
from riichi import _startup
_startup.guard()
class Held: pass
held = Held()
ref = weakref.ref(held, lambda _: signal.raise_signal(signal.SIGINT))
del held
print("went on")
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=60)
    assert (proc.returncode, proc.stdout) == (130, ""), proc.stderr
    assert proc.stderr == "interrupted while starting; nothing was done\n"


def stderr_on_a_terminal(args: list[str]) -> bytes:
    """What ``args`` writes to stderr when stderr is a terminal (a pseudo-terminal here)."""
    import pty
    import select

    controller, terminal = pty.openpty()
    proc = subprocess.Popen([*CLI, *args], stdout=subprocess.PIPE, stderr=terminal,
                            env={**os.environ, "TERM": "xterm", "COLUMNS": "120"})
    os.close(terminal)
    seen = b""
    while True:
        ready, _, _ = select.select([controller], [], [], 0.1)
        if ready:
            try:
                chunk = os.read(controller, 65536)
            except OSError:  # the terminal closed with the process
                break
            if not chunk:
                break
            seen += chunk
        elif proc.poll() is not None:
            break
    proc.communicate(timeout=60)
    os.close(controller)
    assert proc.returncode == 0
    return seen


def test_progress_bar_with_games_per_second_only_on_a_terminal_and_not_quiet() -> None:
    args = ["--games", "100", "--shard-size", "10", "--players", "random", "--seed", "1",
            "--workers", "1", "--backend", "local", "--format", "json"]
    shown = stderr_on_a_terminal(args)
    assert b"games/s" in shown and b"/100" in shown
    assert stderr_on_a_terminal([*args, "--quiet"]) == b""


def test_logs_are_written_as_records_that_replay(tmp_path: Path) -> None:
    from riichi.game.replay import replay
    from riichi.logs import read

    out = tmp_path / "run"
    proc = simulate("--games", "3", "--players", "random", "--rules", "tenhou", "--seed", "4",
                "--workers", "1", "--shard-size", "2", "--logs", "3", "--out", str(out), "--quiet")
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in (out / "logs").iterdir())
    assert names == [f"game-{i:06d}.{suffix}" for i in range(3)
                     for suffix in ("mjai.jsonl", "tenhou6.json")]
    for path in (out / "logs").iterdir():
        record = read(path)
        assert replay(record, rules="tenhou").differences == ()


def test_logs_need_an_output_directory() -> None:
    proc = simulate("--games", "3", "--players", "random", "--logs", "2")
    assert proc.returncode == 2 and "--logs" in proc.stderr and proc.stdout == ""
    # a count below 0 is named as such (it was told to add --out, which would not have helped)
    assert one_error_line(simulate("--games", "3", "--logs", "-1")).endswith(
        "error: logs=-1: expected a number of games >= 0")


def test_an_mjai_bot_plays_in_a_simulation(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(
        "import json, sys\n"
        "seat = None\n"
        "for line in sys.stdin:\n"
        "    e = json.loads(line)\n"
        "    answer = {'type': 'none'}\n"
        "    if e['type'] == 'start_game':\n"
        "        seat = e['id']\n"
        "    elif e['type'] == 'tsumo' and e['actor'] == seat:\n"
        "        answer = {'type': 'dahai', 'actor': seat, 'pai': e['pai'], 'tsumogiri': True}\n"
        "    print(json.dumps(answer), flush=True)\n"
    )
    player = f"mjai:{sys.executable} {bot}"
    proc = simulate("--games", "2", "--players", f"{player},random,random,random", "--seed", "1",
                "--workers", "1", "--format", "json", "--quiet")
    assert proc.returncode == 0, proc.stderr
    summary = json.loads(proc.stdout)
    assert summary["games"] == 2 and summary["players"][0]["player"] == player


def test_an_mjai_bot_whose_program_cannot_run_is_one_line_before_any_game(tmp_path: Path) -> None:
    """A bot's program that is missing, not executable, a folder or on no folder of PATH: exit
    code 2 and one line naming it, before any game (it failed at game 0, exit code 1), on either
    backend of this machine."""
    (tmp_path / "bot").write_text("#!/bin/sh\n")
    (tmp_path / "bot").chmod(0o644)
    expected = "(expected the path of an executable file, or the name of a program on PATH)"
    for player, problem in ((tmp_path / "missing" / "bot", "is no file"), (tmp_path / "bot", "may not be executed"),
                            (tmp_path, "is a folder"), ("no-such-bot-program --fast", "is on no folder of PATH")):
        program = str(player).split()[0]
        for backend in ("local", "process"):
            line = one_error_line(simulate("--games", "2", "--players", f"mjai:{player},random,random,random",
                                           "--backend", backend, "--quiet"))
            assert line.endswith(f": error: player 'mjai:{player}': the bot's program {program!r} {problem} {expected}")


def test_an_mjai_bot_that_cannot_run_makes_no_out_folder(tmp_path: Path) -> None:
    out = tmp_path / "runs" / "first"
    for backend in ("local", "process"):
        line = one_error_line(simulate("--games", "2", "--players", "mjai:no-such-bot-program,random,random,random",
                                       "--backend", backend, "--out", str(out), "--quiet"))
        assert "the bot's program 'no-such-bot-program' is on no folder of PATH" in line
        assert not (tmp_path / "runs").exists()


def test_an_out_path_that_cannot_hold_a_run_is_one_line_before_any_game(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("x")
    line = one_error_line(simulate("--players", "random", "--out", str(a_file)))
    assert f"{a_file} is a file; expected a directory" in line
    line = one_error_line(simulate("--players", "random", "--out", "/proc/x"))
    assert "cannot create the run directory /proc/x" in line
    line = one_error_line(simulate("--players", "random", "--out", str(a_file / "run")))
    assert "cannot create the run directory" in line
    assert a_file.read_text() == "x"


@pytest.mark.parametrize(
    ("situation", "message"),
    [
        ("E1 honba=32767 scores=30000,30000,30000,30000", "honba='32767'; expected a whole number from 0 to 1,000"),
        ("E1 honba=² scores=30000,30000,30000,30000", "honba='²'; expected a whole number"),
        ("E1 honba=" + "9" * 5001 + " scores=30000,30000,30000,30000", "characters 1-60 of 5001"),
        ("E1 sticks=40000 scores=30000,30000,30000,30000", "sticks='40000'; expected a whole number from 0 to 1,000"),
        ("E1 scores=2200000000,30000,30000,-2200000000+", "expected a whole number from -10,000,000 to 10,000,000"),
        ("E1 scores=2200000000,30000,30000,-2110000000", "scores='2200000000'"),
        ("E1 scores=30_000,30000,30000,30000", "scores='30_000'"),
        ("E1 scores=+30000,30000,30000,30000", "scores='+30000'"),
        ("E1 scores=30000,30000,30000", "3 scores; expected 4"),
        ("E1 dealer=٠ scores=30000,30000,30000,30000", "dealer='٠'"),
    ],
)
def test_from_values_the_tables_cannot_hold_are_one_line_before_any_game(
    situation: str, message: str
) -> None:
    line = one_error_line(simulate("--players", "random", "--from", situation))
    assert message in line


def test_from_the_largest_accepted_values_plays_and_the_tables_hold_them(tmp_path: Path) -> None:
    # every limit at once: 1,000 counters and sticks, scores at -10,000,000 and 10,000,000
    for k, situation in enumerate((
        "S4 honba=1000 sticks=1000 scores=-220000,-220000,-220000,-220000",
        "E1 scores=10000000,-10000000,60000,60000",
    )):
        out = tmp_path / str(k)
        done = simulate("--players", "random", "--games", "4", "--seed", "1", "--backend", "local",
                        "--from", situation, "--out", str(out), "--format", "json")
        assert done.returncode == 0, done.stderr
        hands = pq.read_table(out / "hands.parquet").to_pylist()
        games = pq.read_table(out / "games.parquet").to_pylist()
        assert len(games) == 4
        if k == 0:
            assert min(h["honba"] for h in hands) == 1000 and min(h["sticks"] for h in hands) >= 0
        else:
            assert max(g["score_0"] for g in games) >= 9_000_000


def test_the_usage_line_names_the_command_as_launched() -> None:
    script = Path(sys.executable).parent / "riichi-simulate"
    done = subprocess.run([str(script), "--games", "0"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.splitlines() == ["riichi-simulate: error: games=0: expected at least 1"]
    usage = subprocess.run([str(script), "--help"], capture_output=True, text=True, timeout=60)
    assert usage.stdout.startswith("usage: riichi-simulate ")
    assert simulate("--help").stdout.startswith("usage: python -m riichi.simulate ")


def test_an_agent_raising_in_a_worker_names_the_game_its_seed_and_a_replay(tmp_path: Path) -> None:
    done = simulate_with_test_agents(
        "--games", "40", "--seed", "5", "--shard-size", "5", "--workers", "2",
        "--players", f"{FAILING}:RaisingAgent,random,random,random", "--out", str(tmp_path / "r"),
    )
    line = one_error_line(done, code=1)
    match = re.search(r"error: game (\d+) of the run seeded 5 failed: RuntimeError: agent seeded "
                      r"(\d+) gives up; replay exactly that game with: (.+)$", line)
    assert match, line
    game, agent, command = int(match[1]), int(match[2]), match[3]
    assert agent == agent_seed(5, game, 0) and agent % 3 == 0
    assert command == ("python -m riichi.simulate --seed 5 --rules ema --players "
                       f"{FAILING}:RaisingAgent,random,random,random --game {game}")
    words = shlex.split(command)
    replay = simulate_with_test_agents(*words[3:])
    assert replay.returncode == 1
    assert "Traceback" in replay.stderr  # the replay shows where the agent raised
    assert f"RuntimeError: agent seeded {agent} gives up" in replay.stderr
    assert "act" in replay.stderr and "failing_agents.py" in replay.stderr


def test_a_worker_killed_names_its_shard_the_game_and_a_replay_that_dies_there_too(
    tmp_path: Path,
) -> None:
    done = simulate_with_test_agents(
        "--games", "40", "--seed", "5", "--shard-size", "5", "--workers", "2",
        "--players", f"random,{FAILING}:DyingAgent,random,random", "--out", str(tmp_path / "r"),
    )
    line = one_error_line(done, code=1)
    match = re.search(r"error: the worker process playing shard (\d+) of the run seeded 5 died "
                      r"\(killed by SIGKILL: the system may have run out of memory\) during game "
                      r"(\d+); replay exactly that game with: (.+)$", line)
    assert match, line
    shard, game, command = int(match[1]), int(match[2]), match[3]
    assert game // 5 == shard and agent_seed(5, game, 1) % 5 == 0
    replay = simulate_with_test_agents(*shlex.split(command)[3:])
    assert replay.returncode == -signal.SIGKILL  # the game kills the process that replays it


def test_an_illegal_action_names_the_game_its_seed_and_a_replay() -> None:
    done = simulate_with_test_agents("--games", "3", "--seed", "9", "--backend", "local",
                                     "--players", f"random,{FAILING}:NoneAgent,random,random")
    line = one_error_line(done, code=1)
    assert "error: game 0 of the run seeded 9 failed: IllegalActionError: " in line
    assert "seat 1's agent returned None" in line
    assert line.endswith("; replay exactly that game with: python -m riichi.simulate --seed 9 "
                         f"--rules ema --players random,{FAILING}:NoneAgent,random,random "
                         "--game 0"), line


@pytest.mark.parametrize(("games", "extra"), [
    ("5", []), ("2", ["--duplicate"]), ("5", ["--from", "S4 scores=40000,30000,30000,20000"]),
    ("5", ["--set", "start_points=35000", "--set", "return_points=35000"]),
    ("5", ["--rules", "HOUSE"]),
])
def test_the_replay_of_a_game_plays_exactly_the_game_of_the_run(
    tmp_path: Path, games: str, extra: list[str]
) -> None:
    house = tmp_path / "house.toml"  # a rules file, as --rules takes one
    house.write_text('preset = "tenhou"\nstart_points = 30000\noka = 0\n')
    extra = [str(house) if word == "HOUSE" else word for word in extra]
    settings = ["--seed", "3", "--players", "random,efficiency,random,random", *extra]
    done = simulate(*settings, "--games", games, "--shard-size", "4", "--out", str(tmp_path / "r"),
                    "--quiet", "--format", "json", "--workers", "2")
    assert done.returncode == 0, done.stderr
    rows = pq.read_table(tmp_path / "r" / "games.parquet").sort_by("game").to_pylist()
    for row in (rows[-1], rows[len(rows) // 2]):
        replay = simulate(*settings, "--game", str(row["game"]))
        assert replay.returncode == 0, replay.stderr
        scores = ", ".join(str(row[f"score_{s}"]) for s in range(4))
        assert replay.stdout == (f"game {row['game']} of the run seeded 3: final scores "
                                 f"{scores}\n")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--game", "1"], "--game needs the --seed"),
        (["--game", "1", "--seed", "1", "--out", "x"], "drop --out"),
        (["--game", "-1", "--seed", "1"], "expected a game number >= 0"),
        # each was taken, and the game played here alone all the same
        (["--game", "1", "--seed", "1", "--workers", "4"], "drop --workers"),
        (["--game", "1", "--seed", "1", "--ray-address", "auto"], "drop --ray-address"),
        (["--game", "1", "--seed", "1", "--trust-players"], "drop --trust-players"),
        # the game is played here and its one line printed as text: these were ignored
        (["--game", "1", "--seed", "1", "--backend", "ray"], "drop --backend"),
        (["--game", "1", "--seed", "1", "--backend", "process"], "drop --backend"),
        (["--game", "1", "--seed", "1", "--format", "json"], "drop --format"),
        (["--game", "1", "--seed", "1", "--width", "100"], "drop --width"),
    ],
)
def test_bad_replays_are_one_line(args: list[str], message: str) -> None:
    assert message in one_error_line(simulate("--players", "random", *args))


def test_no_more_worker_processes_start_than_there_are_shards(tmp_path: Path) -> None:
    done = subprocess.run(
        [*CLI, "--games", "2", "--shard-size", "1", "--workers", "6", "--seed", "1", "--quiet",
         "--players", "tests.support.counted_players:Counted"], capture_output=True, text=True,
        timeout=180, env=checkout_env(RIICHI_TEST_PROCESSES=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    # this command and a worker for each shard (each CPU on a machine of one)
    assert len(list(tmp_path.iterdir())) == 1 + min(2, default_workers())


def test_no_more_worker_processes_start_than_there_are_cpus(tmp_path: Path) -> None:
    # --workers 100000 started as many processes, as long as there were shards for them
    cpus = default_workers()
    done = subprocess.run(
        [*CLI, "--games", str(cpus + 2), "--shard-size", "1", "--workers", str(cpus + 2),
         "--seed", "1", "--quiet", "--players", "tests.support.counted_players:Counted"],
        capture_output=True, text=True, timeout=180,
        env=checkout_env(RIICHI_TEST_PROCESSES=str(tmp_path)))
    assert done.returncode == 0, done.stderr
    assert len(list(tmp_path.iterdir())) == 1 + cpus  # this command and a worker for each CPU
