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
import numbers
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any

from riichi.errors import StatsError, WrongTypeError, checked_int, quoted
from riichi.stats.records import HandRecord

__all__ = ["PlayerTally", "Tally", "Interval", "rate_interval", "mean_interval"]

DORA_NAMES = frozenset({"dora", "aka_dora", "ura_dora", "kita"})
"""Names a win's han list carries beside its yaku; the yaku counts leave them out (dora are no yaku)."""

Z95 = 1.959963984540054
"""The two-sided 95 % quantile of the standard normal distribution."""


@dataclass(frozen=True, slots=True)
class Interval:
    """An estimate with its 95 % confidence interval ``[low, high]``."""

    value: float
    low: float
    high: float


def rate_interval(hits: int, n: int) -> Interval:
    """A proportion ``hits / n`` with its Wilson 95 % interval (sound near 0 and 1: it starts at
    exactly 0 when nothing hit and ends at exactly 1 when everything did); NaN of no trial.
    ``hits`` from 0 to ``n`` or :class:`~riichi.errors.StatsError`.

    >>> rate_interval(0, 3).low, rate_interval(10, 10).high
    (0.0, 1.0)
    """
    hits, n = checked_int(hits, "a count of hits (an int)"), checked_int(n, "a total (an int)")
    if not 0 <= hits <= n:
        raise StatsError(f"a share's hits must be 0 to its total, got {hits} of {n}")
    if n == 0:
        return Interval(math.nan, math.nan, math.nan)
    p = hits / n
    denom = 1 + Z95**2 / n
    centre = (p + Z95**2 / (2 * n)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / n + Z95**2 / (4 * n * n)) / denom
    # at no hit the bound is 0 and at every hit 1 exactly, where rounding would leave 1e-17 off
    low = 0.0 if hits == 0 else centre - half
    high = 1.0 if hits == n else centre + half
    return Interval(p, low, high)


def mean_interval(total: float, total_sq: float, n: int) -> Interval:
    """A mean from the sum and the sum of squares of ``n`` values, with its normal 95 % interval;
    NaN of no value. ``n`` a whole number >= 0 and the sums numbers, or
    :class:`~riichi.errors.StatsError` (:class:`~riichi.errors.WrongTypeError` for a wrong type).

    >>> mean_interval(6, 14, 3).value
    2.0
    """
    n = checked_int(n, "a count of values (an int)")
    if n < 0:
        raise StatsError(f"a mean of {n} values: expected a count of values >= 0")
    for what, value in (("sum", total), ("sum of squares", total_sq)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise WrongTypeError(f"expected the {what} of the values (a number), got {quoted(value)}")
    if n == 0:
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
    games: int = 0
    rank_counts: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Games finished 1st, 2nd, 3rd, 4th (tied seats share the best rank under a split tie)."""
    final_score: int = 0
    final_score_sq: int = 0
    result: int = 0
    """Sum of the final results (points minus the return, plus uma and oka)."""
    result_sq: int = 0
    walls: int = 0
    """Walls this player played in every seat (duplicate play), with the sums of its result over
    each wall's rotations below."""
    wall_result: int = 0
    wall_result_sq: int = 0
    matches: int = 0
    """Matches this player played, with the sets it won and the matches it won below."""
    sets: int = 0
    set_wins: int = 0
    match_wins: int = 0

    def __add__(self, other: PlayerTally) -> PlayerTally:
        if not isinstance(other, PlayerTally):
            return NotImplemented  # Python's TypeError: unsupported operand type(s) for +
        sums: dict[str, Any] = {f: _plus(getattr(self, f), getattr(other, f)) for f in _PLAYER_FIELDS}
        return PlayerTally(**sums)

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

    @property
    def rank_dist(self) -> tuple[float, float, float, float]:
        """Shares of its games the player finished 1st, 2nd, 3rd and 4th (they sum to 1)."""
        c = self.rank_counts
        return (_share(c[0], self.games), _share(c[1], self.games),
                _share(c[2], self.games), _share(c[3], self.games))

    @property
    def avg_rank(self) -> float:
        """Average final rank (1 = first)."""
        return _share(sum((k + 1) * c for k, c in enumerate(self.rank_counts)), self.games)

    @property
    def avg_final_score(self) -> float:
        """Average points at the end of its games."""
        return _share(self.final_score, self.games)

    @property
    def avg_result(self) -> float:
        """Average final result (points minus the return, plus uma and oka)."""
        return _share(self.result, self.games)

    def intervals(self) -> dict[str, Interval]:
        """Every rate and average with its 95 % interval, by name (``rank_1``...``rank_4`` are
        the shares of each final rank)."""
        n = self.seat_hands
        ranks = self.rank_counts
        rank_sum = sum((k + 1) * c for k, c in enumerate(ranks))
        rank_sq = sum((k + 1) ** 2 * c for k, c in enumerate(ranks))
        return {
            "win_rate": rate_interval(self.wins, n),
            "deal_in_rate": rate_interval(self.deal_ins, n),
            "riichi_rate": rate_interval(self.riichi, n),
            "call_rate": rate_interval(self.calls, n),
            "avg_win_points": mean_interval(self.win_points, self.win_points_sq, self.wins),
            "avg_rank": mean_interval(rank_sum, rank_sq, self.games),
            **{f"rank_{k + 1}": rate_interval(c, self.games) for k, c in enumerate(ranks)},
            "avg_final_score": mean_interval(self.final_score, self.final_score_sq, self.games),
            "avg_result": mean_interval(self.result, self.result_sq, self.games),
            "match_win_rate": rate_interval(self.match_wins, self.matches),
            "set_win_rate": rate_interval(self.set_wins, self.sets),
        }


_PLAYER_FIELDS = tuple(f.name for f in fields(PlayerTally))


def _plus(a: int | tuple[int, ...], b: int | tuple[int, ...]) -> int | tuple[int, ...]:
    if isinstance(a, tuple) and isinstance(b, tuple):
        return tuple(x + y for x, y in zip(a, b))
    assert isinstance(a, int) and isinstance(b, int)
    return a + b


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
    matches: int = 0

    @classmethod
    def of(cls, records: Iterable[HandRecord], players: Sequence[str], games: int) -> Tally:
        """The tally of ``records`` from ``games`` games in which seat ``s`` was ``players[s]``."""
        tally = cls(games=games)
        tally.add(records, players)
        return tally

    def add(self, records: Iterable[HandRecord], players: Sequence[str]) -> None:
        """Count ``records`` (hands played with seat ``s`` as ``players[s]``) into this tally."""
        records = list(records)
        for r in records:  # all checked before any is counted: a refused call changes nothing
            if len(r.riichi) != len(players):
                raise StatsError(
                    f"a hand of {len(r.riichi)} seats counted for {len(players)} players "
                    f"({', '.join(map(repr, players))}): name one player for every seat")
        per_seat = [self.players.setdefault(name, PlayerTally()) for name in players]
        for r in records:
            self.hands += 1
            if r.ending == "draw":
                self.draws += 1
            elif r.ending == "abort":
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
                self.yaku.update(name for name in yaku if name not in DORA_NAMES)

    def add_game(
        self,
        final_scores: Sequence[int],
        results: Sequence[int],
        ranks: Sequence[int],
        players: Sequence[str],
    ) -> None:
        """Count one finished game (seat ``s`` played as ``players[s]``): its ranks, final scores
        and results. Its hands are counted by :meth:`add`."""
        seats = len(players)
        if not len(final_scores) == len(results) == len(ranks) == seats:
            raise StatsError(
                f"a game of {seats} players needs a final score, a result and a rank for each, "
                f"got {len(final_scores)}, {len(results)} and {len(ranks)}")
        # whole numbers, all checked before any is counted (True is no rank, 4.0 no index)
        final_scores = [checked_int(x, "a final score (an int)") for x in final_scores]
        results = [checked_int(x, "a result (an int)") for x in results]
        ranks = [checked_int(x, "a rank (an int)") for x in ranks]
        if any(not 1 <= rank <= seats for rank in ranks):
            raise StatsError(f"ranks at a table of {seats} are 1 to {seats}, got {tuple(ranks)}")
        self.games += 1
        for name, score, result, rank in zip(players, final_scores, results, ranks):
            p = self.players.setdefault(name, PlayerTally())
            p.games += 1
            counts = list(p.rank_counts)
            counts[rank - 1] += 1
            p.rank_counts = (counts[0], counts[1], counts[2], counts[3])
            p.final_score += score
            p.final_score_sq += score * score
            p.result += result
            p.result_sq += result * result

    def add_wall(self, totals: Mapping[str, int]) -> None:
        """Count one wall of duplicate play: ``totals[name]`` is the sum of the results ``name``
        had over the wall's rotations."""
        for name, total in totals.items():
            p = self.players.setdefault(name, PlayerTally())
            p.walls += 1
            p.wall_result += total
            p.wall_result_sq += total * total

    def add_match(self, set_wins: Mapping[str, int], sets: int, winner: str | None) -> None:
        """Count one match of ``sets`` sets: ``set_wins[name]`` sets won by each player, and the
        match's ``winner`` (None for a tie). Its games are counted by :meth:`add_game`."""
        self.matches += 1
        for name, wins in set_wins.items():
            p = self.players.setdefault(name, PlayerTally())
            p.matches += 1
            p.sets += sets
            p.set_wins += wins
            p.match_wins += name == winner

    def to_dict(self) -> dict[str, object]:
        """The sums as plain JSON values; :meth:`from_dict` reads them back exactly."""
        return {
            "games": self.games,
            "hands": self.hands,
            "draws": self.draws,
            "aborts": self.aborts,
            "players": {
                name: {f: _json_value(getattr(p, f)) for f in _PLAYER_FIELDS}
                for name, p in self.players.items()
            },
            "yaku": dict(sorted(self.yaku.items())),
            "matches": self.matches,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Tally:
        """The tally written by :meth:`to_dict`; anything else is a
        :class:`~riichi.errors.StatsError` naming the keys missing, unknown or of no sum.

        >>> Tally.from_dict({"games": 1, "hands": 2})
        Traceback (most recent call last):
        ...
        riichi.errors.StatsError: a tally lacks 'draws', 'aborts', 'players', 'yaku': expected the keys games, hands, draws, aborts, players, yaku and matches (matches may be left out), as Tally.to_dict writes them
        """
        keys = _keys(data, "a tally", _TALLY_KEYS, "matches")
        players = {}
        for name, sums in _mapping(keys["players"], "a tally's 'players'").items():
            values = _keys(sums, f"player {name!r}", (), *_PLAYER_FIELDS)
            players[name] = PlayerTally(**{f: _sum(v, f"{f!r} of player {name!r}", f == "rank_counts",
                                                   f in _SIGNED_SUMS)
                                           for f, v in values.items()})
        yaku = Counter({name: _sum(n, f"the count of yaku {name!r}")
                        for name, n in _mapping(keys["yaku"], "a tally's 'yaku'").items()})
        games, hands, draws, aborts = (_sum(keys[k], f"a tally's {k!r}") for k in ("games", "hands", "draws", "aborts"))
        return cls(games, hands, draws, aborts, players, yaku, _sum(keys.get("matches", 0), "a tally's 'matches'"))

    def __add__(self, other: Tally) -> Tally:
        if not isinstance(other, Tally):
            return NotImplemented  # Python's TypeError: unsupported operand type(s) for +
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
            self.matches + other.matches,
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


_TALLY_KEYS = ("games", "hands", "draws", "aborts", "players", "yaku")
"""The keys of :meth:`Tally.to_dict`'s sums that :meth:`Tally.from_dict` needs (``matches`` came
later: a tally written before it has none)."""


def _mapping(value: object, what: str) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        raise StatsError(f"{what}: expected a mapping (as Tally.to_dict writes it), got {type(value).__name__}")
    return value


def _keys(value: object, what: str, needed: Sequence[str], *optional: str) -> Mapping[str, Any]:
    """``value``, a mapping holding every key of ``needed`` and no other than those and ``optional``."""
    data = _mapping(value, what)
    missing = [k for k in needed if k not in data]
    unknown = [k for k in data if k not in needed and k not in optional]
    if missing or unknown:
        keys = [*needed, *optional]
        listed = f"{', '.join(keys[:-1])} and {keys[-1]}"
        problem = "; ".join(f"{which} {', '.join(map(repr, found))}"
                            for which, found in (("lacks", missing), ("has the unknown", unknown)) if found)
        left_out = f" ({' and '.join(optional)} may be left out)" if needed and optional else ""
        raise StatsError(f"{what} {problem}: expected the keys {listed}{left_out}, as Tally.to_dict writes them")
    return data


_SIGNED_SUMS = frozenset({"final_score", "result", "wall_result"})
"""A player's sums that may be below 0 (of points); every other sum is a count, or of squares."""


def _sum(value: object, what: str, ranks: bool = False, signed: bool = False) -> Any:
    """A sum read back: a whole number (>= 0 unless ``signed``), or (``ranks``) the four counts
    of a player's ranks."""
    if ranks:
        if (isinstance(value, (list, tuple)) and len(value) == 4
                and all(type(v) is int and v >= 0 for v in value)):
            return tuple(value)
        raise StatsError(f"{what}: expected four whole numbers >= 0 (games 1st to 4th), got "
                         f"{quoted(value)}")
    if type(value) is not int or (value < 0 and not signed):
        floor = "" if signed else " >= 0"
        raise StatsError(f"{what}: expected a whole number{floor}, got {quoted(value)}")
    return value


def _share(part: int, whole: int) -> float:
    return part / whole if whole else math.nan


def _json_value(value: int | tuple[int, ...]) -> int | list[int]:
    return list(value) if isinstance(value, tuple) else value
