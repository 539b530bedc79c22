"""Every module, class or function the docstrings of :mod:`riichi.stats` refer a reader to exists
(records.py sent them to a ``riichi.stats.tenhou`` that does not)."""

from __future__ import annotations

import importlib
import re

from tests.support.paths import ROOT

_REFERENCE = re.compile(r":(?:mod|func|class|meth|attr|data):`~?(riichi(?:\.\w+)+)`")


def _resolves(dotted: str) -> bool:
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            target: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for name in parts[cut:]:
            if not hasattr(target, name):
                return False
            target = getattr(target, name)
        return True
    return False


def test_every_reference_of_the_stats_docstrings_names_something_that_exists() -> None:
    sources = sorted((ROOT / "src" / "riichi" / "stats").glob("*.py"))
    references = {(path.name, ref) for path in sources
                  for ref in _REFERENCE.findall(path.read_text(encoding="utf-8"))}
    assert len(references) >= 3
    assert [r for r in sorted(references) if not _resolves(r[1])] == []
