"""An error while a table of ``VectorEnv`` takes its answer (an agent of the table failing as it
plays on) ends that table's game: its agents are told, as of a game stopped, and the error is
raised; the agents of the other tables are told nothing."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.env.actions import sample_actions


class Failing:
    """An agent that fails at its third decision, and keeps the errors it is told of."""

    def __init__(self, seed: int) -> None:
        self.decisions = 0
        self.aborted: list[BaseException] = []

    def act(self, observation: Any, legal: tuple[Any, ...]) -> Any:
        self.decisions += 1
        if self.decisions == 3:
            raise RuntimeError("the agent fails")
        return legal[0]

    def on_game_abort(self, error: BaseException) -> None:
        self.aborted.append(error)


def test_an_error_while_a_table_takes_its_answer_ends_that_tables_game_only() -> None:
    made: list[Failing] = []

    def agent(seed: int) -> Failing:
        made.append(Failing(seed))
        return made[-1]

    env = VectorEnv(3, "tenhou", seed=5, opponents=[None, agent, agent, agent])
    rng = np.random.default_rng(5)
    _, info = env.reset()
    with pytest.raises(RuntimeError, match="the agent fails") as raised:
        for _ in range(50):
            _, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    failed = next(a for a in made if a.decisions == 3)
    table = made.index(failed) // 3  # each table's three agents made in turn
    for k, a in enumerate(made):
        assert a.aborted == ([raised.value] if k // 3 == table else [])
