"""Run the examples in the docstrings of every module, the compiled core included."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from types import ModuleType

import pytest

import riichi


def _modules() -> list[str]:
    names = ["riichi"]
    for info in pkgutil.walk_packages(riichi.__path__, prefix="riichi."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("name", _modules())
def test_docstring_examples(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"


def test_core_has_examples() -> None:
    # The compiled module's docstrings are checked like the rest: make sure they are found.
    assert doctest.testmod(riichi._core).attempted >= 10
