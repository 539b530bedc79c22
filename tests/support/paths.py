"""Where the checkout's files are, for the tests that read them (the tests may run an installed
riichi, so these come from this file's place, not from the package's), and the environment that
lets a child process import ``tests.support``."""

from __future__ import annotations

import os
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]
"""The tests' folder."""
ROOT = TESTS.parent
"""The checkout: README.md, docs/, src/, pyproject.toml."""
DATA = TESTS / "data"
"""The tests' data: Tenhou records and hands, with their licences."""


def checkout_env(*first: str | Path, **variables: str) -> dict[str, str]:
    """This process's environment and ``variables``, with ``first`` and then the checkout (so
    ``tests.support``) on the module path ahead of what was there."""
    path = os.pathsep.join(filter(None, [*map(str, first), str(ROOT), os.environ.get("PYTHONPATH")]))
    return {**os.environ, **variables, "PYTHONPATH": path}
