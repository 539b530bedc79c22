"""riichi: a fast and exact Riichi mahjong engine.

>>> import riichi
>>> riichi.shanten("123m456p789s1122z")
0
>>> riichi.waits("123m456p789s1122z")
[27, 28]
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from riichi import _interpreted

if _interpreted.requested():
    _interpreted.install()

from riichi import tiles  # noqa: E402  (after the switch above, which decides how modules load)
from riichi._core import (
    decompositions,
    discard_analysis,
    shanten,
    shanten_batch,
    shanten_chiitoitsu,
    shanten_kokushi,
    shanten_standard,
    tiles_from_mask,
    ukeire,
    waits,
    _set_counts_converter,
)
from riichi.errors import (
    IllegalActionError,
    InvalidHandError,
    InvalidRuleError,
    LogFormatError,
    NoYakuError,
    NotAWinError,
    NotationError,
    RiichiError,
    UnsupportedRuleError,
)
from riichi.tiles import (
    counts_from,
    format_counts,
    format_ids,
    format_types,
    parse_counts,
    parse_ids,
    parse_tile,
    parse_tile_id,
    parse_types,
    tile_name,
)

if TYPE_CHECKING:
    from riichi import meld
    from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, RandomAgent
    from riichi.game import Game, GameResult, GameState, MatchResult, play_game, play_match
    from riichi.meld import Meld, MeldKind
    from riichi.rules import RuleSet
    from riichi.scoring import HandResult, Payments, Win, score_hand, settle

_set_counts_converter(tiles.counts_from)

# The hand functions above are all that `import riichi` (and so `import riichi._core`, which runs
# this file first) loads: every worker process of a simulation pays for this import. The table,
# the players and the scorer are loaded on first use of one of their names (PEP 562).
_LAZY = {
    "meld": ("riichi.meld", None),
    "Meld": ("riichi.meld", "Meld"),
    "MeldKind": ("riichi.meld", "MeldKind"),
    "RuleSet": ("riichi.rules", "RuleSet"),
    **{name: ("riichi.scoring", name)
       for name in ("HandResult", "Payments", "Win", "score_hand", "settle")},
    **{name: ("riichi.game", name)
       for name in ("Game", "GameResult", "GameState", "MatchResult", "play_game", "play_match")},
    **{name: ("riichi.agents", name)
       for name in ("Agent", "RandomAgent", "EfficiencyAgent", "DefensiveAgent")},
}
# Subpackages reachable as attributes after a bare `import riichi`, as when it loaded them all.
_SUBPACKAGES = frozenset({"agents", "game", "logs", "rules", "scoring"})


def _load(name: str) -> object:
    """The value of the lazily loaded attribute ``name``, imported now and kept."""
    if name in _LAZY:
        module_name, attribute = _LAZY[name]
        module = importlib.import_module(module_name)
        value: object = module if attribute is None else getattr(module, attribute)
    elif name in _SUBPACKAGES:
        value = importlib.import_module(f"riichi.{name}")
    else:
        raise AttributeError(f"module 'riichi' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__) | _SUBPACKAGES)


# Type checkers see every name through the imports above; a module `__getattr__` would make
# them accept any attribute of `riichi`, misspelt ones included.
if not TYPE_CHECKING:
    __getattr__ = _load

__version__ = "0.1.0"

__all__ = [
    "RiichiError",
    "NotationError",
    "InvalidHandError",
    "IllegalActionError",
    "NotAWinError",
    "NoYakuError",
    "LogFormatError",
    "UnsupportedRuleError",
    "InvalidRuleError",
    "tiles",
    "Agent",
    "RandomAgent",
    "EfficiencyAgent",
    "DefensiveAgent",
    "Game",
    "GameResult",
    "GameState",
    "MatchResult",
    "play_game",
    "play_match",
    "RuleSet",
    "HandResult",
    "Payments",
    "Win",
    "score_hand",
    "settle",
    "meld",
    "Meld",
    "MeldKind",
    "counts_from",
    "format_counts",
    "format_ids",
    "format_types",
    "parse_counts",
    "parse_ids",
    "parse_tile",
    "parse_tile_id",
    "parse_types",
    "tile_name",
    "shanten",
    "shanten_standard",
    "shanten_chiitoitsu",
    "shanten_kokushi",
    "waits",
    "ukeire",
    "discard_analysis",
    "decompositions",
    "shanten_batch",
    "tiles_from_mask",
]
