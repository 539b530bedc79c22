"""pytest-benchmark comparison of riichi's core with its peers on the same seeded hands.

Run with ``python -m pytest bench/ --benchmark-group-by=group`` (needs the ``bench`` extra).
One benchmark round maps the task over every hand of its set; divide by ``extra_info["hands"]``
for the per-hand time. Set ``RIICHI_BENCH_SCALE`` (default 1.0) to shrink or grow the hand sets.
bench/compare.py prints the same comparison as one table with ratios and targets.
"""

from __future__ import annotations

import os
from typing import Any

import pytest
import workloads as w


@pytest.fixture(scope="session")
def hand_sets() -> dict[str, w.HandSet]:
    return w.default_hand_sets(float(os.environ.get("RIICHI_BENCH_SCALE", "1.0")))


@pytest.mark.parametrize("case", w.CASES, ids=lambda c: f"{c.task}-{c.impl}")
def test_core(benchmark: Any, hand_sets: dict[str, w.HandSet], case: w.Case) -> None:
    hands = hand_sets[case.task]
    benchmark.group = case.task
    benchmark.extra_info["hands"] = len(hands)
    results = benchmark(case.bind(hands))
    assert len(results) == len(hands)


@pytest.mark.parametrize("task", [w.SHANTEN, w.WAITS, w.DISCARD_ANALYSIS])
def test_peers_agree(hand_sets: dict[str, w.HandSet], task: str) -> None:
    """Times are only comparable if every implementation computes the same answers."""
    assert w.disagreements(task, hand_sets[task]) == {
        c.impl: 0 for c in w.CASES if c.task == task and c.impl != w.RIICHI
    }
