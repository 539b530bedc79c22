"""A player module that notes each process importing it: a file named by its process id in the
folder ``RIICHI_TEST_PROCESSES`` names (the simulator's workers import a ``module:Class`` player
once each, when they start)."""

from __future__ import annotations

import os
from pathlib import Path

from riichi.agents import RandomAgent

__all__ = ["Counted"]

if "RIICHI_TEST_PROCESSES" in os.environ:
    (Path(os.environ["RIICHI_TEST_PROCESSES"]) / str(os.getpid())).touch()


class Counted(RandomAgent):
    """A random player, from a module that counts the processes importing it."""
