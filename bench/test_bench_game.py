"""What the engine costs: whole games with random agents, per preset (games per second = 1/mean).

Run with ``pytest bench/test_bench_game.py --benchmark-only``.
"""

from __future__ import annotations

import itertools

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from riichi.agents import RandomAgent
from riichi.game import play_game


@pytest.mark.parametrize("preset", ["ema", "cardavia", "tenhou"])
def test_random_agent_game(benchmark: BenchmarkFixture, preset: str) -> None:
    index = itertools.count()

    def one_game() -> int:
        i = next(index)
        result = play_game(preset, [RandomAgent(4 * i + k) for k in range(4)], seed=1, game_index=i)
        return len(result.events)

    events = benchmark(one_game)
    assert events > 0
