"""Players for :func:`riichi.game.play_game`: the :class:`Agent` protocol and built-in agents.

:class:`MjaiAgent` (an external mjai bot) is imported on first use: it needs process handling
that a game without it does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riichi.agents.base import Agent
from riichi.agents.random import RandomAgent

if TYPE_CHECKING:
    from riichi.agents.mjai import MjaiAgent, MjaiBotError, mjai_event_sink

__all__ = ["Agent", "MjaiAgent", "MjaiBotError", "RandomAgent", "mjai_event_sink"]

_MJAI = ("MjaiAgent", "MjaiBotError", "mjai_event_sink")


def __getattr__(name: str) -> Any:
    """The mjai agent's names, imported on first use."""
    if name in _MJAI:
        from riichi.agents import mjai

        return getattr(mjai, name)
    raise AttributeError(f"module 'riichi.agents' has no attribute {name!r}")
