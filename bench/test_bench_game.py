"""What the engine costs: whole games with random agents, per preset, and with the built-in
players beside riichienv's game loop with a greedy Python player (games per second = 1/mean).

Run with ``pytest bench/test_bench_game.py --benchmark-only``; ``bench/table_speed.py`` prints
the same workloads side by side.
"""

from __future__ import annotations

import itertools

import pytest
from pytest_benchmark.fixture import BenchmarkFixture
from table_speed import SEED, check_hanchan, play_riichienv, riichienv_seed

from riichi.agents import RandomAgent
from riichi.game import play_game
from riichi.rules import RuleSet
from riichi.simulate.players import agent_factory
from riichi.simulate.shard import agent_seed


@pytest.mark.parametrize("preset", ["ema", "cardavia", "tenhou", "tenhou-3p"])
def test_random_agent_game(benchmark: BenchmarkFixture, preset: str) -> None:
    index = itertools.count()
    seats = RuleSet.preset(preset).players

    def one_game() -> int:
        i = next(index)
        result = play_game(preset, [RandomAgent(4 * i + k) for k in range(seats)], seed=1,
                           game_index=i)
        return len(result.events)

    events = benchmark(one_game)
    assert events > 0


@pytest.mark.parametrize("player", ["efficiency", "defensive"])
@pytest.mark.parametrize("preset", ["ema", "tenhou", "tenhou-3p"])
def test_player_game(benchmark: BenchmarkFixture, preset: str, player: str) -> None:
    """One hanchan of a built-in player at every seat per round, every round a new game (as in
    ``bench/table_speed.py``: no event log, seeds from the run's seed)."""
    make = agent_factory(player)
    index = itertools.count()
    rules = RuleSet.preset(preset)

    def one_game() -> tuple[int, ...]:
        i = next(index)
        agents = [make(agent_seed(SEED, i, seat)) for seat in range(rules.players)]
        return play_game(preset, agents, seed=SEED, game_index=i, record_events=False).final_scores

    scores = benchmark(one_game)
    assert sum(scores) == rules.players * rules.start_points


def test_riichienv_greedy_game(benchmark: BenchmarkFixture) -> None:
    """One riichienv hanchan (``4p-red-half``) of four greedy Python players per round, checked
    to be complete; the loop ``bench/table_speed.py`` compares against."""
    pytest.importorskip("riichienv")
    index = itertools.count()
    benchmark(lambda: play_riichienv(1, first=next(index)))


def test_unfinished_riichienv_game_is_refused() -> None:
    """The completeness check of riichienv's games can fail: a game just dealt is refused."""
    riichienv = pytest.importorskip("riichienv")
    seed = riichienv_seed(0)
    env = riichienv.RiichiEnv(game_mode="4p-red-half", seed=seed)
    env.reset()
    with pytest.raises(RuntimeError, match="the game is not over"):
        check_hanchan(env, seed)
