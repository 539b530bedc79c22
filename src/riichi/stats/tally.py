"""Mergeable sums over hands and the play rates computed from them, with 95 % intervals.

A :class:`Tally` is built from :class:`~riichi.stats.records.HandRecord` rows and merges with
``+``, so a simulation split into shards (or workers, or cluster nodes) adds its partial tallies
and keeps only sums in memory. Rates are per seat-hand, as Tenhou's statistics count them: a
player's win rate is the share of the hands it played that it won.

>>> from riichi.stats.records import HandRecord
>>> win = HandRecord(0, 0, 0, 0, 0, "win", "ron", (1,), 2, (3900,), (3,), (30,), (("riichi",),),
...                  (False, True, False, False), (False,) * 4, (0, 3900, -3900, 0))
>>> t = Tally.of([win], players=("a", "b", "c", "d"), games=1)
>>> t.players["b"].win_rate, t.players["c"].deal_in_rate, t.players["b"].riichi_rate
(1.0, 1.0, 1.0)
>>> (t + t).hands, (t + t).players["b"].avg_win_points
(2, 3900.0)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, fields

from riichi.stats.records import HandRecord

__all__ = ["PlayerTally", "Tally", "Interval", "rate_interval", "mean_interval"]

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95 % confidence interval ``[low, high]``."""

    value: float
    low: float
    high: float


def rate_interval(hits: int, n: int) -> Interval:
    """A proportion ``hits / n`` with its Wilson 95 % interval (sound near 0 and 1)."""
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan)
    p = hits / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half))


def mean_interval(total: float, total_sq: float, n: int) -> Interval:
    """A mean from the sum and the sum of squares of ``n`` values, with its normal 95 % interval."""
    if n <= 0:
        return Interval(math.nan, math.nan, math.nan)
    mean = total / n
    if n == 1:
        return Interval(mean, math.nan, math.nan)
    var = max(0.0, (total_sq - n * mean * mean) / (n - 1))
    half = Z95 * math.sqrt(var / n)
    return Interval(mean, mean - half, mean + half)


@dataclass(slots=True)
class PlayerTally:
    """Sums over the seat-hands one player played."""

    seat_hands: int = 0
    wins: int = 0
    tsumo_wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    win_points: int = 0
    win_points_sq: int = 0

    def __add__(self, other: PlayerTally) -> PlayerTally:
        return PlayerTally(*(getattr(self, f) + getattr(other, f) for f in _PLAYER_FIELDS))

    @property
    def win_rate(self) -> float:
        """Share of its hands the player won."""
        return _share(self.wins, self.seat_hands)

    @property
    def deal_in_rate(self) -> float:
        """Share of its hands in which the player's discard was won on (a double ron counts once)."""
        return _share(self.deal_ins, self.seat_hands)

    @property
    def riichi_rate(self) -> float:
        """Share of its hands in which the player declared riichi."""
        return _share(self.riichi, self.seat_hands)

    @property
    def call_rate(self) -> float:
        """Share of its hands with at least one open call (chi, pon, open kan)."""
        return _share(self.calls, self.seat_hands)

    @property
    def avg_win_points(self) -> float:
        """Average value of its wins (before counters and sticks)."""
        return self.win_points / self.wins if self.wins else math.nan

    def intervals(self) -> dict[str, Interval]:
        """Every rate and the average win with its 95 % interval, by name."""
        n = self.seat_hands
        return {
            "win_rate": rate_interval(self.wins, n),
            "deal_in_rate": rate_interval(self.deal_ins, n),
            "riichi_rate": rate_interval(self.riichi, n),
            "call_rate": rate_interval(self.calls, n),
            "avg_win_points": mean_interval(self.win_points, self.win_points_sq, self.wins),
        }


_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerTally))


@dataclass(slots=True)
class Tally:
    """Sums over the hands of many games: per player (by the label each seat was given), per
    table (hands, draws, aborts), and how often each yaku was won."""

    games: int = 0
    hands: int = 0
    draws: int = 0
    aborts: int = 0
    players: dict[str, PlayerTally] = field(default_factory=dict)
    yaku: Counter[str] = field(default_factory=Counter)

    @classmethod
    def of(cls, records: Iterable[HandRecord], players: Sequence[str], games: int) -> Tally:
        """The tally of ``records`` from ``games`` games in which seat ``s`` was ``players[s]``."""
        tally = cls(games=games)
        tally.add(records, players)
        return tally

    def add(self, records: Iterable[HandRecord], players: Sequence[str]) -> None:
        """Count ``records`` (hands played with seat ``s`` as ``players[s]``) into this tally."""
        per_seat = [self.players.setdefault(name, PlayerTally()) for name in players]
        for r in records:
            self.hands += 1
            if r.kind == "draw":
                self.draws += 1
            elif r.kind == "abort":
                self.aborts += 1
            for s, p in enumerate(per_seat):
                p.seat_hands += 1
                p.riichi += r.riichi[s]
                p.calls += r.called[s]
            if r.discarder is not None:
                per_seat[r.discarder].deal_ins += 1
            for winner, points, yaku in zip(r.winners, r.points, r.yaku):
                p = per_seat[winner]
                p.wins += 1
                p.tsumo_wins += r.discarder is None
                p.win_points += points
                p.win_points_sq += points * points
                self.yaku.update(yaku)

    def __add__(self, other: Tally) -> Tally:
        players = dict(self.players)
        for name, p in other.players.items():
            players[name] = players[name] + p if name in players else p
        return Tally(
            self.games + other.games,
            self.hands + other.hands,
            self.draws + other.draws,
            self.aborts + other.aborts,
            players,
            self.yaku + other.yaku,
        )

    @property
    def overall(self) -> PlayerTally:
        """Every player's sums together (the table's average player)."""
        total = PlayerTally()
        for p in self.players.values():
            total = total + p
        return total

    @property
    def draw_rate(self) -> float:
        """Share of hands that ended in an exhaustive draw."""
        return _share(self.draws, self.hands)

    @property
    def abort_rate(self) -> float:
        """Share of hands that ended in an abortive draw."""
        return _share(self.aborts, self.hands)

    @property
    def hands_per_game(self) -> float:
        """Average number of hands in a game."""
        return _share(self.hands, self.games)


def _share(part: int, whole: int) -> float:
    return part / whole if whole else math.nan
