"""Print one table of per-hand times of riichi and its peers on the same random hands, in one run.

Usage (needs the ``bench`` extra)::

    python bench/compare.py [--scale 1.0] [--repeat 15] [--seed 2024]

Every implementation first runs once on every hand and its answers are checked against riichi's
(the table is only printed when they agree). Then each one is timed as a loop over all its hands,
``timeit``-style (garbage collector off, the loop repeated until one sample takes at least
``--min-time`` seconds); the reported figure is the median over ``--repeat`` samples, per hand, in ns.
Ratios are peer time / riichi time: how many times faster riichi is. The issue's targets decide the
PASS/MISS column.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib.metadata import version

import riichi
import workloads as w


@dataclass(frozen=True)
class Target:
    """A target of the issue: ``limit_ns`` computes the allowed riichi time from the measured ones."""

    text: str
    limit_ns: Callable[[dict[str, float]], float]


TARGETS = {
    w.SHANTEN: Target("<= 1/2 riichienv", lambda t: t[w.RIICHIENV] / 2),
    w.SHANTEN_BATCH: Target("<= 50 ns", lambda t: 50.0),
    w.DISCARD_ANALYSIS: Target("<= 1 us", lambda t: 1000.0),
}

LABELS = {
    w.SHANTEN: "shanten, 13 tiles, one call per hand",
    w.SHANTEN_BATCH: "shanten_batch, 13 tiles (peers: loop)",
    w.WAITS: "waits of a 13-tile tenpai hand",
    w.DISCARD_ANALYSIS: "discard_analysis, 14 tiles",
}


def per_hand_ns(run: w.Runner, hands: int, repeat: int, min_time: float) -> float:
    """Median time of one ``run()`` over ``repeat`` samples, divided by ``hands``, in ns."""
    number = 1
    while _sample(run, number) < min_time:
        number *= 2
    samples = [_sample(run, number) for _ in range(repeat)]
    return statistics.median(samples) / (number * hands) * 1e9


def _sample(run: w.Runner, number: int) -> float:
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        start = time.perf_counter()
        for _ in range(number):
            run()
        return time.perf_counter() - start
    finally:
        if gc_was_enabled:
            gc.enable()


def measure(
    hand_sets: dict[str, w.HandSet], repeat: int, min_time: float
) -> dict[str, dict[str, float]]:
    """Per-hand ns of every case, as ``times[task][impl]``."""
    times: dict[str, dict[str, float]] = {task: {} for task in w.TASKS}
    for case in w.CASES:
        hands = hand_sets[case.task]
        run = case.bind(hands)
        times[case.task][case.impl] = per_hand_ns(run, len(hands), repeat, min_time)
        print(f"  measured {case.task:<17} {case.impl:<10}", file=sys.stderr)
    # The peers have no batch form: what they offer for many hands is the per-hand loop.
    for impl, ns in times[w.SHANTEN].items():
        times[w.SHANTEN_BATCH].setdefault(impl, ns)
    return times


def check_agreement(hand_sets: dict[str, w.HandSet]) -> list[str]:
    """Lines describing every peer that disagrees with riichi on some hand (empty when all agree)."""
    problems = []
    for task in (w.SHANTEN, w.WAITS, w.DISCARD_ANALYSIS):
        hands = hand_sets[task]
        for impl, bad in w.disagreements(task, hands).items():
            if bad:
                problems.append(f"{task}: {impl} differs from riichi on {bad} of {len(hands)} hands")
    hands = hand_sets[w.SHANTEN_BATCH]
    batch = w.case(w.SHANTEN_BATCH, w.RIICHI).bind(hands)()
    single = w.case(w.SHANTEN, w.RIICHI).bind(hands)()
    if [int(x) for x in batch] != list(single):
        problems.append("shanten_batch differs from shanten")
    return problems


def _ns(ns: float) -> str:
    return f"{ns:,.0f}" if ns >= 100 else f"{ns:.1f}"


def format_table(times: dict[str, dict[str, float]], hand_sets: dict[str, w.HandSet]) -> str:
    """The table as Markdown: riichi's per-hand ns, each peer's with its ratio, target and verdict."""
    peers = [impl for impl in w.IMPLEMENTATIONS if impl != w.RIICHI]
    header = ["task", "hands", "riichi ns", *(f"{p} ns (x)" for p in peers), "target", "result"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for task in w.TASKS:
        row = times[task]
        mine = row[w.RIICHI]
        cells = [LABELS[task], str(len(hand_sets[task])), _ns(mine)]
        for peer in peers:
            cells.append(f"{_ns(row[peer])} ({row[peer] / mine:.1f}x)" if peer in row else "n/a")
        target = TARGETS.get(task)
        if target is None:
            cells += ["-", "-"]
        else:
            limit = target.limit_ns(row)
            verdict = "PASS" if mine <= limit else f"MISS ({mine / limit:.2f}x the limit)"
            cells += [f"{target.text} ({_ns(limit)} ns)", verdict]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def describe_environment() -> str:
    """One line naming the interpreter, the machine and every package measured."""
    peers = ", ".join(f"{p} {version(p)}" for p in (w.RIICHIENV, w.XIANGTING, w.MAHJONG))
    packages = f"riichi {riichi.__version__}, {peers}"
    cores = os.cpu_count()
    return f"Python {platform.python_version()} on {platform.machine()}, {cores} cores; {packages}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the number of hands")
    parser.add_argument("--repeat", type=int, default=15, help="samples per measurement")
    parser.add_argument("--min-time", type=float, default=0.05, help="seconds per sample, at least")
    parser.add_argument("--seed", type=int, default=2024)
    args = parser.parse_args(argv)

    hand_sets = w.default_hand_sets(args.scale, args.seed)
    problems = check_agreement(hand_sets)
    if problems:
        print("The implementations disagree, so their times are not comparable:", file=sys.stderr)
        print("\n".join(problems), file=sys.stderr)
        return 1
    times = measure(hand_sets, args.repeat, args.min_time)
    print(describe_environment())
    print(f"median of {args.repeat} samples, per hand; (x) = peer time / riichi time\n")
    print(format_table(times, hand_sets))
    print(
        "\nPeers' discard_analysis loops over the distinct discards with their shanten and "
        "ukeire (riichienv: one shanten call per candidate draw); they skip riichi's unseen-count "
        "column. mahjong has no waits or ukeire API."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
