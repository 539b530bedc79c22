"""Copies of ``src/riichi`` broken on purpose, run by the interpreter in a child process.

The compiled table's methods and fields are C-level and cannot be replaced from Python, so the
mutation tests break the source instead: each mutant is a one-place text change of a copy of
``src/riichi``, run with ``RIICHI_PURE_PYTHON=1`` (the copy keeps the compiled core, which has no
Python source, and loads every module that has one from its ``.py``). The interpreted source is
the reference the compiled build is tested against game for game, so a rule broken there is the
rule the compiled build plays.
"""

from __future__ import annotations

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


def broken_copy(root: Path, name: str, patches: Sequence[Patch]) -> Path:
    """A copy of ``src/riichi`` under ``root`` with ``patches`` applied; returns the directory to
    put on the path."""
    base = root / re.sub(r"[^A-Za-z0-9_.-]+", "_", name)
    shutil.copytree(SOURCE, base / "riichi", ignore=shutil.ignore_patterns("__pycache__", "*.c"))
    for path, old, new in patches:
        target = base / "riichi" / path
        text = target.read_text(encoding="utf-8")
        assert text.count(old) == 1, f"{name}: {old!r} not found once in {path}"
        target.write_text(text.replace(old, new), encoding="utf-8")
    return base


def run_interpreted(
    base: Path, args: Sequence[str], timeout: float = 900
) -> subprocess.CompletedProcess[str]:
    """``python args...`` on the copy at ``base`` by the interpreter, the checkout on the path too,
    after checking that the table is imported from the copy's source."""
    env = checkout_env(base, RIICHI_PURE_PYTHON="1")
    check = ("import riichi.game.state as s, riichi.game.draws as d, riichi.game.player as p; "
             "print(s.__file__, d.__file__, p.__file__)")
    where = subprocess.run([sys.executable, "-c", check], env=env, capture_output=True,
                           text=True, check=True).stdout.split()
    assert all(Path(w).is_relative_to(base) and w.endswith(".py") for w in where), where
    return subprocess.run(
        [sys.executable, *args], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=timeout,
    )
