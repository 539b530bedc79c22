"""Strength ordering of the built-in players, measured in the seat-rotated duplicate format.

Each wall (a game seed and index: the same walls hand by hand) is played four times, with one
player (the hero) moved round the four seats and the three others seats given to the field. Per
wall the hero's figures are averaged over its four seats, so the luck of the walls cancels and the
per-wall averages are independent samples: their mean comes with a normal 95 % interval.

Matchups: ``EfficiencyAgent`` against three ``RandomAgent`` (average final score), and
``DefensiveAgent`` against three ``EfficiencyAgent`` (average rank, win and deal-in rates).

    python bench/strength.py --walls 1000 --workers 2

prints every figure with its 95 % interval; ``--check`` exits non-zero unless the ordering holds.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from riichi.agents import Agent, DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.game import play_game
from riichi.stats import HandRecorder, Interval, Tally, mean_interval

PRESET = "tenhou"
SEED = 20_240
HERO, FIELD = "hero", "field"

Factory = Callable[[int], Agent]
PLAYERS: dict[str, Factory] = {
    "random": lambda seed: RandomAgent(seed),
    "efficiency": lambda seed: EfficiencyAgent(seed=seed),
    "defensive": lambda seed: DefensiveAgent(seed=seed),
}


@dataclass
class WallResult:
    """The hero's figures on one wall, summed over its four seats, and the hands' tally."""

    score: float
    field_score: float
    rank: float
    tally: Tally


def play_wall(hero: str, field: str, wall: int) -> WallResult:
    """The four seat rotations of one wall."""
    score = field_score = rank = 0.0
    tally = Tally()
    for seat in range(4):
        agents = [
            PLAYERS[hero if s == seat else field](4 * (4 * wall + seat) + s) for s in range(4)
        ]
        recorder = HandRecorder()
        result = play_game(
            PRESET, agents, seed=SEED, game_index=wall, record_events=False,
            on_event=recorder.feed,
        )
        labels = [HERO if s == seat else FIELD for s in range(4)]
        tally = tally + Tally.of(recorder.records, labels, games=1)
        score += result.final_scores[seat]
        field_score += sum(result.final_scores) - result.final_scores[seat]
        rank += result.ranks[seat]
    return WallResult(score / 4, field_score / 12, rank / 4, tally)


def _play_walls(args: tuple[str, str, Sequence[int]]) -> list[WallResult]:
    hero, field, walls = args
    return [play_wall(hero, field, w) for w in walls]


def run(hero: str, field: str, walls: int, workers: int) -> list[WallResult]:
    """Every wall's result, in wall order (the same whatever the number of workers)."""
    chunks = [(hero, field, range(w, walls, workers * 8)) for w in range(workers * 8)]
    if workers <= 1:
        parts = [_play_walls(c) for c in chunks]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_play_walls, chunks))
    by_wall: dict[int, WallResult] = {}
    for (_, _, indices), part in zip(chunks, parts):
        by_wall.update(zip(indices, part))
    return [by_wall[w] for w in range(walls)]


def mean_of(values: Sequence[float]) -> Interval:
    """The mean of independent samples with its normal 95 % interval."""
    return mean_interval(sum(values), sum(v * v for v in values), len(values))


def show(name: str, iv: Interval, scale: float = 1.0, digits: int = 3) -> str:
    return (
        f"  {name:<32} {iv.value * scale:>10.{digits}f}   "
        f"[{iv.low * scale:.{digits}f}, {iv.high * scale:.{digits}f}]"
    )


def report(hero: str, field: str, results: list[WallResult]) -> dict[str, Interval]:
    tally = Tally()
    for r in results:
        tally = tally + r.tally
    h, f = tally.players[HERO].intervals(), tally.players[FIELD].intervals()
    out = {
        "score": mean_of([r.score for r in results]),
        "field_score": mean_of([r.field_score for r in results]),
        "score_margin": mean_of([r.score - r.field_score for r in results]),
        "rank": mean_of([r.rank for r in results]),
        "win": h["win_rate"],
        "field_win": f["win_rate"],
        "deal_in": h["deal_in_rate"],
        "field_deal_in": f["deal_in_rate"],
    }
    print(f"{hero} (1 seat) against {field} (3 seats), {len(results)} walls x 4 seat rotations:")
    print(show(f"{hero} average final score", out["score"], digits=0))
    print(show(f"{field} average final score", out["field_score"], digits=0))
    print(show("margin (hero - field)", out["score_margin"], digits=0))
    print(show(f"{hero} average rank", out["rank"]))
    print(show(f"{hero} win rate %", out["win"], 100, 2))
    print(show(f"{field} win rate %", out["field_win"], 100, 2))
    print(show(f"{hero} deal-in rate %", out["deal_in"], 100, 2))
    print(show(f"{field} deal-in rate %", out["field_deal_in"], 100, 2))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=1000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="fail unless the ordering holds")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    eff = report("efficiency", "random", run("efficiency", "random", args.walls, args.workers))
    print()
    dfn = report("defensive", "efficiency", run("defensive", "efficiency", args.walls, args.workers))
    gap = dfn["field_win"].value - dfn["win"].value
    checks = {
        "efficiency beats random by over 10,000 points (interval)": eff["score_margin"].low > 10_000,
        "defensive's average rank below 2.5 (interval)": dfn["rank"].high < 2.5,
        "defensive deals in less than efficiency (intervals apart)": (
            dfn["deal_in"].high < dfn["field_deal_in"].low
        ),
        f"win rates within 3 points (gap {100 * gap:.2f})": abs(gap) < 0.03,
    }
    print(f"\n{4 * 2 * args.walls} games in {time.perf_counter() - start:.0f} s")
    for name, holds in checks.items():
        print(f"  {name}: {holds}")
    return 0 if all(checks.values()) or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
