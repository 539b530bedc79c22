"""Figures for riichi.analyze: speed of one decision, and paired against unpaired interval widths
(the calibration has its own bench, ``bench/analyze_calibration.py``).

    python bench/analyze_bench.py speed        # 14 candidate discards x 500 worlds, hand and game
    python bench/analyze_bench.py widths       # paired / unpaired half widths over decisions

Each prints its figures and a JSON line (``--out FILE`` appends it to FILE).
"""

from __future__ import annotations

import argparse
import json
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


def worlds(args: argparse.Namespace) -> dict[str, str]:
    """The ``worlds`` setting to pass (none for the default)."""
    return {"worlds": args.worlds} if args.worlds else {}


def speed(args: argparse.Namespace) -> dict[str, object]:
    out: dict[str, object] = {}
    for where in ("E1", "S1"):
        point = fourteen_candidates(round_wanted=where)
        for horizon in ("hand", "game"):
            began, cpu = time.perf_counter(), time.process_time()
            result = analyse_point(point, samples=args.samples, horizon=horizon, seed=1,
                                   progress=False, **worlds(args))
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
                                   seed=s, progress=False, **worlds(args))
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("speed", "widths"))
    parser.add_argument("--samples", type=int, default=500)
    parser.add_argument("--horizon", default="hand")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--worlds", help="how the worlds are drawn (default: the analysis's)")
    parser.add_argument("--out")
    args = parser.parse_args()
    figures = {"speed": speed, "widths": widths}[args.what](args)
    line = json.dumps({args.what: figures})
    print(line)
    if args.out:
        with open(args.out, "a") as f:
            f.write(line + "\n")


if __name__ == "__main__":
    main()
