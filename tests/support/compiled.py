"""The modules the build compiles with Cython from their Python source (the table's, the players',
the record readers', the environments'): the compiled table's test checks each is an extension, and the players'
registry test that every built-in player is one."""

from __future__ import annotations

COMPILED = tuple(f"riichi.game.{name}" for name in (
    "actions", "builtin_agent", "call_options", "claims", "draws", "driver", "flow", "game",
    "hand_end", "kans", "kita", "legality", "observation", "phase", "player", "prebuilt", "replay",
    "seat_view", "state", "turn", "wall", "winning",
)) + tuple(f"riichi.agents.{name}" for name in (
    "danger", "defensive", "efficiency", "plans", "random", "value",
)) + tuple(f"riichi.logs.{name}" for name in (
    "events", "mjai", "mjlog", "mjlog_events", "mjlog_model", "record", "tenhou6", "tenhou_wall",
)) + tuple(f"riichi.env.{name}" for name in (
    "actions", "encoders", "records", "vector",
)) + ("riichi.scoring.settle", "riichi.meld", "riichi._frozen")
