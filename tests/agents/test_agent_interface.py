"""The agent interface and the random agent."""

from __future__ import annotations

from collections.abc import Sequence

import random

import pytest

from riichi.agents import Agent, RandomAgent
from riichi.errors import IllegalActionError
from riichi.game import Action, Game, Observation, play_game


def test_random_agent_is_an_agent_and_picks_legal_actions() -> None:
    agent = RandomAgent(1)
    assert isinstance(agent, Agent)
    state = Game("ema", seed=2).new_state()
    legal = state.legal_actions(0)
    picks = {agent.act(Observation(state, 0), legal) for _ in range(200)}
    assert picks <= set(legal) and len(picks) > 1


def test_random_agent_is_reproducible() -> None:
    state = Game("ema", seed=2).new_state()
    legal = state.legal_actions(0)
    a, b = RandomAgent(7), RandomAgent(7)
    obs = Observation(state, 0)
    assert [a.act(obs, legal) for _ in range(20)] == [b.act(obs, legal) for _ in range(20)]


@pytest.mark.parametrize("size", [1, 2, 3, 7, 8, 9, 14, 15, 16, 17, 40])
def test_random_agent_draws_what_randrange_draws(size: int) -> None:
    # its choices are random.Random(seed).randrange(len(legal)), drawn without randrange's costs
    state = Game("ema", seed=2).new_state()
    obs = Observation(state, 0)
    options = list(range(size))
    agent, reference = RandomAgent(size), random.Random(size)
    assert [agent.act(obs, options) for _ in range(500)] == [  # type: ignore[arg-type]
        reference.randrange(size) for _ in range(500)
    ]


def test_random_agent_refuses_an_empty_choice() -> None:
    state = Game("ema", seed=2).new_state()
    with pytest.raises(IllegalActionError, match="no legal action"):
        RandomAgent(1).act(Observation(state, 0), ())


def test_a_custom_agent_sees_observations() -> None:
    seen: list[int] = []

    class Lowest:
        def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
            seen.append(len(observation.hand))
            return legal_actions[0]

    result = play_game("cardavia", [Lowest() for _ in range(4)], seed=4)
    assert result.final_scores and seen and set(seen) <= {1, 2, 4, 5, 7, 8, 10, 11, 13, 14}
