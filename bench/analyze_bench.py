"""Figures for riichi.analyze: speed of one decision, paired against unpaired interval widths, and
calibration against self-play games.

    python bench/analyze_bench.py speed        # 14 candidate discards x 500 worlds, hand and game
    python bench/analyze_bench.py widths       # paired / unpaired half widths over decisions
    python bench/analyze_bench.py calibration  # >= 300 self-play positions, predicted vs realised

Each prints its figures and a JSON line (``--out FILE`` appends it to FILE).
"""

from __future__ import annotations

import argparse
import json
import math
import time

import numpy as np

from riichi.agents import DefensiveAgent
from riichi.analyze.decision import analyse_point, candidates
from riichi.analyze.position import AnalysisError, as_record, find_point
from riichi.game import play_game
from riichi.game.actions import Discard
from riichi.logs import events as ev


def selfplay(seed: int):
    return play_game("tenhou", [DefensiveAgent(seed=seed * 4 + s) for s in range(4)], seed=seed)


def dahai_points(record, rules, seat: int | None = None):
    for k, e in enumerate(record.events):
        if isinstance(e, ev.Dahai) and (seat is None or e.actor == seat) and \
                not isinstance(record.events[k - 1], ev.Reach):
            try:
                yield find_point(record, rules, k, e.actor)
            except AnalysisError:
                continue


def fourteen_candidates(seed: int = 1, round_wanted: str | None = None):
    """A turn with 14 different plain discards (no call, no riichi): 14 candidates."""
    for s in range(seed, seed + 200):
        record, rules = as_record(selfplay(s))
        for point in dahai_points(record, rules):
            merged = candidates(point.legal, point.played)
            if len(merged) == 14 and all(isinstance(a, Discard) for a in merged):
                if round_wanted is None or point.label.startswith(round_wanted):
                    return point
    raise SystemExit("no position with 14 candidates found")


def speed(args: argparse.Namespace) -> dict[str, object]:
    out: dict[str, object] = {}
    for where in ("E1", "S1"):
        point = fourteen_candidates(round_wanted=where)
        for horizon in ("hand", "game"):
            began, cpu = time.perf_counter(), time.process_time()
            result = analyse_point(point, samples=args.samples, horizon=horizon, seed=1,
                                   progress=False)
            seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
            # on a shared machine the wall clock counts other processes' turns too: the CPU
            # time of this one process (one core) is the figure to compare
            print(f"{point.label} (event {point.event}), {len(result.actions)} candidates x "
                  f"{args.samples} worlds to the end of the {horizon}: {cpu:.1f} s of CPU "
                  f"({seconds:.1f} s wall)")
            out[f"{where}_{horizon}_cpu_seconds"] = round(cpu, 2)
            out[f"{where}_{horizon}_wall_seconds"] = round(seconds, 2)
    return out


def widths(args: argparse.Namespace) -> dict[str, object]:
    ratios, paired, unpaired = [], [], []
    for s in range(1, 1 + args.games):
        record, rules = as_record(selfplay(s))
        points = list(dahai_points(record, rules, seat=s % 4))
        rng = np.random.default_rng(s)
        for k in rng.choice(len(points), size=min(3, len(points)), replace=False):
            result = analyse_point(points[k], samples=args.samples, horizon=args.horizon,
                                   seed=s, progress=False)
            for a in result.actions:
                if not a.played and a.unpaired_half_width > 0:
                    paired.append(a.vs_played.half_width)
                    unpaired.append(a.unpaired_half_width)
                    ratios.append(a.vs_played.half_width / a.unpaired_half_width)
    r = np.array(ratios)
    print(f"{len(r)} differences over {args.games * 3} decisions, {args.samples} worlds to the end "
          f"of the {args.horizon}: paired half width / unpaired half width: median "
          f"{np.median(r):.2f}, mean {r.mean():.2f}, quartiles {np.quantile(r, .25):.2f}-"
          f"{np.quantile(r, .75):.2f}; mean half widths {np.mean(paired):,.0f} paired, "
          f"{np.mean(unpaired):,.0f} unpaired")
    return {"horizon": args.horizon, "samples": args.samples, "differences": len(r),
            "median_ratio": round(float(np.median(r)), 3), "mean_ratio": round(float(r.mean()), 3),
            "mean_paired": round(float(np.mean(paired))), "mean_unpaired": round(float(np.mean(unpaired)))}


def calibration(args: argparse.Namespace) -> dict[str, object]:
    gaps, predicted, realised = [], [], []
    began = time.perf_counter()
    game = 1000
    while len(gaps) < args.positions:
        game += 1
        result = selfplay(game)
        record, rules = as_record(result)
        seat = game % 4
        points = list(dahai_points(record, rules, seat=seat))
        rng = np.random.default_rng(game)
        for k in rng.choice(len(points), size=min(args.per_game, len(points)), replace=False):
            point = points[k]
            d = analyse_point(point, samples=args.samples, horizon="game", seed=game,
                              progress=False, actions=[point.played], backend=args.backend,
                              workers=args.workers)
            predicted.append(d.played.points.mean)
            realised.append(result.results[seat])
            gaps.append(predicted[-1] - realised[-1])
    g = np.array(gaps)
    half = 1.96 * g.std(ddof=1) / math.sqrt(len(g))
    p, r = np.array(predicted), np.array(realised)
    slope = float(np.polyfit(p, r, 1)[0])
    print(f"{len(g)} positions from {game - 1000} self-play games of the default player, "
          f"{args.samples} worlds each ({time.perf_counter() - began:.0f} s): predicted mean "
          f"placement points {p.mean():,.0f}, realised {r.mean():,.0f}; gap (predicted - "
          f"realised) {g.mean():,.0f} [{g.mean() - half:,.0f}, {g.mean() + half:,.0f}]; "
          f"regression slope of realised on predicted {slope:.2f}; correlation "
          f"{np.corrcoef(p, r)[0, 1]:.2f}")
    return {"positions": len(g), "games": game - 1000, "samples": args.samples,
            "predicted_mean": round(float(p.mean())), "realised_mean": round(float(r.mean())),
            "gap": round(float(g.mean())), "gap_low": round(float(g.mean() - half)),
            "gap_high": round(float(g.mean() + half)), "slope": round(slope, 3),
            "correlation": round(float(np.corrcoef(p, r)[0, 1]), 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("speed", "widths", "calibration"))
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--horizon", default="hand")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--per-game", type=int, default=4)
    parser.add_argument("--backend", default="local")
    parser.add_argument("--workers", type=int)
    parser.add_argument("--out")
    args = parser.parse_args()
    figures = {"speed": speed, "widths": widths, "calibration": calibration}[args.what](args)
    line = json.dumps({args.what: figures})
    print(line)
    if args.out:
        with open(args.out, "a") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
