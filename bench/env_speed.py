"""The environment's speed in one run: steps per second on one core, ours beside riichienv's.

Usage (needs the ``bench`` extra for riichienv)::

    python bench/env_speed.py [--rules tenhou|tenhou-3p] [--decisions 200000] [--repeat 3]
                              [--json FILE]

In this process, one after another and ``--repeat`` times over: ``riichi.env.VectorEnv(64)`` of
the ``tenhou`` rules with the ``compact-v1`` encoding (39 x 34 float32 planes), stepped with a
uniformly random legal action at every table (:func:`riichi.env.actions.sample_actions` over the
step's ``info["action_mask"]``), the environment's own arrays returned (``copy=False``) and, as a
second row, copies of them (``copy=True``, Gymnasium's default); then riichienv's ``RiichiEnv``
(``game_mode="4p-red-half"``, its hanchan of red fives) stepped the same way: at every decision
its observation's ``encode()`` (74 x 34 float32) is read and a uniformly random one of its
``legal_actions()`` is played; a new game where one ends. A step is one decision of one seat at
one table: each of riichienv's steps asks one seat (its claims are asked one seat at a time, as
ours are), so the two count the same thing.

A row's steps per second is its decisions over the CPU time of this process
(``time.process_time``: robust to other processes sharing the cores) in the best of the passes.
The target of issue 36: ``VectorEnv`` at least 20x riichienv's steps per second in the same run.
``--rules tenhou-3p`` steps three players instead, ours of ``tenhou-3p`` beside riichienv's
``game_mode="3p-red-half"`` (its encode() 74 x 27), with no target.

Then training data from records, reading and encoding measured apart: the 20 Phoenix games of
``tests/data/mjlog`` (mjlog, Tenhou's ``鳳南喰赤``), read by ``riichi.logs.read`` from their text,
and ``riichi.env.encode_record`` of the records read (``compact-v1``): milliseconds per game and
games per second of each, and of the two together (the target: 200 games per second per core for
the compact encoding).
"""

from __future__ import annotations

import argparse
import gzip
import json
import platform
import random
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np

from riichi.env import VectorEnv, encode_record
from riichi.env.actions import sample_actions
from riichi.logs import read

SEED = 11
TABLES = 64
TARGET = 20.0  # at four players
PEERS = {"tenhou": "4p-red-half", "tenhou-3p": "3p-red-half"}  # riichienv's game of each
RECORDS = sorted((Path(__file__).resolve().parent.parent / "tests" / "data" / "mjlog").glob(
    "2022060100gm*.mjlog.gz"))[:20]
RECORDS_TARGET = 200.0  # games per second


def ours(decisions: int, copy: bool, rules: str) -> tuple[int, float]:
    """CPU seconds of ``decisions`` (rounded up to whole steps) of VectorEnv(64) of ``rules``."""
    rng = np.random.default_rng(SEED)
    env = VectorEnv(TABLES, rules, seed=SEED, encoding="compact-v1", copy=copy)
    _, info = env.reset()
    steps = -(-decisions // TABLES)
    start = time.process_time()
    for _ in range(steps):
        _, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    return steps * TABLES, time.process_time() - start


def riichienv_steps(decisions: int, mode: str) -> tuple[int, float]:
    """CPU seconds of ``decisions`` decisions of riichienv's RiichiEnv of ``game_mode=mode``,
    stepped the same way."""
    import riichienv  # type: ignore[import-untyped]  # optional: the bench extra

    rng = random.Random(SEED)
    done = game = 0
    start = time.process_time()
    while done < decisions:
        env = riichienv.RiichiEnv(game_mode=mode, seed=SEED * 1_000_003 + game)
        observations = env.reset()
        game += 1
        while not env.done() and done < decisions:
            actions = {}
            for seat, observation in observations.items():
                observation.encode()
                legal = observation.legal_actions()
                actions[seat] = legal[rng.randrange(len(legal))]
                done += 1
            observations = env.step(actions)
    return done, time.process_time() - start


def records(repeat: int) -> dict[str, float]:
    """Milliseconds per game of reading the records and of encoding them (best of ``repeat``)."""
    texts = [gzip.decompress(path.read_bytes()).decode() for path in RECORDS]
    best = {"read": float("inf"), "encode_record": float("inf")}
    decisions = 0
    for _ in range(repeat):
        start = time.process_time()
        games = [read(text) for text in texts]
        read_seconds = time.process_time() - start
        start = time.process_time()
        decisions = sum(len(encode_record(game, rules="tenhou")) for game in games)
        encode_seconds = time.process_time() - start
        best["read"] = min(best["read"], 1_000 * read_seconds / len(texts))
        best["encode_record"] = min(best["encode_record"], 1_000 * encode_seconds / len(texts))
    best["decisions per game"] = decisions / len(texts)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="tenhou", choices=sorted(PEERS),
                        help="four players (the target's) or three, ours and riichienv's")
    parser.add_argument("--decisions", type=int, default=200_000,
                        help="decisions of each of our passes (riichienv's: a tenth)")
    parser.add_argument("--repeat", type=int, default=3, help="passes of each; the best counts")
    parser.add_argument("--json", type=Path, help="write the figures to this file too")
    args = parser.parse_args()
    try:
        peer = f"riichienv {version('riichienv')}"
    except PackageNotFoundError:
        sys.exit("riichienv is not installed: pip install '.[bench]'")
    rules, mode = args.rules, PEERS[args.rules]
    peer += f" {mode}"
    ours(TABLES * 10, copy=False, rules=rules)  # first calls (imports, caches): no steady state
    riichienv_steps(1_000, mode)
    best: dict[str, float] = {}
    for _ in range(args.repeat):
        for name, run in (
            ("VectorEnv(64), copy=False", lambda: ours(args.decisions, copy=False, rules=rules)),
            ("VectorEnv(64), copy=True", lambda: ours(args.decisions, copy=True, rules=rules)),
            (peer, lambda: riichienv_steps(args.decisions // 10, mode)),
        ):
            done, seconds = run()
            rate = done / seconds
            best[name] = max(best.get(name, 0.0), rate)
            print(f"  {name:<28} {rate:12,.0f} steps/s", file=sys.stderr)
    theirs = best[peer]
    print(f"\n{platform.python_implementation()} {platform.python_version()}, one core, CPU time, "
          f"best of {args.repeat}, {rules}\n")
    print("| environment | steps/s | x riichienv |")
    print("|---|---:|---:|")
    for name, rate in best.items():
        print(f"| {name} | {rate:,.0f} | {rate / theirs:.1f} |")
    ratio = best["VectorEnv(64), copy=False"] / theirs
    if rules == "tenhou":
        verdict = "met" if ratio >= TARGET else "NOT met"
        print(f"\ntarget: VectorEnv >= {TARGET:g}x riichienv: {ratio:.1f}x, {verdict}")
    timing = records(args.repeat)
    both = timing["read"] + timing["encode_record"]
    print(f"\n{len(RECORDS)} Phoenix games (mjlog), {timing['decisions per game']:.0f} decisions "
          "each, compact-v1\n")
    print("| step | ms per game | games/s |")
    print("|---|---:|---:|")
    for name, ms in (("riichi.logs.read", timing["read"]),
                     ("encode_record", timing["encode_record"]), ("both", both)):
        print(f"| {name} | {ms:.2f} | {1_000 / ms:,.0f} |")
    rate = 1_000 / timing["encode_record"]
    verdict = "met" if rate >= RECORDS_TARGET else "NOT met"
    print(f"\ntarget: encode_record >= {RECORDS_TARGET:g} games/s: {rate:,.0f}, {verdict} "
          f"(with reading: {1_000 / both:,.0f})")
    if args.json is not None:
        figures: dict[str, Any] = {"rules": rules, "steps_per_second": best, "ratio": ratio,
                                   "target": TARGET if rules == "tenhou" else None,
                                   "records_ms_per_game": timing}
        args.json.write_text(json.dumps(figures, indent=2) + "\n")


if __name__ == "__main__":
    main()
