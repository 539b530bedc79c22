"""``python -m riichi.simulate`` as users run it, in a subprocess: one-line errors with exit code 2,
the printed summary, and a run stopped with Ctrl-C (SIGINT) then resumed to the same bytes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from riichi.simulate import run

CLI = [sys.executable, "-m", "riichi.simulate"]


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


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
          "E4 honba=1 sticks=1 scores=32000,28000,25000,15000 dealer=3"], "scores add up to"),
        (["--players", "random", "--backend", "ray", "--ray-address", "127.0.0.1:1"],
         "cannot reach a Ray cluster at '127.0.0.1:1'"),
        (["--players", "random", "--workers", "0"], "workers=0: expected at least 1"),
        (["--players", "random", "--plots"], "--plots writes its charts to the output directory"),
        (["--resume", "/nonexistent/run", "--games", "5"], "drop --games"),
        (["--resume", "/nonexistent/run"], "holds no run to resume"),
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


def test_ctrl_c_keeps_finished_shards_and_resume_gives_the_same_summary(tmp_path: Path) -> None:
    out = tmp_path / "run"
    settings = ["--games", "200", "--shard-size", "20", "--players", "random", "--seed", "11"]
    proc = subprocess.Popen([*CLI, *settings, "--workers", "1", "--out", str(out), "--quiet"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while len(list((out / "shards").glob("*.json"))) < 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    kept = len(list((out / "shards").glob("*.json")))
    assert 2 <= kept < 10
    assert stderr.strip() == (
        f"interrupted: {kept} of 10 shards finished and kept in {out}; "
        f"resume with: python -m riichi.simulate --resume {out}"
    )
    assert not (out / "summary.json").exists()

    done = simulate("--resume", str(out), "--workers", "2", "--quiet", "--format", "json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["timing"]["games_played"] == 200 - 20 * kept
    whole = run(games=200, shard_size=20, players="random", seed=11, backend="local")
    assert (out / "summary.json").read_bytes() == whole.summary_json().encode()
    assert pq.read_table(out / "games.parquet").sort_by("game").equals(whole.games)
    assert sorted(os.listdir(out / "games.parquet")) == [f"part-{k:05d}.parquet" for k in range(10)]


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
    from riichi.logs import read, replay

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
