"""Players for :func:`riichi.game.play_game`: the :class:`Agent` protocol and built-in agents.

:class:`RandomAgent` picks any legal action (a baseline); :class:`EfficiencyAgent` plays for speed;
:class:`DefensiveAgent` plays for speed and folds against a riichi or a big open hand, and is the
player simulations use by default. :class:`MjaiAgent` (an external mjai bot) and
:class:`IsolatedAgent` (a Python agent in a process of its own, which sees only its seat's view)
are imported on first use: they need process handling that a game without them does not.
:data:`BUILTIN_PLAYERS` lists the built-in players by name (:mod:`riichi.agents.registry`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riichi.game.agent import Agent
from riichi.agents.defensive import DefensiveAgent
from riichi.agents.efficiency import EfficiencyAgent
from riichi.agents.random import RandomAgent
from riichi.agents.registry import BUILTIN_PLAYERS, DEFAULT_PLAYER, BuiltinPlayer

if TYPE_CHECKING:
    from riichi.agents.isolated import IsolatedAgent, IsolatedAgentError
    from riichi.agents.mjai import MjaiAgent, MjaiBotError

__all__ = [
    "Agent",
    "BUILTIN_PLAYERS",
    "BuiltinPlayer",
    "DEFAULT_PLAYER",
    "DefensiveAgent",
    "EfficiencyAgent",
    "IsolatedAgent",
    "IsolatedAgentError",
    "MjaiAgent",
    "MjaiBotError",
    "RandomAgent",
]

# The names of the agents that run a process, by the module that defines them.
_PROCESS_AGENTS = {
    "MjaiAgent": "mjai", "MjaiBotError": "mjai",
    "IsolatedAgent": "isolated", "IsolatedAgentError": "isolated",
}


def __getattr__(name: str) -> Any:
    """The process agents' names, imported on first use."""
    if name in _PROCESS_AGENTS:
        import importlib

        return getattr(importlib.import_module(f"riichi.agents.{_PROCESS_AGENTS[name]}"), name)
    raise AttributeError(f"module 'riichi.agents' has no attribute {name!r}")
