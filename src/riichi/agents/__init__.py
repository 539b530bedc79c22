"""Players for :func:`riichi.game.play_game`: the :class:`Agent` protocol and built-in agents.

:class:`RandomAgent` picks any legal action (a baseline); :class:`EfficiencyAgent` plays for speed;
:class:`DefensiveAgent` plays for speed and folds against a riichi or a big open hand, and is the
player simulations use by default. :class:`MjaiAgent` (an external mjai bot) is imported on first
use: it needs process handling that a game without it does not.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riichi.game.agent import Agent
from riichi.agents.defensive import DefensiveAgent
from riichi.agents.efficiency import EfficiencyAgent
from riichi.agents.random import RandomAgent

if TYPE_CHECKING:
    from riichi.agents.mjai import MjaiAgent, MjaiBotError

__all__ = [
    "Agent",
    "DefensiveAgent",
    "EfficiencyAgent",
    "MjaiAgent",
    "MjaiBotError",
    "RandomAgent",
]

_MJAI = ("MjaiAgent", "MjaiBotError")


def __getattr__(name: str) -> Any:
    """The mjai agent's names, imported on first use."""
    if name in _MJAI:
        from riichi.agents import mjai

        return getattr(mjai, name)
    raise AttributeError(f"module 'riichi.agents' has no attribute {name!r}")
