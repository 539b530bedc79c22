"""How the Cython sources cimport a module of the package: ``cimport riichi.game.claims as
_claims``, never ``from riichi.game cimport claims as _claims``. Cython's build decides what to
translate again by the declarations each source cimports, and it reads the second form as a
cimport of the package alone: a change to ``claims.pxd`` then left ``state`` built against the old
one, and the package failed to import ("C function ... has wrong signature") until every C file
was made anew."""

from __future__ import annotations

import re

from tests.support.paths import ROOT

SOURCE = ROOT / "src" / "riichi"
_FROM = re.compile(r"^\s*from\s+(riichi[\w.]*)\s+cimport\s+(\([^)]*\)|[^\n]*)", re.MULTILINE)


def modules_cimported_from_a_package(text: str) -> list[str]:
    """The modules of the package that ``text`` cimports as ``from PACKAGE cimport MODULE``."""
    found = []
    for match in _FROM.finditer(text):
        package = match.group(1)
        for name in match.group(2).strip("()").replace("\n", " ").split(","):
            module = name.split(" as ")[0].strip()
            if module and (SOURCE.parent.joinpath(*package.split("."), f"{module}.pxd")).exists():
                found.append(f"{package}.{module}")
    return found


def test_the_reading_finds_a_module_cimported_from_its_package() -> None:
    assert modules_cimported_from_a_package(
        "from riichi.game cimport claims as _claims, turn as _turn\nfrom riichi cimport _core\n"
        "from riichi.game.player cimport Player, closed\nfrom riichi.game cimport (\n    kans,\n)\n"
    ) == ["riichi.game.claims", "riichi.game.turn", "riichi._core", "riichi.game.kans"]


def test_every_module_is_cimported_by_its_full_name() -> None:
    sources = sorted([*SOURCE.rglob("*.pxd"), *SOURCE.rglob("*.pyx")])
    assert sources
    untracked = {path.relative_to(ROOT).as_posix(): modules
                 for path in sources
                 if (modules := modules_cimported_from_a_package(path.read_text(encoding="utf-8")))}
    assert untracked == {}, "write `cimport riichi.X.module as name`, which the build tracks"
