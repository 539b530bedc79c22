"""What a source distribution and a wheel carry: every Cython source, declaration and stub of the
package, in every folder (an sdist without a module's ``.pyx`` builds a package without that
module, and one without its ``.pxd`` compiles it without its C types), the tests' data with its
licences, and in the wheel every ``.pxd`` and ``.pyi`` (for type checkers, and for Cython code
that cimports the package). MANIFEST.in names the sdist's files itself, whatever setuptools adds on
its own; its patterns are read as setuptools reads them."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from tests.support.paths import ROOT

SOURCE = ROOT / "src" / "riichi"


def _files(folder: Path) -> list[str]:
    """The files under ``folder``, as paths from the checkout's root (no caches)."""
    return sorted(path.relative_to(ROOT).as_posix() for path in folder.rglob("*")
                  if path.is_file() and "__pycache__" not in path.parts)


def _glob(pattern: str, path: str) -> bool:
    """Whether ``path`` matches ``pattern`` as setuptools matches them: ``*`` and ``?`` stop at
    a ``/`` (fnmatch's do not)."""
    regex = "".join("[^/]*" if c == "*" else "[^/]" if c == "?" else re.escape(c) for c in pattern)
    return re.fullmatch(regex, path) is not None


def manifest_includes(text: str, path: str) -> bool:
    """Whether the MANIFEST.in ``text`` puts ``path`` (from the root) in the sdist: its
    ``include``, ``recursive-include`` and ``exclude`` lines, the last that matches deciding."""
    kept = False
    folder, _, name = path.rpartition("/")
    for line in text.splitlines():
        words = line.split()
        if not words or words[0].startswith("#"):
            continue
        command, *patterns = words
        if command == "include" and any(_glob(p, path) for p in patterns):
            kept = True
        elif command == "exclude" and any(_glob(p, path) for p in patterns):
            kept = False
        elif command == "recursive-include" and (folder + "/").startswith(patterns[0] + "/") \
                and any(_glob(p, name) for p in patterns[1:]):
            kept = True
    return kept


def test_the_manifest_reading_follows_its_lines() -> None:
    text = "include a/*.py\nrecursive-include t *.gz LICENSE*\nexclude a/b.py\n"
    assert manifest_includes(text, "a/c.py") and not manifest_includes(text, "a/b.py")
    assert manifest_includes(text, "t/x/y.gz") and manifest_includes(text, "t/LICENSE-x")
    assert not manifest_includes(text, "a/x/c.py") and not manifest_includes(text, "tt/y.gz")


def test_the_sdist_carries_every_cython_source_stub_and_test_file() -> None:
    text = (ROOT / "MANIFEST.in").read_text(encoding="utf-8")
    wanted = [f for f in _files(SOURCE) if f.endswith((".pyx", ".pxd", ".pyi", "py.typed"))]
    wanted += [f for f in _files(ROOT / "tests") if not f.endswith(".pyc")]
    wanted += [f for f in _files(ROOT / "bench") if f.endswith(".py")]
    assert len(wanted) > 500
    assert [f for f in wanted if not manifest_includes(text, f)] == []


def test_the_wheel_carries_every_declaration_and_stub() -> None:
    with open(ROOT / "pyproject.toml", "rb") as file:
        patterns = tomllib.load(file)["tool"]["setuptools"]["package-data"]["riichi"]
    wanted = [Path(f).relative_to("src/riichi").as_posix() for f in _files(SOURCE)
              if f.endswith((".pxd", ".pyi"))]
    assert len(wanted) > 50
    assert [f for f in wanted if not any(_glob(p, f) for p in patterns)] == []
