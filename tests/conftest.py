"""The suite's two options of running.

A test marked ``@pytest.mark.compiled_only(reason=...)`` checks what only the compiled build
guarantees (a C field nothing can overwrite, a module built as an extension); under
``RIICHI_PURE_PYTHON=1`` it is skipped with its reason rather than failing, or, where it tried to
break in, leaving the shared objects broken for the tests after it. ``--shuffle=SEED`` runs the
test files in an order shuffled by ``SEED``, and each file's tests in a shuffled order (the same
orders for the same seed, in every xdist worker), to show that no test depends on another having
run first::

    RIICHI_PURE_PYTHON=1 python -m pytest -q -p no:randomly --shuffle=1 tests/game

Sizes of the big loops are constants at the top of each test file, scaled by
:func:`tests.support.hands.scaled`.

Hypothesis runs without its per-example deadline: a deadline is a timing assertion, and on a
shared, loaded machine it fails tests whose answers are right.

A suite started in the background by a script (``cmd &`` without job control) inherits Ctrl-C
ignored, and so would every program it starts; the tests that press Ctrl-C (the simulator's
resume, the browser game's server) need it delivered, so the suite takes it back.
"""

from __future__ import annotations

import random
import signal

import pytest
from hypothesis import settings

from riichi._interpreted import requested as interpreted

settings.register_profile("riichi", deadline=None)
settings.load_profile("riichi")

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:  # a handler is reset to the default on exec
    signal.signal(signal.SIGINT, signal.default_int_handler)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption("--shuffle", type=int, default=None, metavar="SEED",
                     help="run the tests in an order shuffled by SEED")


# The files that take longest (seconds of a whole run, most first): started first, so that under
# xdist's --dist loadfile no worker is still in one of them while the other has nothing left.
LONGEST = (
    "tests/robustness/test_soak.py", "tests/game/test_audited_games.py",
    "tests/core/test_reference.py", "tests/robustness/test_auditor_mutants.py",
    "tests/game/test_compiled.py", "tests/robustness/test_rule_mutants.py",
)


def pytest_configure(config: pytest.Config) -> None:
    if hasattr(config.option, "loadscopereorder") and config.getoption("--shuffle") is None:
        # xdist would order the files by their number of tests, which puts these few-test,
        # long files last; the order below replaces it.
        config.option.loadscopereorder = False


def _file_of(item: pytest.Item) -> str:
    return item.nodeid.partition("::")[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seed = config.getoption("--shuffle")
    if seed is None:
        counts: dict[str, int] = {}
        for item in items:
            counts[_file_of(item)] = counts.get(_file_of(item), 0) + 1
        rank = {name: i for i, name in enumerate(LONGEST)}
        # the longest files first, then the others by their number of tests, as xdist orders them
        items.sort(key=lambda item: (rank.get(_file_of(item), len(rank)), -counts[_file_of(item)]))
    else:
        # Files shuffled, and the tests within each: a file's tests stay together so that its
        # module fixtures (a mutant run, a Ray cluster) are set up once.
        rng = random.Random(seed)
        files: dict[str, list[pytest.Item]] = {}
        for item in items:
            files.setdefault(_file_of(item), []).append(item)
        order = list(files.values())
        rng.shuffle(order)
        for tests in order:
            rng.shuffle(tests)
        items[:] = [item for tests in order for item in tests]
    if interpreted():
        for item in items:
            marker = item.get_closest_marker("compiled_only")
            if marker is not None:
                item.add_marker(pytest.mark.skip(
                    reason=f"compiled build only (RIICHI_PURE_PYTHON=1): {marker.kwargs['reason']}"
                ))
