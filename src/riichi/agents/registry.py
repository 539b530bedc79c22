"""The built-in players, listed once: :data:`BUILTIN_PLAYERS`, by the name each is known by.

Every list of built-in players in the package derives from this one: the simulator's ``--players``
names and its help, the opponents of the terminal and web games, the analysis's players, and the
tests that play every built-in player (``tests/agents/test_registry.py`` compares the lists the
page's script and the build keep, which cannot import Python). A new built-in player is its own
module and one line here.

>>> [player.name for player in BUILTIN_PLAYERS.values()]
['random', 'efficiency', 'defensive']
>>> BUILTIN_PLAYERS["defensive"].target
'riichi.agents:DefensiveAgent'
>>> type(BUILTIN_PLAYERS["random"].make(seed=1)).__name__
'RandomAgent'
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any

from riichi.game.agent import Agent

__all__ = ["BUILTIN_PLAYERS", "DEFAULT_PLAYER", "BuiltinPlayer"]


@dataclass(frozen=True)
class BuiltinPlayer:
    """A built-in player: the name commands and files know it by, where its class lives, what it
    does in one line, and the keyword settings its constructor takes besides ``seed``."""

    name: str
    target: str
    """``module:Class``, imported when the class is first asked for."""
    summary: str
    settings: tuple[str, ...]

    @property
    def agent_class(self) -> type[Agent]:
        """The class (imported now)."""
        module, _, name = self.target.partition(":")
        cls: type[Agent] = getattr(importlib.import_module(module), name)
        return cls

    def make(self, seed: int | None = None, **settings: Any) -> Agent:
        """A new player of this kind, seeded with ``seed``."""
        return self.agent_class(seed, **settings)  # type: ignore[call-arg]


_EFFICIENCY_SETTINGS = (
    "calls", "riichi", "kans", "flush_slack", "tanyao_slack", "toitoi_shanten", "dama_points",
    "dora_weight", "cheap_call_shanten", "flush_tiles",
)

BUILTIN_PLAYERS: dict[str, BuiltinPlayer] = {player.name: player for player in (
    BuiltinPlayer("random", "riichi.agents:RandomAgent",
                  "any legal action, uniformly at random: a baseline", ()),
    BuiltinPlayer("efficiency", "riichi.agents:EfficiencyAgent",
                  "plays for speed and value: the discard that keeps the most ways to win",
                  _EFFICIENCY_SETTINGS),
    BuiltinPlayer("defensive", "riichi.agents:DefensiveAgent",
                  "plays for speed, and folds or pushes against riichi and big open hands",
                  _EFFICIENCY_SETTINGS + ("fold_threshold", "push_waits", "push_value", "push_wall",
                                           "caution", "threat_melds", "open_threat_weight",
                                           "threat_dora")),
)}
"""Every built-in player, by name, in the order commands list them."""

DEFAULT_PLAYER = "defensive"
"""The player simulations, analyses and games seat where none is named: the closest to people."""
