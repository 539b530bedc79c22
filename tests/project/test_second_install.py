"""A second ``pip install`` of the same clone compiles nothing: pip builds every install in a
fresh environment, whose Cython and numpy files are new each time, and the build must not take
that for a change of the package (it did: every ``pip install ".[extra]"`` translated and
compiled the Cython modules again, a minute or more each on two cores).

Slow (a whole build of the package, then a second): run with ``-m slow``.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT



def _clone(target: Path) -> None:
    """The files of the checkout a clone would have (tracked, with their current contents)."""
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True)
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


def _build(clone: Path, wheels: Path) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "--wheel-dir", str(wheels), "."],
        cwd=clone, capture_output=True, text=True, timeout=3600)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    return done.stdout + done.stderr


@pytest.mark.slow
def test_a_second_build_of_the_same_clone_compiles_nothing(tmp_path: Path) -> None:
    clone = tmp_path / "clone"
    _clone(clone)
    first = _build(clone, tmp_path / "first")
    compiled = re.compile(r"^\s*(\[\s*\d+/\d+\] Cythonizing|\S*gcc .* -c )", re.MULTILINE)
    assert len(compiled.findall(first)) > 40  # every module translated and compiled once
    second = _build(clone, tmp_path / "second")
    assert compiled.findall(second) == []
    wheels = [sorted((tmp_path / d).glob("riichi-*.whl")) for d in ("first", "second")]
    assert all(len(w) == 1 for w in wheels)
