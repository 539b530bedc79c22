"""Copies of ``src/riichi`` broken on purpose, run by the interpreter in a child process.

The compiled table's methods and fields are C-level and cannot be replaced from Python, so the
mutation tests break the source instead: each mutant is a one-place text change of a copy of
``src/riichi``, run with ``RIICHI_PURE_PYTHON=1`` (the copy keeps the compiled core, which has no
Python source, and loads every module that has one from its ``.py``). The interpreted source is
the reference the compiled build is tested against game for game, so a rule broken there is the
rule the compiled build plays.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import riichi
from tests.support.paths import ROOT, checkout_env

SOURCE = Path(riichi.__file__).parent  # src/riichi

Patch = tuple[str, str, str]
"""(file under src/riichi, text found there exactly once, its replacement)."""

NOT_THE_COPY = 9
"""A child's exit status when the table it imported is not the copy's source."""

# Imports the table, checks that it came from the copy's source (argv[1]), then runs the module
# argv[2] as ``python -m`` would with the arguments after it: one interpreter for both.
_CHECKED_RUN = f"""\
import runpy, sys
from pathlib import Path
import riichi.game.state as s, riichi.game.draws as d, riichi.game.player as p
where = [Path(m.__file__) for m in (s, d, p)]
if not all(w.is_relative_to(sys.argv[1]) and w.suffix == ".py" for w in where):
    print(f"the table is not the copy's source: {{where}}", file=sys.stderr)
    sys.exit({NOT_THE_COPY})
module = sys.argv[2]
sys.argv[:3] = [module]
runpy.run_module(module, run_name="__main__", alter_sys=True)
"""


def broken_copy(root: Path, name: str, patches: Sequence[Patch]) -> Path:
    """A copy of ``src/riichi`` under ``root`` with ``patches`` applied; returns the directory to
    put on the path.

    The copy keeps the source's bytecode cache for the files left as they were (copied with their
    times, so that it stays valid) and drops a patched file's: a child compiles only that."""
    base = root / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    shutil.copytree(SOURCE, base / "riichi", ignore=shutil.ignore_patterns("*.c"))
    for path, old, new in patches:
        target = base / "riichi" / path
        text = target.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{name}: {old!r} not found once in {path}"
        target.write_text(text.replace(old, new), encoding="utf-8")
        for cached in (target.parent / "__pycache__").glob(f"{target.stem}.*.pyc"):
            cached.unlink()
    return base


def run_interpreted(
    base: Path, module: str, args: Sequence[str], timeout: float = 900
) -> subprocess.CompletedProcess[str]:
    """``python -m module args...`` on the copy at ``base`` by the interpreter, the checkout on
    the path too, in a process that first checks that the table is imported from the copy's
    source (else it exits with :data:`NOT_THE_COPY`)."""
    env = checkout_env(base, RIICHI_PURE_PYTHON="1")
    return subprocess.run(
        [sys.executable, "-c", _CHECKED_RUN, str(base), module, *args], env=env, cwd=ROOT,
        capture_output=True, text=True, timeout=timeout,
    )


def child_slots() -> int:
    """How many children to run at once: the cores this process may use, shared with the other
    workers of the test run (xdist's), at least one. Two children beside another worker on two
    cores only slow each other."""
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    return max(1, len(os.sched_getaffinity(0)) // workers)
