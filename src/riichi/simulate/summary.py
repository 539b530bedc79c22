"""The summary of a simulation: figures per player with 95 % intervals, computed from the merged
per-shard sums (:class:`~riichi.stats.Tally`) alone, so it is the same whatever the shard layout,
the worker count or the backend, and costs no memory per game.

Every figure is a pure function of integer sums: ``summary.json`` is byte-identical for the same
seed and settings. Intervals treat games as independent, except the average result of duplicate
play, whose games share walls (see :func:`duplicate_figures`).
"""

from __future__ import annotations

import json
import math
from typing import Any

from riichi.rules.files import nearest_preset, rule_changes
from riichi.simulate.shard import RunPlan, entry_labels
from riichi.stats import Interval, PlayerTally, Tally, mean_interval, rate_interval

__all__ = ["summarize", "summary_json", "duplicate_figures"]

_RATES = ("win_rate", "deal_in_rate", "riichi_rate", "call_rate")


def summarize(plan: RunPlan, tally: Tally) -> dict[str, Any]:
    """The summary of a run of ``plan`` whose sums are ``tally`` (keys as in ``summary.json``)."""
    overall = tally.overall
    hands = {
        "count": tally.hands,
        "per_game": _clean(tally.hands_per_game),
        "draw_rate": _clean(tally.draw_rate),
        "abort_rate": _clean(tally.abort_rate),
        "avg_win_points": _clean(overall.avg_win_points),
        "ci95": {
            "draw_rate": _pair(rate_interval(tally.draws, tally.hands)),
            "avg_win_points": _pair(overall.intervals()["avg_win_points"]),
        },
    }
    yaku = sorted(tally.yaku.items(), key=lambda item: (-item[1], item[0]))
    seats = len(plan.players)
    summary: dict[str, Any] = {
        "games": tally.games,
        "deals": plan.deals,
        "seed": plan.seed,
        "rules": plan.rules.name,
        "rules_base": nearest_preset(plan.rules),
        "rule_changes": rule_changes(plan.rules),
        "duplicate": plan.duplicate,
        "from": plan.situation,
        "players": [
            _player(j, plan, tally.players.get(label, PlayerTally()))
            for j, label in enumerate(entry_labels(0, seats))
        ],
        "hands": hands,
        "yaku": dict(yaku),
    }
    if tally.matches:
        summary["matches"] = tally.matches
    return summary


def _player(index: int, plan: RunPlan, p: PlayerTally) -> dict[str, Any]:
    ci = p.intervals()
    seats = len(plan.players)
    figures: dict[str, Any] = {
        "seat": index,
        "player": str(plan.players[index]),
        "games": p.games,
        "avg_rank": _clean(p.avg_rank),
        "rank_dist": [_clean(x) for x in p.rank_dist[:seats]],
        "avg_final_score": _clean(p.avg_final_score),
        "avg_result": _clean(p.avg_result),
        **{rate: _clean(getattr(p, rate)) for rate in _RATES},
        "avg_win_points": _clean(p.avg_win_points),
    }
    intervals: dict[str, Any] = {
        "avg_rank": _pair(ci["avg_rank"]),
        "rank_dist": [_pair(ci[f"rank_{k}"]) for k in range(1, seats + 1)],
        "avg_final_score": _pair(ci["avg_final_score"]),
        "avg_result": _pair(ci["avg_result"]),
        **{rate: _pair(ci[rate]) for rate in _RATES},
        "avg_win_points": _pair(ci["avg_win_points"]),
    }
    if p.matches:
        figures["matches"] = p.matches
        figures["set_wins"] = p.set_wins
        figures["match_wins"] = p.match_wins
        figures["match_win_rate"] = _clean(p.match_wins / p.matches)
        intervals["match_win_rate"] = _pair(ci["match_win_rate"])
    if plan.duplicate:
        dup = duplicate_figures(p, plan.rotations)
        intervals["avg_result"] = dup.pop("ci95")
        figures["duplicate"] = dup
    figures["ci95"] = intervals
    return figures


def duplicate_figures(p: PlayerTally, seats: int = 4) -> dict[str, Any]:
    """How much duplicate play cut the variance of one player's average result.

    Each wall is played ``seats`` times (``n``) with the seats rotated; ``m`` is the player's mean
    result over one wall's ``n`` games. Plain play would average ``n`` independent games, with
    variance ``s2 / n`` where ``s2`` is the variance of a single game's result (estimated from all
    the games played, which are single games like any other). Duplicate play averages the ``n``
    games of one wall, with variance ``Var(m)`` (estimated from the per-wall sums).
    ``variance_ratio`` is ``Var(m) / (s2 / n)``: plain play needs ``1 / ratio`` times as many
    games for the same precision, and ``variance_reduction`` is ``1 - ratio``. The interval of the
    average result is ``mean(m)`` with its normal 95 % interval over walls (the games of a wall are
    not independent, so the per-game interval would be wrong).
    """
    single = _variance(p.result, p.result_sq, p.games)
    walls = _variance(p.wall_result, p.wall_result_sq, p.walls) / seats**2  # m = wall_result / n
    ratio = walls / (single / seats) if single > 0 else math.nan
    mean = mean_interval(p.wall_result / seats, p.wall_result_sq / seats**2, p.walls)
    return {
        "walls": p.walls,
        "single_game_variance": _clean(single),
        "wall_mean_variance": _clean(walls),
        "variance_ratio": _clean(ratio),
        "variance_reduction": _clean(1 - ratio),
        "ci95": _pair(mean),
    }


def _variance(total: int, total_sq: int, n: int) -> float:
    """The sample variance from exact integer sums (one division: the same float every time)."""
    if n < 2:
        return math.nan
    return (n * total_sq - total * total) / (n * (n - 1))


def summary_json(summary: dict[str, Any]) -> str:
    """The text of ``summary.json``: fixed key order and indentation, no NaN (``null``)."""
    return json.dumps(summary, indent=2, allow_nan=False) + "\n"


def _clean(x: float) -> float | None:
    return None if math.isnan(x) else x


def _pair(interval: Interval) -> list[float | None]:
    return [_clean(interval.low), _clean(interval.high)]
