"""Game records: the engine's event vocabulary, mjai and tenhou.net/6 (read and write), Tenhou mjlog
(read, with the walls rebuilt from its shuffle seed), one record model.

Layers: this package sits below :mod:`riichi.game`. It holds what a record is (the events of
:mod:`riichi.logs.events`, in the mjai vocabulary, and :class:`GameRecord`) and the formats; the
engine imports that vocabulary to emit its events. Replaying a record drives the engine, so
:func:`~riichi.game.replay.replay` lives above, in :mod:`riichi.game.replay`, and nothing here
names it. Every name here is imported on first use, so that the engine's import of
:mod:`riichi.logs.events` stays light.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.game.replay import replay
>>> from riichi.logs import dumps, read
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=3)
>>> record = read(dumps(result, format="mjai"))
>>> replay(record, rules="tenhou").differences
()
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from riichi.logs.formats import *  # noqa: F403
    from riichi.logs.mjai import *  # noqa: F403
    from riichi.logs.mjlog import *  # noqa: F403
    from riichi.logs.mjlog_events import *  # noqa: F403
    from riichi.logs.record import *  # noqa: F403
    from riichi.logs.record_bytes import *  # noqa: F403
    from riichi.logs.tenhou6 import *  # noqa: F403
    from riichi.logs.tenhou_wall import *  # noqa: F403

_LAZY: dict[str, tuple[str, ...]] = {
    "riichi.logs.formats": ("FORMATS", "detect_format", "dumps", "read", "write"),
    "riichi.logs.record_bytes": ("MAX_RECORD_BYTES", "MAX_ROUNDS"),
    "riichi.logs.record": ("GameRecord", "RoundRecord", "RoundBuilder", "rebuild_wall"),
    "riichi.logs.mjai": ("dumps_mjai", "parse_mjai", "mjai_tile_name", "parse_mjai_tile"),
    "riichi.logs.tenhou6": ("dumps_tenhou6", "parse_tenhou6", "tenhou6_json", "tenhou6_code",
                            "parse_tenhou6_code"),
    "riichi.logs.mjlog_events": ("TENHOU_YAKU", "TENHOU6_YAKU", "mjlog_events", "mjlog_record"),
    "riichi.logs.mjlog": (
        "RYUUKYOKU_REASONS", "GameType", "MjlogAgari", "MjlogCall", "MjlogDisconnect",
        "MjlogDiscard", "MjlogDraw", "MjlogEvent", "MjlogGame", "MjlogNewDora", "MjlogPlayer",
        "MjlogReach", "MjlogReconnect", "MjlogRound", "MjlogRyuukyoku", "Owari", "YakuHan",
        "decode_meld", "parse_mjlog", "read_mjlog",
    ),
    "riichi.logs.tenhou_wall": ("deal", "dora_indicator", "live_draw", "replacement_draw",
                                "tenhou_walls", "tenhou_walls_with_dice", "ura_indicator"),
}
_HOME = {name: module for module, names in _LAZY.items() for name in names}
# Old names kept for a release, served (with their warning) by the module that holds them.
_RENAMED = {"RYUUKYOKU_KINDS": "riichi.logs.mjlog"}

__all__ = ["events", *_HOME]


def __getattr__(name: str) -> Any:
    """Import a public name from its module on first use."""
    if name == "events":
        return importlib.import_module("riichi.logs.events")
    if name in _RENAMED:
        return getattr(importlib.import_module(_RENAMED[name]), name)
    if name not in _HOME:
        raise AttributeError(f"module 'riichi.logs' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(__all__)
