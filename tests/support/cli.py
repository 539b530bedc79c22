"""``python -m riichi.simulate`` as users run it, in a subprocess, with the tests' own players
(``tests.support.sim_players:Timid``, ``tests.support.failing_agents:RaisingAgent``) on its path
and its workers' when asked."""

from __future__ import annotations

import subprocess
import sys

from tests.support.paths import checkout_env

CLI = [sys.executable, "-m", "riichi.simulate"]


def simulate(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=120)


def simulate_with_test_agents(*args: str) -> subprocess.CompletedProcess[str]:
    """The command with the checkout on the path of it and of its workers (failing_agents)."""
    return subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=180,
                          env=checkout_env())


def one_error_line(done: subprocess.CompletedProcess[str], code: int = 2) -> str:
    """The one line of a command that failed with ``code``, nothing on its standard output."""
    assert done.returncode == code, done.stderr
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("python -m riichi.simulate: error: ")
    return lines[0]
