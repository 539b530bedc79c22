"""Players for :func:`riichi.game.play_game`: the :class:`Agent` protocol and built-in agents.

:class:`RandomAgent` picks any legal action (a baseline); :class:`EfficiencyAgent` plays for speed;
:class:`DefensiveAgent` plays for speed and folds against a riichi or a big open hand, and is the
player simulations use by default.
"""

from riichi.agents.base import Agent
from riichi.agents.defensive import DefensiveAgent
from riichi.agents.efficiency import EfficiencyAgent
from riichi.agents.random import RandomAgent

__all__ = ["Agent", "RandomAgent", "EfficiencyAgent", "DefensiveAgent"]
