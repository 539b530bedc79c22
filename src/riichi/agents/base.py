"""The :class:`~riichi.game.agent.Agent` protocol, kept importable from here: it lives with the table
that asks it, in :mod:`riichi.game.agent`."""

from riichi.game.agent import Agent

__all__ = ["Agent"]
