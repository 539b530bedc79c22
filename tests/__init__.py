"""riichi's test suite: one folder per layer of the package it checks (``tests/core``,
``tests/game``, ...), the robustness checks (fuzzing, hostile input, soaks, mutants, differential
tests) in ``tests/robustness``, the project's own checks in ``tests/project``, and the helpers they
share in the package :mod:`tests.support` (imported as ``from tests.support.game import table``,
from the checkout's root, as ``bench/`` does too). Data lives in ``tests/data``."""
