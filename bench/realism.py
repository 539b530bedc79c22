"""Do the built-in players play like people? Figures of simulated hanchans beside real Tenhou games.

Plays ``--games`` hanchans of the ``tenhou`` preset with four ``DefensiveAgent`` and reads the real
games (the 160 Tenhou records in ``../shared/data/tenhou/mjlog`` when present, else the copies in
``tests/data/mjlog``); both go through the same code, :mod:`riichi.stats` (per-hand records from
an event stream, summed into a tally). Prints, per player and hand, win, deal-in, riichi and call
rates, the exhaustive-draw share of hands, the average win and hands per hanchan, each with its
95 % interval, beside the target band. ``--rules tenhou-3p`` plays three ``DefensiveAgent`` and
reads the two real Houou three-player games of ``tests/data/sanma`` (no bands: two games are too
few to set one).

    python bench/realism.py --games 2000 --workers 2
    python bench/realism.py --rules tenhou-3p --games 2000 --workers 2

``--check`` exits non-zero unless every simulated figure is inside its band.
"""

from __future__ import annotations

import argparse
import glob
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from riichi.agents import DefensiveAgent
from riichi.game import play_game
from riichi.logs import read_mjlog
from riichi.stats import HandRecorder, Interval, Tally, hand_records, mjlog_events, rate_interval

ROOT = Path(__file__).resolve().parent.parent
# the real games of each preset: the first folder that holds any
REAL_GAMES = {
    "tenhou": (
        ROOT.parent.parent / "shared" / "data" / "tenhou" / "mjlog" / "*.mjlog",
        ROOT / "tests" / "data" / "mjlog" / "*.mjlog.gz",
    ),
    "tenhou-3p": (ROOT / "tests" / "data" / "sanma" / "*.mjlog.xml",),
}
SEATS = {"tenhou": 4, "tenhou-3p": 3}
SEED = 7
LABEL = "player"

# The band each simulated figure must fall in (hands per hanchan: shown, not banded).
BANDS: dict[str, tuple[float, float]] = {
    "win rate %": (18, 26),
    "deal-in rate %": (8, 16),
    "riichi rate %": (12, 25),
    "call rate %": (15, 40),
    "exhaustive draws %": (8, 22),
    "average win (points)": (5_000, 7_500),
    "hands per hanchan": (0, 100),
}


def figures(tally: Tally) -> dict[str, Interval]:
    """The compared figures of a tally, rates in percent."""
    player = tally.players[LABEL].intervals()

    def percent(iv: Interval) -> Interval:
        return Interval(100 * iv.value, 100 * iv.low, 100 * iv.high)

    per_game = tally.hands_per_game
    return {
        "win rate %": percent(player["win_rate"]),
        "deal-in rate %": percent(player["deal_in_rate"]),
        "riichi rate %": percent(player["riichi_rate"]),
        "call rate %": percent(player["call_rate"]),
        "exhaustive draws %": percent(rate_interval(tally.draws, tally.hands)),
        "average win (points)": player["avg_win_points"],
        "hands per hanchan": Interval(per_game, per_game, per_game),
        "abortive draws %": percent(rate_interval(tally.aborts, tally.hands)),
    }


def _simulate(preset: str, indices: Sequence[int]) -> Tally:
    seats = SEATS[preset]
    tally = Tally()
    for index in indices:
        recorder = HandRecorder()
        play_game(
            preset, [DefensiveAgent(seed=4 * index + s) for s in range(seats)], seed=SEED,
            game_index=index, record_events=False, on_event=recorder.feed,
        )
        tally = tally + Tally.of(recorder.records, [LABEL] * seats, games=1)
    return tally


def simulated(games: int, workers: int, preset: str = "tenhou") -> Tally:
    """The tally of ``games`` seeded hanchans of ``preset`` (the same whatever the number of
    workers)."""
    shards = [range(k, games, workers * 4) for k in range(workers * 4)]
    if workers <= 1:
        parts = [_simulate(preset, s) for s in shards]
    else:
        with ProcessPoolExecutor(workers) as pool:
            parts = list(pool.map(_simulate, [preset] * len(shards), shards))
    total = Tally()
    for part in parts:
        total = total + part
    return total


def real(preset: str = "tenhou") -> tuple[Tally, str]:
    """The tally of the real games of ``preset``, and where they were read from."""
    for pattern in REAL_GAMES[preset]:
        paths = sorted(glob.glob(str(pattern)))
        if paths:
            tally = Tally()
            for path in paths:
                records = hand_records(mjlog_events(read_mjlog(path)))
                tally = tally + Tally.of(records, [LABEL] * SEATS[preset], games=1)
            return tally, f"{len(paths)} games from {Path(pattern).parent}"
    raise SystemExit("no real games found (looked in " + ", ".join(map(str, REAL_GAMES[preset])) + ")")


def _cell(iv: Interval) -> str:
    if iv.low == iv.high:
        return f"{iv.value:,.1f}"
    digits = 0 if iv.value > 100 else 1
    return f"{iv.value:,.{digits}f} [{iv.low:,.{digits}f}, {iv.high:,.{digits}f}]"


def table(sim: dict[str, Interval], human: dict[str, Interval], preset: str = "tenhou") -> tuple[str, bool]:
    """A Markdown table of both columns and the bands (four players only); whether every banded
    figure is inside."""
    bands = BANDS if SEATS[preset] == 4 else {}
    lines = [
        f"| figure | DefensiveAgent x {SEATS[preset]} | real Tenhou games | band |",
        "|---|---|---|---|",
    ]
    ok = True
    for name, sim_iv in sim.items():
        band = bands.get(name)
        inside = band is None or band[0] <= sim_iv.value <= band[1]
        ok &= inside
        shown = "" if band is None or band == (0, 100) else f"{band[0]:,}-{band[1]:,}"
        mark = "" if inside else " (outside)"
        lines.append(f"| {name} | {_cell(sim_iv)}{mark} | {_cell(human[name])} | {shown} |")
    return "\n".join(lines), ok


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", choices=sorted(SEATS), default="tenhou")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="fail unless every figure is in band")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    sim = simulated(args.games, args.workers, args.rules)
    elapsed = time.perf_counter() - start
    human, source = real(args.rules)
    text, ok = table(figures(sim), figures(human), args.rules)
    print(f"{args.games} simulated {args.rules} hanchans ({sim.hands} hands, {elapsed:.0f} s, "
          f"{args.workers} worker(s)); real: {source} ({human.hands} hands). 95 % intervals.\n")
    print(text)
    if SEATS[args.rules] == 4:
        print(f"\nevery simulated figure inside its band: {ok}")
    return 0 if ok or not args.check else 1


if __name__ == "__main__":
    sys.exit(main())
