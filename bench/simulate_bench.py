"""What the simulator costs: games/s at 1 and 2 workers, the whole pipeline against a bare
``play_game`` loop on one core, and peak memory (RSS) as the number of games grows.

Run on a quiet machine (timings on a shared one are noisy)::

    python bench/simulate_bench.py                       # everything, random players
    python bench/simulate_bench.py --players defensive   # once the built-in players exist
    python bench/simulate_bench.py --only memory --memory-games 2000 20000

Scaling: ``riichi.simulate.run`` on the process backend with 1 and then 2 workers (pool start-up
included). Per-core speed: the same games played by a bare loop (``play_game`` with agents from
the run's seeds, event log built as by default) and by the pipeline in this process (``local``
backend: shard tables, tallies, summary), best of ``--repeat`` interleaved runs each. Memory: the largest
peak RSS of any process of a ``python -m riichi.simulate ... --out DIR`` run (the parent and its
workers; ``getrusage(RUSAGE_CHILDREN)``), in a fresh interpreter per size.
"""

from __future__ import annotations

import argparse
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable

from riichi.game import play_game
from riichi.simulate import run
from riichi.simulate.players import agent_factory, seat_players
from riichi.simulate.shard import agent_seed

SEED = 1


def best_rates(games: int, plays: list[Callable[[], object]], repeat: int) -> list[float]:
    """Games per second of the fastest of ``repeat`` calls of each of ``plays``, the calls
    interleaved so that a busy spell of the machine hits every contender alike."""
    best = [float("inf")] * len(plays)
    for _ in range(repeat):
        for k, play in enumerate(plays):
            start = time.perf_counter()
            play()
            best[k] = min(best[k], time.perf_counter() - start)
    return [games / t for t in best]


def bare_loop(games: int, players: str) -> None:
    factories = [agent_factory(name) for name in seat_players(players)]
    for i in range(games):
        agents = [factories[s](agent_seed(SEED, i, s)) for s in range(4)]
        play_game("ema", agents, seed=SEED, game_index=i)


def pipeline(games: int, players: str, backend: str, workers: int) -> float:
    result = run(games=games, seed=SEED, players=players, backend=backend, workers=workers,
                 keep_tables=False)
    return result.games_per_second


def peak_rss_mib(games: int, players: str, backend: str) -> float:
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [sys.executable, "-m", "riichi.simulate", "--games", str(games), "--seed", str(SEED),
             "--players", players, "--backend", backend, "--workers", "2", "--out", out,
             "--quiet", "--format", "json"],
            check=True, stdout=subprocess.DEVNULL,
        )
        # the max RSS of any process waited for so far: run one size per interpreter
        return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024


def _children_cpu() -> float:
    """CPU seconds (user + system) of the child processes (pool workers) that have ended."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="random")
    parser.add_argument("--games", type=int, default=2000, help="games of each speed run")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", choices=("scaling", "per-core", "memory"))
    parser.add_argument("--memory-games", type=int, nargs="+", default=[2000, 20000])
    parser.add_argument("--memory-backend", default="process")
    parser.add_argument("--_rss", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args._rss is not None:  # one memory measurement, in its own interpreter
        print(f"{peak_rss_mib(args._rss, args.players, args.memory_backend):.1f}")
        return
    print(f"players {args.players}, rules ema, seed {SEED}\n")
    if args.only in (None, "scaling"):
        print("| workers (process backend) | games/s | worker CPU ms per game |\n|---|---|---|")
        rates = []
        for workers in (1, 2):
            cpu = _children_cpu()
            rates.append(pipeline(args.games, args.players, "process", workers))
            per_game = 1000 * (_children_cpu() - cpu) / args.games
            print(f"| {workers} | {rates[-1]:.1f} | {per_game:.2f} |")
        print(f"\nspeed-up at 2 workers: {rates[1] / rates[0]:.2f}x ({args.games} games each; "
              f"equal CPU per game means the pool adds no work, and the speed-up is what the "
              f"free cores allow)\n")
    if args.only in (None, "per-core"):
        n = args.games // 4
        bare, piped = best_rates(
            n, [lambda: bare_loop(n, args.players), lambda: pipeline(n, args.players, "local", 1)],
            args.repeat,
        )
        print("| one core | games/s |\n|---|---|")
        print(f"| bare play_game loop | {bare:.1f} |\n| simulate pipeline (local) | {piped:.1f} |")
        print(f"\npipeline / bare: {piped / bare:.3f} ({n} games, best of {args.repeat})\n")
    if args.only in (None, "memory"):
        print(f"| games | peak RSS, largest process (MiB), {args.memory_backend} backend |\n|---|---|")
        for games in args.memory_games:
            out = subprocess.run(
                [sys.executable, __file__, "--players", args.players, "--memory-backend",
                 args.memory_backend, "--_rss", str(games)],
                check=True, capture_output=True, text=True,
            )
            print(f"| {games} | {float(out.stdout):.1f} |")


if __name__ == "__main__":
    main()
