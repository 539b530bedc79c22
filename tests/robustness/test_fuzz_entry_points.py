"""The crash-proof suite: every public entry point fuzzed in child processes
(tests/support/fuzz_cases.py).

A child that dies (a segfault in the compiled core) or lets an exception other than RiichiError,
TypeError or ValueError escape fails the test, with hypothesis' smallest example in the message.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.support import fuzz_cases
from tests.support.paths import ROOT


GROUPS = (("core", "game"), ("python",))  # two children, run side by side


def _fuzz(examples: int, extra_env: dict[str, str] | None = None) -> dict[str, int]:
    env = {**os.environ, "RIICHI_FUZZ_EXAMPLES": str(examples), **(extra_env or {})}
    children = [
        subprocess.Popen(
            [sys.executable, "-m", "tests.support.fuzz_cases", *groups],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, cwd=ROOT,
        )
        for groups in GROUPS
    ]
    tried: dict[str, int] = {}
    for child, groups in zip(children, GROUPS):
        out, err = child.communicate(timeout=900)
        # A negative return code is a death by signal (-11: segmentation fault).
        assert child.returncode == 0, f"fuzzing {groups} exited {child.returncode}:\n{err[-6000:]}"
        tried.update(json.loads(out.strip().splitlines()[-1]))
    expected = {f"{g}: {name}" for g in fuzz_cases.TARGETS for name in fuzz_cases.TARGETS[g]}
    assert set(tried) == expected
    return tried


def test_no_input_kills_the_interpreter_or_escapes_the_error_hierarchy() -> None:
    tried = _fuzz(200)
    assert all(n >= 50 for n in tried.values()), tried
    print(f"\n{sum(tried.values())} inputs over {len(tried)} targets, 0 interpreter deaths")


@pytest.mark.slow
def test_deep_fuzz_with_a_fresh_seed() -> None:
    seed = os.environ.get("RIICHI_FUZZ_SEED", "20261201")
    tried = _fuzz(int(os.environ.get("RIICHI_FUZZ_DEEP", "3000")), {"RIICHI_FUZZ_SEED": seed})
    print(f"\nseed {seed}: {sum(tried.values())} inputs over {len(tried)} targets, 0 deaths")
