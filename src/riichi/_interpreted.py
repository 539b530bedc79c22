"""``RIICHI_PURE_PYTHON=1``: run the engine's compiled Python modules from their source.

The table's hot path (``riichi.game``'s state machine, players, wall, options, the game loop) is
plain Python that the build also compiles with Cython, unchanged. The compiled module is what
``import`` finds first; with ``RIICHI_PURE_PYTHON=1`` in the environment when :mod:`riichi` is
first imported, every such module is loaded from its ``.py`` source instead. The two builds play
the same games (the test suite compares their event logs); the interpreted one is slower and is
for stepping through the engine in a debugger, for coverage, and as the reference of that test.

>>> import importlib.util
>>> spec = importlib.util.find_spec("riichi.game.state")
>>> spec is not None and spec.origin is not None
True
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from importlib.abc import MetaPathFinder
from importlib.machinery import EXTENSION_SUFFIXES, ModuleSpec, PathFinder
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

__all__ = ["ENVIRONMENT_VARIABLE", "install", "requested"]

ENVIRONMENT_VARIABLE = "RIICHI_PURE_PYTHON"


def requested() -> bool:
    """Whether the environment asks for the interpreted engine."""
    return os.environ.get(ENVIRONMENT_VARIABLE, "") not in ("", "0")


class _SourceFirst(MetaPathFinder):
    """Finds a ``riichi`` module built as an extension at its ``.py`` source beside it."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if not fullname.startswith("riichi."):
            return None
        spec = PathFinder.find_spec(fullname, path)
        if spec is None or spec.origin is None or not spec.origin.endswith(
            tuple(EXTENSION_SUFFIXES)
        ):
            return None
        source = Path(spec.origin).with_name(fullname.rpartition(".")[2] + ".py")
        return spec_from_file_location(fullname, source) if source.is_file() else None


def install() -> None:
    """Load compiled modules that have a Python source from that source from now on."""
    if not any(isinstance(finder, _SourceFirst) for finder in sys.meta_path):
        sys.meta_path.insert(0, _SourceFirst())
