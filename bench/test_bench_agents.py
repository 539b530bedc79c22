"""What a player's decision costs, beside the engine's own cost per decision.

Each benchmark round is one decision of a live ``tenhou`` game (games follow one another): the
agent benchmarks time ``agent.act(observation, legal_actions)`` alone, the engine benchmark times
what the engine does between two decisions (apply the action, list the next seat's legal
actions, make its observation), with the actions the ``DefensiveAgent`` chose. The median of the
rounds is the median time per decision. ``isolated-efficiency`` is the efficiency player in a
process of its own (:class:`~riichi.agents.IsolatedAgent`): the view sent, the decision made there,
the answer read back.

Run with ``pytest bench/test_bench_agents.py --benchmark-only --benchmark-columns=median,mean,rounds``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from pytest_benchmark.fixture import BenchmarkFixture

from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, IsolatedAgent, RandomAgent
from riichi.game import Action, Game, GameState, Observation

ROUNDS = 4_000
PLAYERS: dict[str, Callable[[int], Agent]] = {
    "random": lambda seed: RandomAgent(seed),
    "efficiency": lambda seed: EfficiencyAgent(seed=seed),
    "defensive": lambda seed: DefensiveAgent(seed=seed),
    "isolated-efficiency": lambda seed: IsolatedAgent("riichi.agents:EfficiencyAgent", seed),
}


class LiveGames:
    """Seeded games of four ``make`` players, advanced one decision at a time."""

    def __init__(self, make: Callable[[int], Agent]) -> None:
        self.make = make
        self.index = itertools.count()
        self._new_game()

    def _new_game(self) -> None:
        i = next(self.index)
        self.state: GameState = Game("tenhou", seed=3, game_index=i).new_state()
        self.agents = [self.make(4 * i + s) for s in range(4)]

    def decision(self) -> tuple[Agent, Observation, list[Action]]:
        """The next decision: who decides, what it sees, what it may do."""
        if self.state.is_over:
            self._new_game()
        seat = self.state.acting_seats[0]
        legal = self.state.legal_actions(seat)
        return self.agents[seat], Observation(self.state, seat), legal


@pytest.mark.parametrize("player", list(PLAYERS))
def test_decision(benchmark: BenchmarkFixture, player: str) -> None:
    games = LiveGames(PLAYERS[player])
    chosen: list[Action] = []

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        if chosen:
            games.state.apply(chosen.pop())
        return games.decision(), {}

    def decide(agent: Agent, observation: Observation, legal: list[Action]) -> None:
        chosen.append(agent.act(observation, legal))

    benchmark.pedantic(decide, setup=setup, rounds=ROUNDS, iterations=1)
    assert next(games.index) > 1  # whole games were played through


def test_engine_step(benchmark: BenchmarkFixture) -> None:
    games = LiveGames(PLAYERS["defensive"])

    def setup() -> tuple[tuple[Any, ...], dict[str, Any]]:
        agent, observation, legal = games.decision()
        return (games.state, agent.act(observation, legal)), {}

    def step(state: GameState, action: Action) -> None:
        state.apply(action)
        seats = state.acting_seats
        if seats:
            Observation(state, seats[0])
            state.legal_actions(seats[0])

    benchmark.pedantic(step, setup=setup, rounds=ROUNDS, iterations=1)
