"""The players a simulation seats: built-in names and user agents given as ``module:Class``.

Names are resolved lazily, by import path, so a player whose module is missing only fails when it
is asked for. Every agent is made per game with its own seed (agents keep state between turns).
``mjai:COMMAND`` seats an external mjai bot (:class:`~riichi.agents.MjaiAgent`), one process per
game; the bot has its own randomness, so it takes no seed.

>>> seat_players("random")
('random', 'random', 'random', 'random')
>>> load_player("random").__name__
'RandomAgent'
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Sequence

from riichi.agents.base import Agent
from riichi.errors import UnknownPlayerError

__all__ = [
    "PLAYERS", "DEFAULT_PLAYER", "MJAI_PREFIX", "seat_players", "load_player", "agent_factory",
]

PLAYERS: dict[str, str] = {
    "random": "riichi.agents:RandomAgent",
    "efficiency": "riichi.agents:EfficiencyAgent",
    "defensive": "riichi.agents:DefensiveAgent",
}
"""Built-in player names and the ``module:Class`` each one stands for."""

DEFAULT_PLAYER = "defensive"

MJAI_PREFIX = "mjai:"
"""A player named ``mjai:COMMAND`` is the mjai bot that ``COMMAND`` starts."""

_WORDS = {2: "two", 3: "three", 4: "four"}

AgentFactory = Callable[[int], Agent]
"""Makes a fresh agent from its seed."""


def seat_players(spec: str | Sequence[str], seats: int = 4) -> tuple[str, ...]:
    """The player of each of the ``seats`` seats from ``"a,b,c,d"`` or one name for every seat.

    >>> seat_players("random,defensive,random,random")[1]
    'defensive'
    >>> seat_players("random,defensive", seats=2)
    ('random', 'defensive')
    """
    names = [n.strip() for n in spec.split(",")] if isinstance(spec, str) else list(spec)
    if len(names) == 1:
        names *= seats
    if len(names) != seats or not all(names):
        raise UnknownPlayerError(
            f"players {spec!r}: expected one player for every seat or {_WORDS.get(seats, seats)}, "
            f"separated by commas (got {len(names)})"
        )
    return tuple(names)


def load_player(name: str) -> type:
    """The agent class of a built-in player name, of ``module:Class`` or of ``mjai:COMMAND``."""
    if name.startswith(MJAI_PREFIX):
        if not name[len(MJAI_PREFIX):].strip():
            raise UnknownPlayerError(f"player {name!r}: expected mjai:COMMAND, the bot's command line")
        from riichi.agents.mjai import MjaiAgent

        return MjaiAgent
    path = PLAYERS.get(name, name)
    if ":" not in path:
        raise UnknownPlayerError(
            f"unknown player {name!r}; expected one of {', '.join(PLAYERS)} or module:Class"
        )
    module_name, _, class_name = path.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise UnknownPlayerError(f"player {name!r}: cannot import {module_name} ({e})") from None
    cls = getattr(module, class_name, None)
    if not isinstance(cls, type):
        raise UnknownPlayerError(
            f"player {name!r}: {module_name} has no class {class_name}"
            + (" in this installation" if name in PLAYERS else "")
        )
    if not callable(getattr(cls, "act", None)):
        raise UnknownPlayerError(
            f"player {name!r}: {path} is not an Agent (it has no act(observation, legal_actions))"
        )
    return cls


def agent_factory(name: str) -> AgentFactory:
    """A function that makes the agent of ``name`` from a seed: as ``Class(seed=seed)`` when its
    constructor takes a ``seed``, else as ``Class()``; an mjai bot as ``MjaiAgent(COMMAND)``."""
    cls = load_player(name)
    if name.startswith(MJAI_PREFIX):
        command = name[len(MJAI_PREFIX):]

        def make_bot(seed: int) -> Agent:
            bot: Agent = cls(command)
            return bot

        return make_bot
    try:
        takes_seed = "seed" in inspect.signature(cls).parameters
    except (TypeError, ValueError):  # a constructor without an introspectable signature
        takes_seed = False

    def make(seed: int) -> Agent:
        agent: Agent = cls(seed=seed) if takes_seed else cls()
        return agent

    return make
