"""Imports point down only: every import of every module of the package (at the top, inside a
function, under ``TYPE_CHECKING``, or a module named by string for ``importlib``) is checked against
the layer table of docs/architecture.md, which is read here, so the table and the code cannot part."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from tests.support.paths import ROOT

PACKAGE = ROOT / "src" / "riichi"
_NAME = re.compile(r"`(riichi(?:\.\w+)*)`")
_PYX_IMPORT = re.compile(r"^\s*(?:from\s+(riichi[\w.]*)\s+c?import|c?import\s+(riichi[\w.]*))", re.M)


def layers() -> list[set[str]]:
    """The layer table of docs/architecture.md, bottom layer first: the modules and packages each
    row names."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    table = text.split("| layer | what it does |", 1)[1].split("\n\n", 1)[0]
    rows = [line.split("|")[1] for line in table.splitlines()[2:] if line.startswith("|")]
    return [set(_NAME.findall(first)) for first in reversed(rows)]


def layer_of(module: str, table: list[set[str]]) -> int:
    """The row holding ``module``: the row naming it or its nearest package (``riichi`` itself
    only by name, or it would hold everything)."""
    parts = module.split(".")
    for length in range(len(parts), 0, -1):
        name = ".".join(parts[:length])
        for index, row in enumerate(table):
            if name in row and (length == len(parts) or name != "riichi"):
                return index
    raise AssertionError(f"{module} is in no layer of the table in docs/architecture.md")


def module_name(path: Path) -> str:
    dotted = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return dotted.removesuffix(".__init__")


def _known(name: str) -> bool:
    """Whether ``name`` is a module or package of riichi (so a string naming one is an import)."""
    relative = Path(*name.split(".")[1:]) if "." in name else Path()
    base = PACKAGE / relative
    return base.with_suffix(".py").exists() or base.with_suffix(".pyx").exists() or (
        base / "__init__.py").exists()


def imports(path: Path) -> set[str]:
    """Every riichi module ``path`` imports or names for importlib, wherever in the file."""
    source = path.read_text(encoding="utf-8")
    if path.suffix == ".pyx":
        return {a or b for a, b in _PYX_IMPORT.findall(source)}
    package = module_name(path).split(".")
    return imports_in(source, package if path.name == "__init__.py" else package[:-1])


def imports_in(source: str, package: list[str]) -> set[str]:
    """The riichi modules Python ``source`` of a module in ``package`` imports or names."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1] + ([base] if base else []))
            # `from riichi.x import y` imports the module riichi.x.y if there is one, else a
            # name of riichi.x
            found |= {f"{base}.{a.name}" if _known(f"{base}.{a.name}") else base for a in node.names}
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            # a dotted module name (the bare word "riichi" is mostly the mahjong word)
            if "." in node.value and _NAME.fullmatch(f"`{node.value}`") and _known(node.value):
                found.add(node.value)
    return {name for name in found if name == "riichi" or name.startswith("riichi.")}


SOURCES = sorted(p for p in PACKAGE.rglob("*.py*") if p.suffix in (".py", ".pyx"))


def test_the_table_is_read_and_holds_every_module() -> None:
    table = layers()
    assert len(table) >= 10 and {"riichi.game"} <= table[layer_of("riichi.game", table)]
    assert layer_of("riichi._core", table) == 0
    assert layer_of("riichi.game.agent", table) < layer_of("riichi.agents", table)
    for path in SOURCES:
        layer_of(module_name(path), table)


PROBE = """
from typing import TYPE_CHECKING
from . import events
from ..rules import RuleSet
if TYPE_CHECKING:
    from riichi.agents import Agent
def later():
    import riichi.simulate.run
    from riichi.game import replay
LAZY = {"Game": ("riichi.game", "Game")}
TEXT = "riichi.agents is not a module named for importlib when it is in a sentence"
"""


def test_the_scan_sees_every_kind_of_import() -> None:
    assert imports_in(PROBE, ["riichi", "logs"]) == {
        "riichi.logs.events",  # relative, a module
        "riichi.rules",  # relative, two levels
        "riichi.agents",  # under TYPE_CHECKING
        "riichi.simulate.run",  # inside a function
        "riichi.game.replay",  # inside a function, from a package: its module
        "riichi.game",  # by string, for importlib
    }
    assert "riichi.rules" in imports(PACKAGE / "scoring" / "_rules.pyx")  # Cython source
    assert {"riichi.game", "riichi.agents"} <= imports(PACKAGE / "__init__.py")  # by string


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: module_name(p))
def test_imports_point_down(path: Path) -> None:
    table = layers()
    here = module_name(path)
    own = layer_of(here, table)
    upward = sorted(m for m in imports(path) if layer_of(m, table) > own)
    assert not upward, f"{here} (layer {own}) imports from above: {upward}"
