"""riichi: a fast and exact Riichi mahjong engine.

>>> import riichi
>>> riichi.shanten("123m456p789s1122z")
0
>>> riichi.waits("123m456p789s1122z")
[27, 28]
"""

from __future__ import annotations

from riichi import meld, tiles
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

from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import Game, GameResult, GameState, MatchResult, play_game, play_match
from riichi.meld import Meld, MeldKind
from riichi.rules import RuleSet
from riichi.scoring import HandResult, Payments, Win, score_hand, settle
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

_set_counts_converter(tiles.counts_from)

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
