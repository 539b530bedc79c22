"""Players for :func:`riichi.game.play_game`: the :class:`Agent` protocol and built-in agents."""

from riichi.agents.base import Agent
from riichi.agents.random import RandomAgent

__all__ = ["Agent", "RandomAgent"]
