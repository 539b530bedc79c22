"""The modules the build compiles with Cython from their Python source: the compiled table's test
checks each is an extension, and the players' registry test that every built-in player is one."""

from __future__ import annotations

COMPILED = tuple(f"riichi.game.{name}" for name in (
    "actions", "claims", "draws", "flow", "game", "hand_end", "kans", "kita", "legality", "builtin_agent",
    "observation",
    "call_options", "seat_view", "phase", "player", "state", "prebuilt", "turn", "wall", "winning",
)) + tuple(f"riichi.agents.{name}" for name in (
    "danger", "defensive", "efficiency", "plans", "random", "value",
)) + ("riichi.scoring.settle", "riichi.meld", "riichi._frozen")
