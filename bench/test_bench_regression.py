"""The regression check of the table's speed: 4 x ``EfficiencyAgent`` hanchans per second, per
preset, must not fall more than ``MARGIN`` below the stored baseline.

Run with ``pytest bench/test_bench_regression.py --benchmark-only``. The workload is the
baseline's own (``bench/table_speed.py``: its ``games`` hanchans, the same seeds, no event log),
measured the same way: this process's CPU time, the best of ``PASSES`` passes. CPU time is
steadier than the wall clock when other processes share the cores, but not immune to them
(shared caches, a busy sibling hyperthread): on the 2-core machine the baseline was measured on,
three runs of the same engine at load averages of 2 to 7 gave rates up to 12 % apart, hence the
margin of twice that; a failure on a busy machine is worth one re-run on a quiet one before it is
believed. The baseline file (see
``table_speed.BASELINE``) holds the commit and the command it was measured with.
"""

from __future__ import annotations

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from table_speed import BASELINE, baseline_rate, load_baseline, play_ours

MARGIN = 0.25
"""How far below the baseline the rate may fall before the check fails (a quarter)."""
PASSES = 3


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
def test_efficiency_hanchans_per_second(benchmark: BenchmarkFixture, preset: str) -> None:
    baseline = load_baseline()
    assert baseline is not None, f"no baseline at {BASELINE}: see bench/table_speed.py --help"
    reference = baseline_rate(baseline, preset, "efficiency")
    assert reference is not None, f"{BASELINE} has no {preset} efficiency figure"
    games = int(baseline["games"])
    cpu: list[float] = []

    def one_pass() -> None:
        cpu.append(play_ours(preset, "efficiency", games).cpu)

    benchmark.pedantic(one_pass, rounds=PASSES, iterations=1, warmup_rounds=0)
    rate = games / min(cpu)
    benchmark.extra_info.update(hanchans_per_second=rate, baseline=reference)
    floor = (1 - MARGIN) * reference
    assert rate >= floor, (
        f"{preset}, 4 x efficiency: {rate:.1f} hanchans/s, below {floor:.1f} ({1 - MARGIN:.0%} of "
        f"the baseline {reference:.1f}/s of commit {baseline['commit'][:10]})"
    )
