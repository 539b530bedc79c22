"""The interface between a game and a player: :class:`Agent`.

>>> from riichi.agents import RandomAgent
>>> isinstance(RandomAgent(0), Agent)
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from riichi.game.actions import Action
from riichi.game.observation import Observation

__all__ = ["Agent"]


@runtime_checkable
class Agent(Protocol):
    """A player: given what its seat sees and the legal actions, it returns one of them."""

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        """Choose one of ``legal_actions`` (never empty)."""
        ...
