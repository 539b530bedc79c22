"""A run started with ``--plots`` and stopped with Ctrl-C draws its charts when the command it
prints to resume it is run: the charts are drawn by the run that finishes."""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CLI = [sys.executable, "-m", "riichi.simulate"]


def resume_command(stderr: str, before: str = "resume with:") -> list[str]:
    """The arguments of the resume command an interrupted run printed after ``before`` (a
    command broken over lines goes on after a backslash)."""
    command = shlex.split(stderr.split(before, 1)[1].replace("\\\n", ""))
    assert command[:3] == ["python", "-m", "riichi.simulate"], command
    return command[3:]


def interrupted(out: Path, *extra: str, shards: int = 2) -> str:
    """Start a run of 10 shards in ``out``, press Ctrl-C once ``shards`` are kept; its stderr."""
    proc = subprocess.Popen(
        [*CLI, "--games", "200", "--shard-size", "20", "--players", "random", "--seed", "1",
         "--workers", "1", "--backend", "process", "--out", str(out), "--quiet", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while len(list((out / "shards").glob("*.json"))) < shards and time.monotonic() < deadline:
        time.sleep(0.02)
    proc.send_signal(signal.SIGINT)
    _, stderr = proc.communicate(timeout=60)
    assert proc.returncode == 130, stderr
    return stderr


def test_the_printed_resume_command_draws_the_charts(tmp_path: Path) -> None:
    out = tmp_path / "run"
    stderr = interrupted(out, "--plots")
    assert not list(out.glob("*.png"))  # stopped before the end: no chart yet
    args = resume_command(stderr)
    assert "--plots" in args
    done = subprocess.run([*CLI, *args, "--quiet"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (out / "summary.json").exists()
    charts = sorted(p.name for p in out.glob("*.png"))
    assert charts and all((out / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for name in charts)


def test_a_run_without_plots_resumes_without_them(tmp_path: Path) -> None:
    assert "--plots" not in resume_command(interrupted(tmp_path / "run", shards=1))


def test_a_finished_run_resumed_with_plots_draws_its_charts(tmp_path: Path) -> None:
    # it was "nothing to resume" (exit code 2): a run whose charts were not drawn (a Ctrl-C
    # while they were) could never have them drawn by the command
    out = tmp_path / "run"
    done = subprocess.run([*CLI, "--games", "4", "--players", "random", "--seed", "1", "--backend",
                           "local", "--out", str(out), "--quiet"], capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stderr
    assert not list(out.glob("*.png"))
    again = subprocess.run([*CLI, "--resume", str(out), "--plots", "--backend", "local",
                            "--quiet"], capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    assert sorted(p.name for p in out.glob("*.png")) == ["final_scores.png", "ranks.png"]
    assert all(p.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" for p in out.glob("*.png"))


def test_a_ctrl_c_while_the_charts_are_drawn_gives_the_command_that_draws_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from riichi.simulate import output
    from riichi.simulate.__main__ import main

    def pressed(*args: object) -> list[Path]:  # the key pressed while the charts are drawn
        raise KeyboardInterrupt

    monkeypatch.setattr(output, "write_plots", pressed)
    out = tmp_path / "run"
    code = main(["--games", "2", "--players", "tests.support.sim_players:Timid", "--seed", "1",
                 "--backend", "local", "--out", str(out), "--quiet", "--plots"])
    assert code == 130  # it was a KeyboardInterrupt's traceback
    err = capsys.readouterr().err
    assert f"interrupted while drawing the charts: the run in {out} is finished" in " ".join(
        err.split())
    assert resume_command(err, "drawn by:") == ["--resume", str(out), "--players",
                                   ",".join(["tests.support.sim_players:Timid"] * 4), "--plots"]


def test_a_chart_that_cannot_be_written_is_one_line_naming_it(tmp_path: Path) -> None:
    # IsADirectoryError's traceback, and the chart's temporary file left in the run
    from riichi.errors import RunDirectoryError
    from riichi.simulate import run
    from riichi.simulate.output import RunDirectory, write_plots

    out = tmp_path / "run"
    result = run(games=2, seed=1, players="random", backend="local", out=out)
    (out / "ranks.png").mkdir()
    before = sorted(p.name for p in out.iterdir())
    with pytest.raises(RunDirectoryError, match=rf"^cannot write {out}/ranks.png: Is a directory$"):
        write_plots(RunDirectory(out), result.summary)
    assert sorted(p.name for p in out.iterdir()) == sorted({*before, "final_scores.png"})
