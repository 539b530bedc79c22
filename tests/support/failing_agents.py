"""Agents that fail, for the simulator's tests (loaded as ``tests.support.failing_agents:Class``
by workers that find the checkout on their PYTHONPATH)."""

from __future__ import annotations

import os
import signal
from collections.abc import Sequence

from riichi.agents import RandomAgent
from riichi.game import Action, Observation


class RaisingAgent(RandomAgent):
    """Plays at random, but raises on its first decision in one game of three (by its seed)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.fails = seed % 3 == 0
        self.seed = seed

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        if self.fails:
            raise RuntimeError(f"agent seeded {self.seed} gives up")
        return super().act(observation, legal_actions)


class NoneAgent(RandomAgent):
    """Returns None instead of an action at its tenth decision."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.decisions = 0

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.decisions == 10:
            return None  # type: ignore[return-value]
        return super().act(observation, legal_actions)


class DyingAgent(RandomAgent):
    """Plays at random, but in one game of five (by its seed) ends its process at its third
    decision: with SIGKILL (as the system does when out of memory) or, ``exit=True``, os._exit."""

    def __init__(self, seed: int = 0, exit: bool = False) -> None:
        super().__init__(seed)
        self.dies = seed % 5 == 0
        self.exit = exit
        self.decisions = 0

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        self.decisions += 1
        if self.dies and self.decisions == 3:
            if self.exit:
                os._exit(3)
            os.kill(os.getpid(), signal.SIGKILL)
        return super().act(observation, legal_actions)
