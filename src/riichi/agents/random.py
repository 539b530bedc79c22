"""An agent that picks a uniformly random legal action: the baseline and the soak tests' driver.

>>> from riichi.game import play_game
>>> result = play_game("cardavia", [RandomAgent(s) for s in range(4)], seed=1)
>>> sum(result.final_scores) == 4 * 25_000
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from riichi.errors import IllegalActionError, checked_int
from riichi.game.actions import Action
from riichi.game.builtin_agent import BuiltinAgent
from riichi.game.observation import Observation

__all__ = ["RandomAgent"]


class RandomAgent(BuiltinAgent):
    """Chooses uniformly among the legal actions with its own seeded generator."""

    def __init__(self, seed: int | None = None) -> None:
        self._bits = random.Random(None if seed is None else checked_int(seed, "a seed (an int) or None")).getrandbits

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """A uniformly random element of ``legal_actions``."""
        # What random.Random.randrange(n) draws (the fewest bits that can count to n, again while
        # too large), without its argument handling: the same choices, at a fraction of the cost.
        n = len(legal_actions)
        if not n:
            raise IllegalActionError("RandomAgent.act was given no legal action: expected at least one")
        bits = n.bit_length()
        choice = self._bits(bits)
        while choice >= n:
            choice = self._bits(bits)
        return legal_actions[choice]
