"""Build of riichi: the Cython core and the shanten tables it loads.

Compiler directives are set here, once.  ``RIICHI_DEBUG_BUILD=1`` builds the core with bounds and
wraparound checks, no optimisation and debug symbols, for chasing memory errors.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
from pathlib import Path

import numpy as np
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
# Cython's worker pool re-runs this file in each worker unless they are forked.
CYTHON_THREADS = CORES if multiprocessing.get_start_method() == "fork" else 0
TABLES = "_shanten_tables.bin"
DEBUG = os.environ.get("RIICHI_DEBUG_BUILD", "") not in ("", "0")


def write_tables(directory: Path) -> None:
    """Generate the shanten tables into `directory` unless they are already newer than the generator."""
    sys.path.insert(0, str(HERE / "build_tools"))
    try:
        import shanten_tables
    finally:
        sys.path.pop(0)
    target = directory / TABLES
    generator = Path(shanten_tables.__file__)
    if not target.exists() or target.stat().st_mtime < generator.stat().st_mtime:
        directory.mkdir(parents=True, exist_ok=True)
        shanten_tables.write_tables(target)


class BuildPyWithTables(build_py):
    """Writes the tables into the source tree (editable and in-place builds) and the build tree."""

    def run(self) -> None:
        write_tables(HERE / "src" / "riichi")
        super().run()
        if not self.dry_run:
            write_tables(Path(self.build_lib) / "riichi")


class ParallelBuildExt(build_ext):
    """Compiles the extension modules on every core (``pip install`` passes no ``-j``)."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if not self.parallel:
            self.parallel = CORES


# What no Python code may do to a compiled object, whatever it holds: pass None for a typed argument
# (a function of a GameState would read its C fields), or rewrite a value in place through the
# __setstate_cython__ that Cython's automatic pickling adds (the table shares its actions, melds and
# pond entries across games; a type that pickles says how in its own __reduce__, making a new one).
# The built-in players (PLAYERS) keep Cython's pickling, and so the defaults (its unpickling
# function takes None for a typed argument): a player is its caller's own, shared with no one.
SAFE = {"allow_none_for_extension_args": False, "auto_pickle": False}
PLAYERS = "agents"
directives = {
    "language_level": 3,
    "boundscheck": DEBUG,
    "wraparound": DEBUG,
    "initializedcheck": DEBUG,
    "cdivision": True,
    "embedsignature": True,
    **SAFE,
}
if sys.platform == "win32":
    compile_args = ["/Od", "/Zi"] if DEBUG else ["/O2"]
else:
    # -g0: the debug symbols that Python's own flags ask for are 19 of the 23 MB of modules
    compile_args = ["-O0", "-g"] if DEBUG else ["-O3", "-g0"]

# Every Cython module of the package, built alike (riichi._core and the modules that cimport it):
# the core at the package root; the wall's seeded shuffle, the scoring kernel and the players'
# steps beside the Python that uses them.
SOURCES = [
    source for folder in ("", "game", "scoring", "agents")
    for source in sorted((HERE / "src" / "riichi" / folder).glob("*.pyx"))
]
# The hot path of the table and of its players (and the melds they make, the payments of the hands
# it settles): plain Python modules compiled as they are. Their source stays the one owner of
# every rule and the reference the compiled build is tested against (RIICHI_PURE_PYTHON=1 runs it interpreted, see
# riichi._interpreted); annotations are not read as C types and indexing and division keep
# Python's checks, so compiled and interpreted code mean the same thing.
ENGINE = [
    HERE / "src" / "riichi" / package / f"{name}.py"
    for package, names in (
        ("game", ("actions", "builtin_agent", "call_options", "claims", "draws", "flow", "game",
                  "hand_end", "kans", "kita", "legality", "observation", "phase", "player",
                  "seat_view", "state", "prebuilt", "turn", "wall", "winning")),
        ("agents", ("danger", "defensive", "efficiency", "plans", "random", "value")),
        ("scoring", ("settle",)),
        ("", ("_frozen", "meld")),
    )
    for name in names
]


def extension(source: Path) -> Extension:
    return Extension(
        ".".join(source.relative_to(HERE / "src").with_suffix("").parts),
        [str(source.relative_to(HERE))],
        include_dirs=[np.get_include(), "src"],
        define_macros=[("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")],
        extra_compile_args=compile_args,
    )


def engine(sources: list[Path], players: bool) -> list[Extension]:
    """The extensions of the compiled .py ``sources`` (``players``: the built-in players')."""
    return cythonize(
        [extension(source) for source in sources],
        compiler_directives={
            "language_level": 3, "embedsignature": True, "binding": True,
            "annotation_typing": False, **({} if players else SAFE),
        },
        force=DEBUG,
        nthreads=CYTHON_THREADS,
    )


# Cython translates the modules to C on every core too where it can.
extensions = cythonize(
    [extension(source) for source in SOURCES], compiler_directives=directives, force=DEBUG,
    nthreads=CYTHON_THREADS,
) + engine([s for s in ENGINE if s.parent.name != PLAYERS], players=False) + engine(
    [s for s in ENGINE if s.parent.name == PLAYERS], players=True
)

setup(
    ext_modules=extensions,
    cmdclass={"build_py": BuildPyWithTables, "build_ext": ParallelBuildExt},
)
