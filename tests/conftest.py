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


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    seed = config.getoption("--shuffle")
    if seed is not None:
        # Files shuffled, and the tests within each: a file's tests stay together so that its
        # module fixtures (a mutant run, a Ray cluster) are set up once.
        rng = random.Random(seed)
        files: dict[str, list[pytest.Item]] = {}
        for item in items:
            files.setdefault(item.nodeid.partition("::")[0], []).append(item)
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
