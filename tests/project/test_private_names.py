"""A name with one leading underscore belongs to its module: no other module of the package, of
``bench/`` or of ``examples/`` imports it (``from riichi.tiles import _scan``), cimports it (in a
``.pxd``) or reads it off the module (``tiles._scan``). What modules share has a public name,
if only in a private module (``riichi._core.frozen_counts``), or in no ``__all__``
(``riichi.errors.quoted``). Within :mod:`riichi.game` the members of the table's classes are
checked too (tests/game/test_declared_state.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.support.paths import ROOT

SOURCE = ROOT / "src" / "riichi"
_PRIVATE = re.compile(r"_[A-Za-z]\w*$")


def _is_module(dotted: str) -> bool:
    """Whether ``dotted`` (``riichi.x.y``) names a module or a package of riichi."""
    path = ROOT / "src" / Path(*dotted.split("."))
    return path.is_dir() or any(path.with_suffix(suffix).exists() for suffix in (".py", ".pyx"))


def private_uses(text: str, where: str) -> list[str]:
    """The places in the Python source ``text`` (of ``where``) that use another module's
    private name."""
    found = []
    modules: set[str] = set()  # the local names bound to riichi's modules
    tree = ast.parse(text)
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("riichi"):
            for alias in node.names:
                dotted = f"{node.module}.{alias.name}"
                if _is_module(dotted):
                    modules.add(alias.asname or alias.name)
                elif _PRIVATE.match(alias.name):
                    found.append(f"{where}:{node.lineno} imports {alias.name} from {node.module}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("riichi") and alias.asname:
                    modules.add(alias.asname)
    for node in ast.walk(tree):
        if (isinstance(node, ast.Attribute) and _PRIVATE.match(node.attr)
                and isinstance(node.value, ast.Name) and node.value.id in modules
                and not _is_module(f"riichi.{node.value.id}.{node.attr}")):
            found.append(f"{where}:{node.lineno} reads {node.value.id}.{node.attr}")
    return found


def private_cimports(text: str, where: str) -> list[str]:
    """The places in the Cython declarations ``text`` (of ``where``) that cimport another
    module's private name."""
    found = []
    for match in re.finditer(r"^from (riichi[\w.]*) cimport (\([^)]*\)|.*)$", text, re.MULTILINE):
        number = text.count("\n", 0, match.start()) + 1
        for item in match.group(2).strip("()").split(","):
            name = item.split(" as ")[0].strip()  # the module's own name, whatever it is bound to
            if _PRIVATE.match(name) and not _is_module(f"{match.group(1)}.{name}"):
                found.append(f"{where}:{number} cimports {name} from {match.group(1)}")
    return found


def test_the_check_finds_each_kind_of_use() -> None:
    assert private_uses("from riichi.tiles import _scan, parse_ids\n", "x.py") == [
        "x.py:1 imports _scan from riichi.tiles"]
    assert private_uses("from riichi import tiles\ntiles._scan('1m', True)\n", "x.py") == [
        "x.py:2 reads tiles._scan"]
    assert private_uses("import riichi.tiles as t\nt._index\n", "x.py") == ["x.py:2 reads t._index"]
    assert private_cimports("from riichi.env.encoders cimport _compact, write_row\n", "x.pxd") == [
        "x.pxd:1 cimports _compact from riichi.env.encoders"]
    # a private module is imported by its name, and its public names are shared
    assert private_uses("from riichi import _core\n_core.frozen_counts\nself._x\n", "x.py") == []
    assert private_cimports("from riichi.game.state cimport (\n    GameState, _take,\n)\n", "x.pxd") == [
        "x.pxd:1 cimports _take from riichi.game.state"]
    assert private_cimports("from riichi cimport _core\nfrom riichi.game cimport turn as _turn\n",
                            "x.pxd") == []


def test_no_module_uses_another_modules_private_names() -> None:
    found = []
    for folder in (SOURCE, ROOT / "bench", ROOT / "examples"):
        for path in sorted(folder.rglob("*.py")):
            found += private_uses(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    for path in sorted(SOURCE.rglob("*.pxd")):
        found += private_cimports(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    assert found == []
