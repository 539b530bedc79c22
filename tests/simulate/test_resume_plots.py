"""A run started with ``--plots`` and stopped with Ctrl-C draws its charts when the command it
prints to resume it is run: the charts are drawn by the run that finishes."""

from __future__ import annotations

import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

CLI = [sys.executable, "-m", "riichi.simulate"]


def resume_command(stderr: str) -> list[str]:
    """The arguments of the resume command an interrupted run printed (a command broken over
    lines goes on after a backslash)."""
    command = shlex.split(stderr.split("resume with:", 1)[1].replace("\\\n", ""))
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
