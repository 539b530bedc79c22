"""Game records: the engine's event vocabulary, mjai and tenhou.net/6 (read and write), Tenhou mjlog
(read, with the walls rebuilt from its shuffle seed), one record model, and replay.

Layers: this package sits below :mod:`riichi.game`. It holds what a record is (the events of
:mod:`riichi.logs.events`, in the mjai vocabulary, and :class:`GameRecord`) and the formats; the
engine imports that vocabulary to emit its events. :func:`replay` drives the engine, so it lives
in :mod:`riichi.game.replay` and is named here lazily (on first use), keeping the imports pointing
down.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.logs import replay
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=3)
>>> record = read(dumps(result, format="mjai"))
>>> replay(record, rules="tenhou").differences
()
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from riichi.logs import events
from riichi.logs.formats import FORMATS, detect_format, dumps, read, write
from riichi.logs.mjai import dumps_mjai, parse_mjai
from riichi.logs.mjlog import (
    RYUUKYOKU_KINDS,
    Agari,
    Call,
    Disconnect,
    Discard,
    Draw,
    GameType,
    MjlogEvent,
    MjlogGame,
    MjlogRound,
    NewDora,
    Owari,
    Player,
    Reach,
    Reconnect,
    Ryuukyoku,
    YakuHan,
    decode_meld,
    parse_mjlog,
    read_mjlog,
)
from riichi.logs.mjlog_events import TENHOU_YAKU, mjlog_events, mjlog_record
from riichi.logs.record import GameRecord, RoundRecord, rebuild_wall
from riichi.logs.tenhou6 import dumps_tenhou6, parse_tenhou6, tenhou6_json
from riichi.logs.tenhou_wall import (
    deal,
    dora_indicator,
    live_draw,
    replacement_draw,
    tenhou_walls,
    tenhou_walls_with_dice,
    ura_indicator,
)

if TYPE_CHECKING:
    from riichi.game.replay import Difference, ReplayReport, replay

__all__ = [
    "FORMATS",
    "GameRecord",
    "RoundRecord",
    "Difference",
    "ReplayReport",
    "detect_format",
    "dumps",
    "dumps_mjai",
    "dumps_tenhou6",
    "events",
    "mjlog_events",
    "mjlog_record",
    "parse_mjai",
    "parse_tenhou6",
    "read",
    "rebuild_wall",
    "replay",
    "tenhou6_json",
    "write",
    "TENHOU_YAKU",
    "RYUUKYOKU_KINDS",
    "Agari",
    "Call",
    "Disconnect",
    "Discard",
    "Draw",
    "GameType",
    "MjlogEvent",
    "MjlogGame",
    "MjlogRound",
    "NewDora",
    "Owari",
    "Player",
    "Reach",
    "Reconnect",
    "Ryuukyoku",
    "YakuHan",
    "decode_meld",
    "parse_mjlog",
    "read_mjlog",
    "deal",
    "dora_indicator",
    "live_draw",
    "replacement_draw",
    "tenhou_walls",
    "tenhou_walls_with_dice",
    "ura_indicator",
]

_ENGINE_SIDE = {"replay", "ReplayReport", "Difference"}


def __getattr__(name: str) -> Any:
    """:func:`replay` and its report come from :mod:`riichi.game.replay`, imported on first use."""
    if name in _ENGINE_SIDE:
        from riichi.game import replay as module

        return getattr(module, name)
    raise AttributeError(f"module 'riichi.logs' has no attribute {name!r}")
