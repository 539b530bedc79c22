"""An agent that picks a uniformly random legal action: the baseline and the soak tests' driver.

>>> from riichi.game import play_game
>>> result = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=1)
>>> sum(result.final_scores) == 4 * 25_000
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from riichi.game.actions import Action
from riichi.game.observation import Observation

__all__ = ["RandomAgent"]


class RandomAgent:
    """Chooses uniformly among the legal actions with its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random element of ``legal_actions``."""
        return legal_actions[self._rng.randrange(len(legal_actions))]
