"""The hostile pass (tests/support/hostile_pass.py), each group in a child process: a child that
dies by a signal, or lets an exception out of the error hierarchy, fails the test with its
traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support.paths import ROOT

SCALE = float(os.environ.get("RIICHI_TEST_SCALE", "1"))


@pytest.mark.parametrize(
    ("group", "rounds"),
    [("compiled", 300), ("numbers", 300), ("records", 100), ("agents", 20), ("bots", 10)],
)
def test_no_hostile_input_kills_the_interpreter(group: str, rounds: int) -> None:
    rounds = max(3, int(rounds * SCALE))
    child = subprocess.run([sys.executable, "-m", "tests.support.hostile_pass", group, str(rounds)],
                           capture_output=True, text=True, timeout=600, cwd=ROOT)
    # A negative return code is a death by signal (-11: segmentation fault).
    assert child.returncode == 0, f"{group} exited {child.returncode}:\n{child.stderr[-6000:]}"
    tried = json.loads(child.stdout.strip().splitlines()[-1])
    assert sum(tried.values()) >= rounds, tried
