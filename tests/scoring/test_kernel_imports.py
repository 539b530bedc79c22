"""The scoring kernel imports nothing above it, and nothing it imports imports it back.

Read from the sources (importing would run ``riichi.scoring``'s ``__init__``, which loads the
kernel anyway): the kernel is the Cython modules of ``riichi.scoring`` (``_kernel`` and the steps it
is split into), and its imports are the layers below scoring and the scoring modules that hold data
and messages, and none of those reaches the kernel or the package that re-exports it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import riichi

SRC = Path(riichi.__file__).parent
KERNEL = sorted(p for p in (SRC / "scoring").glob("_*") if p.suffix in (".pyx", ".pxd"))
KERNEL_MODULES = {f"riichi.scoring.{path.stem}" for path in KERNEL}
BELOW = {"riichi._core", "riichi.errors", "riichi.meld", "riichi.rules", "riichi.tiles"}
SCORING_LEAVES = {"riichi.scoring.bad_input", "riichi.scoring.result",
                  "riichi.scoring.rule_values", "riichi.scoring.yaku"}


def _kernel_imports() -> set[str]:
    """What the kernel's modules import, but for one another."""
    found: set[str] = set()
    for path in KERNEL:
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r"^from (riichi[\w.]*) c?import", text, flags=re.MULTILINE))
    return found - KERNEL_MODULES


def _imports(module: str) -> set[str]:
    """The riichi modules ``module`` (a .py file or a package's ``__init__.py``) imports."""
    path = SRC.parent.joinpath(*module.split("."))
    path = path / "__init__.py" if path.is_dir() else path.with_suffix(".py")
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("riichi"):
            found.add(node.module)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.startswith("riichi"))
    return found


def test_the_kernel_imports_only_what_is_below_it() -> None:
    assert {"riichi.scoring._kernel", "riichi.scoring._features"} <= KERNEL_MODULES
    imports = _kernel_imports()
    assert "riichi.scoring.rule_values" in imports
    assert imports <= BELOW | SCORING_LEAVES, imports - BELOW - SCORING_LEAVES


def test_nothing_the_kernel_imports_leads_back_to_it() -> None:
    seen: set[str] = set()
    todo = sorted(_kernel_imports() - {"riichi._core"})
    while todo:
        module = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        reached = _imports(module)
        assert not reached & ({"riichi.scoring", "riichi.scoring.score"} | KERNEL_MODULES), (
            module, reached,
        )
        todo.extend(m for m in reached if m != "riichi._core" and not m.startswith("riichi._"))
    assert "riichi.scoring.rule_values" in seen
