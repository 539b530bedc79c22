"""Build of riichi: the Cython core and the shanten tables it loads.

Compiler directives are set here, once.  ``RIICHI_DEBUG_BUILD=1`` builds the core with bounds and
wraparound checks, no optimisation and debug symbols, for chasing memory errors.
"""

from __future__ import annotations

import hashlib
import multiprocessing
import os
import sys
from pathlib import Path

import Cython
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
# the core at the package root; the wall's seeded shuffle, the scoring kernel, the players' steps
# and the environments' features beside the Python that uses them.
SOURCES = [
    source for folder in ("", "game", "scoring", "agents", "logs", "env", "analyze")
    for source in sorted((HERE / "src" / "riichi" / folder).glob("*.pyx"))
]
# The hot path of the table and of its players (and the melds they make, the payments of the hands
# it settles, the environments that step it): plain Python modules compiled as they are. Their source stays the one owner of
# every rule and the reference the compiled build is tested against (RIICHI_PURE_PYTHON=1 runs it interpreted, see
# riichi._interpreted); annotations are not read as C types and indexing and division keep
# Python's checks, so compiled and interpreted code mean the same thing.
ENGINE = [
    HERE / "src" / "riichi" / package / f"{name}.py"
    for package, names in (
        ("game", ("actions", "builtin_agent", "call_options", "claims", "draws", "driver", "flow",
                  "game", "hand_end", "kans", "kita", "legality", "observation", "phase", "player",
                  "prebuilt", "replay", "seat_view", "state", "state_copy", "turn", "wall",
                  "winning")),
        ("agents", ("danger", "defensive", "efficiency", "plans", "random", "value")),
        ("scoring", ("settle",)),
        ("logs", ("events", "mjai", "mjlog", "mjlog_events", "mjlog_model", "record", "tenhou6",
                  "tenhou6_tiles", "tenhou_wall")),
        ("env", ("actions", "encoders", "records", "sampling", "vector")),
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


def engine(sources: list[Path], players: bool, force: bool, checked: bool = True) -> list[Extension]:
    """The extensions of the compiled .py ``sources`` (``players``: the built-in players';
    ``checked=False``: typed memoryviews indexed without bounds checks, and C's division and
    modulo)."""
    return cythonize(
        [extension(source) for source in sources],
        compiler_directives={
            "language_level": 3, "embedsignature": True, "binding": True,
            "annotation_typing": False, **({} if players else SAFE),
            **({} if checked else {"boundscheck": DEBUG, "wraparound": DEBUG, "cdivision": True}),
        },
        force=force,
        nthreads=CYTHON_THREADS,
    )


# The environments write their planes and masks through typed memoryviews, at rows and columns
# they compute (plane constants, tile types, the tables' own indices), after checking the arrays'
# shapes and the caller's actions once: every write unchecked. Their divisors are scales and
# counts of players, never 0, and what they take a modulo of is never negative: C's division and
# modulo, where Python's would test the divisor and the signs at every decision.
ENVIRONMENTS = "env"


def translated(force: bool) -> list[Extension]:
    """Every module translated to C by Cython (on every core too where it can); ``force``: every
    one, whatever its C file's age."""
    return cythonize(
        [extension(source) for source in SOURCES], compiler_directives=directives, force=force,
        nthreads=CYTHON_THREADS,
    ) + engine([s for s in ENGINE if s.parent.name not in (PLAYERS, ENVIRONMENTS)], False, force) \
        + engine([s for s in ENGINE if s.parent.name == PLAYERS], True, force) \
        + engine([s for s in ENGINE if s.parent.name == ENVIRONMENTS], False, force, checked=False)


# pip builds each install in a fresh environment, whose Cython and numpy files (libc/*.pxd,
# numpy's headers) are new each time: Cython, which goes by modification times, would translate
# every module again, and the compiler would then compile it again. So the build notes what the C
# was made from (the sources, this file, the Cython and numpy versions) beside the build tree; while
# that is unchanged, the C files are taken as they are and a module whose C is older than its
# built library is not compiled again (a second install of the same clone builds nothing).
# What every module's C is made from (this file's directives, Cython, numpy) is noted apart: a
# change there leaves every source as old as before, so modification times would keep C files
# made under the old directives; then every module is translated again.
INPUTS = HERE / "build" / "cython-inputs.sha256"


def inputs_fingerprint() -> tuple[str, str]:
    """What every module's C is made from, then that and every source and declaration (digests)."""
    shared = hashlib.sha256(f"{Cython.__version__} {np.__version__} {DEBUG}".encode())
    shared.update(Path(__file__).resolve().read_bytes())
    digest = hashlib.sha256(shared.digest())
    pxd = sorted((HERE / "src" / "riichi").rglob("*.pxd"))
    for path in sorted({*SOURCES, *ENGINE, *pxd}):
        digest.update(path.relative_to(HERE).as_posix().encode() + b"\0" + path.read_bytes())
    return shared.hexdigest(), digest.hexdigest()


fingerprint = inputs_fingerprint()
noted = INPUTS.read_text().split() if INPUTS.exists() else []
c_files = [source.with_suffix(".c") for source in (*SOURCES, *ENGINE)]
if noted == list(fingerprint) and all(c.exists() for c in c_files):
    extensions = [extension(c) for c in c_files]
else:
    extensions = translated(force=DEBUG or noted[:1] != [fingerprint[0]])
    INPUTS.parent.mkdir(exist_ok=True)
    INPUTS.write_text("\n".join(fingerprint) + "\n")

setup(
    ext_modules=extensions,
    cmdclass={"build_py": BuildPyWithTables, "build_ext": ParallelBuildExt},
)
