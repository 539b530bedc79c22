"""pytest-benchmark of three-player shanten: ``riichi.shanten(..., players=3)`` beside the
four-player call and beside xiangting's ``PlayerCount.THREE``, on the same seeded 13-tile hands
dealt from the 108 tiles of three-player mahjong (valid four-player hands too).

    python -m pytest bench/test_bench_core_sanma.py --benchmark-only -p no:cacheprovider

One round maps the call over every hand; divide by ``extra_info["hands"]`` for the per-hand time.
``RIICHI_BENCH_SCALE`` (default 1.0) shrinks or grows the hand set, as in test_bench_core.py.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, cast

import pytest
import workloads as w
import xiangting

import riichi

HANDS = w.sanma_hands(max(1, int(2000 * float(os.environ.get("RIICHI_BENCH_SCALE", "1.0")))), 13,
                      seed=2026)
# xiangting reads bytes as a sequence of counts (its fastest input, see workloads.py)
_xiangting_rn = cast(Callable[[bytes, Any], int], xiangting.calculate_replacement_number)


def _riichi(players: int) -> w.Runner:
    f, xs = riichi.shanten, HANDS.counts
    if players == 4:
        return lambda: [f(x) for x in xs]  # the default call, without the keyword
    return lambda: [f(x, players=players) for x in xs]


def _xiangting() -> w.Runner:
    f, p, xs = _xiangting_rn, xiangting.PlayerCount.THREE, HANDS.counts
    return lambda: [f(x, p) - 1 for x in xs]


RUNNERS: dict[str, Callable[[], w.Runner]] = {
    "riichi-4p": lambda: _riichi(4),
    "riichi-3p": lambda: _riichi(3),
    "xiangting-3p": _xiangting,
}


@pytest.mark.parametrize("name", RUNNERS)
def test_shanten_sanma(benchmark: Any, name: str) -> None:
    benchmark.group = "shanten-sanma"
    benchmark.extra_info["hands"] = len(HANDS)
    assert len(benchmark(RUNNERS[name]())) == len(HANDS)


def test_riichi_and_xiangting_agree() -> None:
    """The three-player times compare the same answers."""
    assert RUNNERS["riichi-3p"]()() == RUNNERS["xiangting-3p"]()()
