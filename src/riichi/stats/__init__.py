"""Figures of play, the same for simulated and real games: per-hand records, mergeable tallies,
rates with 95 % intervals.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> result = play_game("ema", [RandomAgent(s) for s in range(4)], seed=3)
>>> tally = Tally.of(hand_records(result.events), players=["random"] * 4, games=1)
>>> tally.hands == len(result.hands)
True
"""

from riichi.stats.records import HandRecord, HandRecorder, hand_records
from riichi.stats.tally import Interval, PlayerTally, Tally, mean_interval, rate_interval
from riichi.logs.mjlog_events import TENHOU_YAKU, mjlog_events

__all__ = [
    "HandRecord",
    "HandRecorder",
    "hand_records",
    "Interval",
    "PlayerTally",
    "Tally",
    "mean_interval",
    "rate_interval",
    "TENHOU_YAKU",
    "mjlog_events",
]
