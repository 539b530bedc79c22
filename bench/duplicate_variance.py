"""How much ``--duplicate`` cuts the variance of a player's average result, and what that buys.

For each line-up the same walls are played plain (each wall once) and in duplicate (each wall in
every seat); the summary's ``variance_ratio`` is Var(mean of a wall's four games) / (Var(one
game) / 4). To tell whether A is better than B within an interval of ``--half-width`` points
(95 %) on A's average result, plain play needs ``1.96**2 * Var(one game) / h**2`` games and
duplicate play ``4 * 1.96**2 * Var(wall mean) / h**2`` games (``walls x 4``).

    python bench/duplicate_variance.py --walls 500 --workers 2
"""

from __future__ import annotations

import argparse
import math

from riichi.simulate import run

LINEUPS = (
    "defensive",
    "efficiency",
    "efficiency,defensive,efficiency,defensive",
    "defensive,efficiency,efficiency,efficiency",
)
Z = 1.959964


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--walls", type=int, default=500)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--rules", default="ema")
    parser.add_argument("--half-width", type=float, default=2000.0,
                        help="the 95 %% half-width wanted on a player's average result (points)")
    args = parser.parse_args()
    h = args.half_width
    print(f"rules {args.rules}, seed {args.seed}, {args.walls} walls x 4 rotations; games needed "
          f"for a 95 % interval of +-{h:,.0f} points on a player's average result")
    for lineup in LINEUPS:
        result = run(args.walls, seed=args.seed, rules=args.rules, players=lineup, duplicate=True,
                     workers=args.workers, keep_tables=False)
        seen: set[str] = set()
        for p in result.summary["players"]:
            if p["player"] in seen:
                continue
            seen.add(p["player"])
            dup = p["duplicate"]
            plain = math.ceil(Z * Z * dup["single_game_variance"] / (h * h))
            paired = 4 * math.ceil(Z * Z * dup["wall_mean_variance"] / (h * h))
            print(f"{lineup:45} {p['player']:10} reduction {100 * dup['variance_reduction']:5.1f} % "
                  f"result {p['avg_result']:+8.0f}  games needed: plain {plain:,}, "
                  f"duplicate {paired:,}")


if __name__ == "__main__":
    main()
