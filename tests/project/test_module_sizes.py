"""Small modules named after what they hold: no source file of the package is over 600 lines.

The core (``_core.pyx``, one concept: shanten, waits and decompositions over count vectors) is the
one file allowed to be longer; generated C is not source.
"""

from __future__ import annotations

from pathlib import Path

from tests.support.paths import ROOT

SRC = ROOT / "src" / "riichi"
LIMIT = 600
SOURCES = (".py", ".pyx", ".pxd", ".pyi", ".js")
ALLOWED = {"_core.pyx"}


def lines(path: Path) -> int:
    with path.open(encoding="utf-8") as f:
        return sum(1 for _ in f)


def test_the_sources_are_found() -> None:
    found = [p for p in SRC.rglob("*") if p.suffix in SOURCES]
    assert len(found) > 100 and any(p.suffix == ".js" for p in found)


def test_no_source_file_is_over_600_lines() -> None:
    long = {str(p.relative_to(SRC)): n for p in SRC.rglob("*")
            if p.suffix in SOURCES and p.name not in ALLOWED and (n := lines(p)) > LIMIT}
    assert long == {}, f"over {LIMIT} lines (split by concept): {long}"


def test_the_core_is_the_one_exception() -> None:
    assert lines(SRC / "_core.pyx") > LIMIT  # else it needs no exception: drop it from ALLOWED
