"""User-facing text stands alone: nothing in the package points at files a user does not have
(the project's rules digest, its source documents, its issue tracker, its research data), and the
command lines' help is plain text."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.paths import ROOT

PACKAGE = ROOT / "src" / "riichi"
OUTSIDE = re.compile(r"RULES\.md|RULES-MATRIX|seed 00|user's documents|issue [A-Z0-9]|data/tenhou"
                     r"|TH-RW|TH-ARC|web game this preset")


def _texts() -> list[Path]:
    return sorted(p for p in PACKAGE.rglob("*") if p.suffix in (".py", ".pyx", ".pyi", ".pxd", ".md"))


def test_no_text_of_the_package_points_outside_it() -> None:
    found = []
    for path in _texts():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in OUTSIDE.finditer(line):
                found.append(f"{path.relative_to(PACKAGE).as_posix()}:{number}: {match[0]}")
    assert not found, found


@pytest.mark.parametrize("module", ["riichi", "riichi.simulate", "riichi.rules", "riichi.play"])
def test_help_is_plain_text(module: str) -> None:
    env = {**os.environ, "COLUMNS": "80"}
    done = subprocess.run([sys.executable, "-m", module, "--help"], capture_output=True, text=True,
                          timeout=60, check=True, env=env)
    assert done.stdout.startswith(f"usage: python -m {module} ")
    assert max(map(len, done.stdout.splitlines())) <= 80
    assert "``" not in done.stdout and ":class:" not in done.stdout and ":func:" not in done.stdout
