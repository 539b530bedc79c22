"""The table's speed in one run: whole hanchans per second on one core, ours beside riichienv's.

Usage (needs the ``bench`` extra)::

    python bench/table_speed.py [--games 100] [--repeat 1] [--json FILE] [--save-baseline]

In this process, one after another: ``--games`` complete hanchans of the ``ema``, ``tenhou`` and
``tenhou-3p`` presets with a ``RandomAgent``, an ``EfficiencyAgent`` or a ``DefensiveAgent`` at
every seat (``play_game(..., record_events=False)``, every game its own seeds), then as many
hanchans of
riichienv's own game loop (``RiichiEnv(game_mode="4p-red-half")``) driven by :func:`greedy_action`,
the efficiency policy's core in Python: win > riichi > the discard that leaves the lowest shanten >
pass. Every riichienv game is checked to be a complete hanchan (``done()``, its log ends with
``end_game`` after South was reached or a player went below zero, and the points plus the riichi
sticks left sum to 4 x 25,000).

A row's hanchans/s is ``games`` over the CPU time of this process (``time.process_time``, robust
to other processes sharing the cores; the wall-clock rate is printed beside it) in the best of
``--repeat`` passes over the same games. The cost per decision is that CPU time over the number of
decisions (``act`` calls), split in the proportion measured by a second pass with every agent's
``act`` wrapped in a wall-clock timer: the agents' share is the time inside ``act``, the engine's
everything else (the timer's own cost included; for riichienv ``legal_actions()`` counts as the
engine's). Last, a cProfile of ``--profile-games`` ``tenhou`` hanchans with 4 x
``EfficiencyAgent`` on the interpreted build (``RIICHI_PURE_PYTHON=1``, in a child process: cProfile
cannot see into compiled modules): the functions with the most own time (by the wall clock, so a
busy machine blurs it).

The targets are those of the table in C types: 4 x ``EfficiencyAgent`` at least 12x riichienv's
greedy loop and 4 x ``RandomAgent`` at least 15x, in ``ema`` and in ``tenhou`` (stretch: 2,000
hanchans/s with ``RandomAgent``), and ``GameState.clone()`` at most 2 us mid-hand (CPU time of a
loop of clones); and three players' (issue 35): ``tenhou-3p`` hanchans at least as many per
second as ``tenhou``'s with the same players. The "x baseline" column compares with ``bench/speed_baseline.json`` (measured on
the engine before it was first made faster; see the file for the commit and the command);
``--save-baseline`` writes that file from this run instead. In the timed pass the agents are
wrapped, so the table calls them as it calls any Python agent, not through the built-in players'
C-level entry: the split of a decision is an estimate.
The machine may be shared: figures move with its load, so compare runs taken on a quiet machine.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Any

import numpy as np

from riichi.agents import Agent
from riichi.game import Action, Observation, play_game
from riichi.rules import RuleSet
from riichi.simulate.players import PLAYERS as PLAYER_CLASSES
from riichi.simulate.players import agent_factory
from riichi.simulate.shard import agent_seed

SEED = 11
PRESETS = ("ema", "tenhou", "tenhou-3p")
FOUR_PLAYERS = ("ema", "tenhou")  # the presets riichienv's four-player loop is a peer of
THREE_PLAYERS = {"tenhou-3p": "tenhou"}  # a three-player preset and its four-player peer
PLAYERS = tuple(PLAYER_CLASSES)  # random, efficiency, defensive
RIICHIENV = "riichienv greedy"
RIICHIENV_MODE = "4p-red-half"
RIICHIENV_START = 25_000
BASELINE = Path(
    os.environ.get("RIICHI_SPEED_BASELINE", Path(__file__).with_name("speed_baseline.json"))
)
"""The stored figures the targets and the regression check compare against; the environment
variable points both at another file (one written by ``--save-baseline`` on another machine, or
after the engine changed)."""

# Targets of the speed issues: the table in C types (issue 22).
TIMES_RIICHIENV = {"efficiency": 12.0, "random": 15.0}
STRETCH_RATE = 2_000.0  # hanchans/s with 4 x random on one core
CLONE_US = 2.0  # GameState.clone() mid-hand


@dataclass
class Row:
    """What one workload measured: its hanchans/s and where a decision's time goes."""

    preset: str
    players: str
    games: int
    seconds: float
    wall_seconds: float
    decisions: int = 0
    timed_seconds: float = 0.0
    agent_seconds: float = 0.0

    @property
    def rate(self) -> float:
        """Hanchans per CPU second of this process."""
        return self.games / self.seconds

    @property
    def wall_rate(self) -> float:
        return self.games / self.wall_seconds

    @property
    def us_per_decision(self) -> float:
        """CPU time per decision of the plain pass (so that it matches :attr:`rate`)."""
        return self.seconds / self.decisions * 1e6

    @property
    def agent_share(self) -> float:
        """The part of the timed pass's wall-clock time spent inside the agents' ``act``."""
        return self.agent_seconds / self.timed_seconds

    @property
    def agent_us(self) -> float:
        return self.us_per_decision * self.agent_share

    @property
    def engine_us(self) -> float:
        return self.us_per_decision - self.agent_us


@dataclass
class Timing:
    """Seconds spent, by the wall clock and in this process's CPU time."""

    wall: float = 0.0
    cpu: float = 0.0


class GameClock:
    """Adds the time of each ``with`` block to ``timing``."""

    def __init__(self, timing: Timing) -> None:
        self.timing = timing

    def __enter__(self) -> None:
        self.wall, self.cpu = time.perf_counter(), time.process_time()

    def __exit__(self, *exc: object) -> None:
        self.timing.wall += time.perf_counter() - self.wall
        self.timing.cpu += time.process_time() - self.cpu


class Stopwatch:
    """Sums the time spent in the calls it wraps, and counts them."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.calls = 0

    def wrap(self, act: Callable[..., Any]) -> Callable[..., Any]:
        clock = time.perf_counter

        def timed(*args: Any) -> Any:
            start = clock()
            answer = act(*args)
            self.seconds += clock() - start
            self.calls += 1
            return answer

        return timed


class TimedAgent:
    """``agent`` with its ``act`` timed by ``watch``; its optional hooks are passed through."""

    def __init__(self, agent: Agent, watch: Stopwatch) -> None:
        self.agent = agent
        self.act = watch.wrap(agent.act)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


# ---- our table ------------------------------------------------------------------------------


def play_ours(preset: str, player: str, games: int, watch: Stopwatch | None = None) -> Timing:
    """The time of ``games`` hanchans of ``preset`` with a ``player`` at every seat."""
    make = agent_factory(player)
    seats = RuleSet.preset(preset).players
    timing = Timing()
    clock = GameClock(timing)
    for i in range(games):
        with clock:
            agents: list[Any] = [make(agent_seed(SEED, i, seat)) for seat in range(seats)]
            if watch is not None:
                agents = [TimedAgent(agent, watch) for agent in agents]
            play_game(preset, agents, seed=SEED, game_index=i, record_events=False)
    return timing


# ---- riichienv's table ----------------------------------------------------------------------


def greedy_action(hand: Sequence[int], legal: Sequence[Any], shanten: Callable[[list[int]], int],
                  types: Any) -> Any:
    """The efficiency policy's core over riichienv's actions: win > riichi > the discard that
    leaves the lowest shanten (the first such in riichienv's order) > pass."""
    riichi = discard = passing = None
    lowest = 99
    for action in legal:
        kind = action.action_type
        if kind == types.TSUMO or kind == types.RON:
            return action
        if kind == types.RIICHI:
            riichi = action
        elif kind == types.DISCARD:
            rest = list(hand)
            rest.remove(action.tile)
            after = shanten(rest)
            if after < lowest:
                lowest, discard = after, action
        elif kind == types.PASS:
            passing = action
    return next((a for a in (riichi, discard, passing) if a is not None), legal[0])


def riichienv_seed(game: int) -> int:
    """riichienv's wall seed of game ``game`` of this run."""
    return int(np.random.SeedSequence(SEED, spawn_key=(game,)).generate_state(1, np.uint64)[0])


def play_riichienv(games: int, watch: Stopwatch | None = None, first: int = 0) -> Timing:
    """The time of riichienv's games ``first`` to ``first + games - 1`` of this run with four
    greedy players; every game is checked (outside the timed part) to be a complete hanchan."""
    import riichienv  # type: ignore[import-untyped]  # optional: only this loop needs it

    shanten, types = riichienv.calculate_shanten, riichienv.ActionType
    policy: Callable[..., Any] = greedy_action if watch is None else watch.wrap(greedy_action)
    timing = Timing()
    clock = GameClock(timing)
    for i in range(first, first + games):
        with clock:
            env = riichienv.RiichiEnv(game_mode=RIICHIENV_MODE, seed=riichienv_seed(i))
            observations = env.reset()
            while not env.done():
                observations = env.step({
                    seat: policy(obs.hand, obs.legal_actions(), shanten, types)
                    for seat, obs in observations.items()
                })
        check_hanchan(env, riichienv_seed(i))
    return timing


def check_hanchan(env: Any, seed: int) -> None:
    """Raise unless ``env`` (dealt with ``seed``) holds a finished hanchan: the end of the game
    logged, South reached or a player below zero, and no point made or lost."""
    log = env.mjai_log
    scores = env.scores()
    reached_south = any(e["type"] == "start_kyoku" and e["bakaze"] != "E" for e in log)
    problems = []
    if not env.done() or log[-1]["type"] != "end_game":
        problems.append("the game is not over")
    if not reached_south and min(scores) >= 0:
        problems.append("it ended in the East round with nobody below zero")
    if sum(scores) + 1000 * env.riichi_sticks != 4 * RIICHIENV_START:
        problems.append(f"points {scores} + {env.riichi_sticks} sticks do not sum to 100,000")
    if problems:
        raise RuntimeError(f"riichienv game (seed {seed}): " + "; ".join(problems))


# ---- measuring ------------------------------------------------------------------------------

Play = Callable[[int, "Stopwatch | None"], Timing]


def measure(preset: str, players: str, play: Play, games: int, repeat: int) -> Row:
    """The best (least CPU time) of ``repeat`` plain passes, then one pass with the agents timed
    for the cost per decision."""
    play(1, None)  # first calls (imports, caches) are not the steady state
    best = min((play(games, None) for _ in range(repeat)), key=lambda t: t.cpu)
    watch = Stopwatch()
    timed = play(games, watch)
    row = Row(preset, players, games, best.cpu, best.wall, watch.calls, timed.wall, watch.seconds)
    print(f"  {preset:<11} {players:<11} {row.rate:8.1f} hanchans/s", file=sys.stderr)
    return row


def measure_all(games: int, repeat: int, with_riichienv: bool) -> list[Row]:
    rows = []
    for preset in PRESETS:
        for player in PLAYERS:
            def play(n: int, watch: Stopwatch | None, p: str = preset, q: str = player) -> Timing:
                return play_ours(p, q, n, watch)
            rows.append(measure(preset, player, play, games, repeat))
    if with_riichienv:
        rows.append(measure(RIICHIENV_MODE, RIICHIENV, play_riichienv, games, repeat))
    return rows


def profile_rows(games: int, top: int) -> tuple[list[dict[str, Any]], float]:
    """The ``top`` functions by own time over ``games`` tenhou hanchans of 4 x EfficiencyAgent,
    and the total profiled time, measured in a child process on the interpreted build
    (``RIICHI_PURE_PYTHON=1``): cProfile sees no function inside a compiled module, and the
    interpreted one runs the same source, so its shares say where a decision's work goes."""
    child = subprocess.run(
        [sys.executable, __file__, "--profile-only", str(games), "--top", str(top)],
        env={**os.environ, "RIICHI_PURE_PYTHON": "1"}, capture_output=True, text=True, check=True,
    )
    found = json.loads(child.stdout)
    return found["rows"], found["total"]


def profile_here(games: int, top: int) -> tuple[list[dict[str, Any]], float]:
    """What :func:`profile_rows` reports, measured in this process."""
    play_ours("tenhou", "efficiency", 1)  # first calls (imports, caches) are not the steady state
    profiler = cProfile.Profile()
    profiler.enable()
    play_ours("tenhou", "efficiency", games)
    profiler.disable()
    stats = pstats.Stats(profiler)
    total = stats.total_tt  # type: ignore[attr-defined]
    by_own_time = stats.stats.items()  # type: ignore[attr-defined]
    entries = sorted(by_own_time, key=lambda kv: kv[1][2], reverse=True)
    rows = []
    for (path, line, name), (_, calls, own, cumulative, _) in entries[:top]:
        rows.append({
            "function": name, "where": _short_path(path, line), "calls": calls,
            "own_ms": own * 1e3, "own_share": own / total, "cumulative_ms": cumulative * 1e3,
        })
    return rows, total


def _short_path(path: str, line: int) -> str:
    if path == "~":
        return "built-in"
    for marker in ("site-packages/", "src/"):
        if marker in path:
            path = path.split(marker, 1)[1]
            break
    return f"{path}:{line}"


# ---- the report -----------------------------------------------------------------------------


def load_baseline(path: Path = BASELINE) -> dict[str, Any] | None:
    return json.loads(path.read_text()) if path.exists() else None


def baseline_rate(baseline: dict[str, Any] | None, preset: str, players: str) -> float | None:
    if baseline is None:
        return None
    rate = baseline["hanchans_per_second"].get(preset, {}).get(players)
    return float(rate) if rate is not None else None


def speed_table(rows: list[Row], baseline: dict[str, Any] | None) -> str:
    reference = next((r for r in rows if r.players == RIICHIENV), None)
    lines = [
        "| preset | players | hanchans/s | (wall clock) | decisions/hanchan | x riichienv greedy "
        "| x baseline |",
        "|---|---|---:|---:|---:|---:|---:|",
    ]
    for row in rows:
        versus = f"{row.rate / reference.rate:.2f}x" if reference and row is not reference else "-"
        base = baseline_rate(baseline, row.preset, row.players)
        old = f"{row.rate / base:.2f}x" if base else "-"
        seats = 4 if row.players == RIICHIENV else RuleSet.preset(row.preset).players
        players = row.players if row.players == RIICHIENV else f"{seats} x {row.players}"
        lines.append(f"| {row.preset} | {players} | {row.rate:,.1f} | {row.wall_rate:,.1f} | "
                     f"{row.decisions / row.games:,.0f} | {versus} | {old} |")
    return "\n".join(lines)


def decision_table(rows: list[Row]) -> str:
    lines = [
        "| preset | players | us/decision | engine us | agents us | agents' share |",
        "|---|---|---:|---:|---:|---:|",
    ]
    for row in rows:
        lines.append(f"| {row.preset} | {row.players} | {row.us_per_decision:.1f} | "
                     f"{row.engine_us:.1f} | {row.agent_us:.1f} | "
                     f"{row.agent_share:.0%} |")
    return "\n".join(lines)


def verdicts(rows: list[Row], clone_us: float) -> list[tuple[str, str, str]]:
    """(target, measured, verdict) of every target of the issue this run can judge."""
    found = {(r.preset, r.players): r for r in rows}
    reference = found.get((RIICHIENV_MODE, RIICHIENV))
    out = []
    for players, wanted in TIMES_RIICHIENV.items():
        for preset in FOUR_PLAYERS:
            mine = found.get((preset, players))
            if mine is None or reference is None:
                continue
            times = mine.rate / reference.rate
            out.append((f"{preset}: 4 x {players} >= {wanted:g}x riichienv greedy",
                        f"{times:.2f}x ({mine.rate:,.1f} vs {reference.rate:,.1f}/s)",
                        _verdict(times >= wanted)))
    for preset in FOUR_PLAYERS:
        mine = found.get((preset, "random"))
        if mine is not None:
            out.append((f"{preset}: 4 x random >= {STRETCH_RATE:,.0f} hanchans/s (stretch)",
                        f"{mine.rate:,.1f}/s", _verdict(mine.rate >= STRETCH_RATE)))
    for three, four in THREE_PLAYERS.items():
        for players in PLAYERS:
            mine, peer = found.get((three, players)), found.get((four, players))
            if mine is not None and peer is not None:
                out.append((f"{three}: 3 x {players} >= {four}'s 4 x {players} hanchans/s",
                            f"{mine.rate / peer.rate:.2f}x ({mine.rate:,.1f} vs "
                            f"{peer.rate:,.1f}/s)", _verdict(mine.rate >= peer.rate)))
    out.append((f"GameState.clone() <= {CLONE_US:g} us mid-hand", f"{clone_us:.2f} us",
                _verdict(clone_us <= CLONE_US)))
    return out


def clone_cost(copies: int = 200_000) -> float:
    """Microseconds of CPU time per ``GameState.clone()`` of an ema state 40 decisions into its
    first hand (the best of three runs)."""
    from riichi.agents import RandomAgent
    from riichi.game import Game

    state = Game("ema", seed=3).new_state()
    agents = [RandomAgent(s) for s in range(4)]
    for _ in range(40):
        seat = state.acting_seats[0]
        state.apply(agents[seat].act(Observation(state, seat), state.legal(seat)), seat=seat)
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for _ in range(copies):
            state.clone()
        best = min(best, time.process_time() - start)
    return best / copies * 1e6


def _verdict(met: bool) -> str:
    return "met" if met else "MISSED"


def profile_table(entries: list[dict[str, Any]]) -> str:
    lines = ["| function | where | calls | own ms | own share | cumulative ms |",
             "|---|---|---:|---:|---:|---:|"]
    for e in entries:
        lines.append(f"| `{e['function']}` | {e['where']} | {e['calls']:,} | {e['own_ms']:,.1f} | "
                     f"{e['own_share']:.1%} | {e['cumulative_ms']:,.1f} |")
    return "\n".join(lines)


def environment() -> dict[str, str]:
    try:
        peer = f"riichienv {version('riichienv')}"
    except PackageNotFoundError:
        peer = "riichienv not installed"
    return {
        "python": platform.python_version(),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "packages": f"riichi {version('riichi')}, {peer}",
        "commit": git_commit(),
        "date": datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "load": "load average %.2f %.2f %.2f" % os.getloadavg(),
    }


def git_commit() -> str:
    """HEAD of the checkout, marked ``+changes`` when the engine's sources differ from it."""
    root = Path(__file__).resolve().parent.parent
    try:
        head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "status", "--porcelain", "--", "src"], cwd=root,
                               capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return head + (" +changes" if dirty else "")


def save_baseline(rows: list[Row], env: dict[str, str], command: str, path: Path) -> None:
    rates: dict[str, dict[str, float]] = {}
    for row in rows:
        rates.setdefault(row.preset, {})[row.players] = round(row.rate, 2)
    path.write_text(json.dumps({
        "about": "hanchans/s of bench/table_speed.py on the engine before it was made faster; "
                 "the speed targets and the regression check compare against these",
        "commit": env["commit"], "date": env["date"], "command": command,
        "machine": env["machine"], "load": env["load"], "python": env["python"],
        "packages": env["packages"],
        "games": rows[0].games, "hanchans_per_second": rates,
    }, indent=2) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="hanchans per row")
    parser.add_argument("--repeat", type=int, default=1, help="plain passes per row, best taken")
    parser.add_argument("--profile-games", type=int, default=5)
    parser.add_argument("--top", type=int, default=15, help="functions in the profile table")
    parser.add_argument("--json", type=Path, help="write every figure to this file")
    parser.add_argument("--no-riichienv", action="store_true", help="skip riichienv's loop")
    parser.add_argument("--save-baseline", action="store_true",
                        help=f"write this run's hanchans/s to {BASELINE.name} as the baseline")
    parser.add_argument("--profile-only", type=int, metavar="GAMES", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.profile_only is not None:  # the child process of profile_rows
        rows, total = profile_here(args.profile_only, args.top)
        print(json.dumps({"rows": rows, "total": total}))
        return 0
    if args.games < 1 or args.repeat < 1:
        parser.error("--games and --repeat must be at least 1")
    command = "python bench/table_speed.py " + " ".join(argv if argv is not None else sys.argv[1:])

    env = environment()
    rows = measure_all(args.games, args.repeat, not args.no_riichienv)
    profile: list[dict[str, Any]] = []
    profiled = 0.0
    if args.profile_games:
        profile, profiled = profile_rows(args.profile_games, args.top)
    if args.save_baseline:
        save_baseline(rows, env, command.strip(), BASELINE)
    baseline = load_baseline()
    clone_us = clone_cost()
    targets = verdicts(rows, clone_us)

    print(f"{env['packages']}; Python {env['python']} on {env['machine']}; "
          f"commit {env['commit']}; {env['date']}; {env['load']} at the start")
    print(f"`{command.strip()}`: {args.games} hanchans per row, best of {args.repeat} pass(es), "
          "one process, one after another")
    if baseline is not None:
        print(f"baseline: {BASELINE.name}, commit {baseline['commit'][:10]}, {baseline['date']}")
    print("\n" + speed_table(rows, baseline))
    print("\nTargets:\n\n| target | measured | verdict |\n|---|---|---|")
    for target, measured, verdict in targets:
        print(f"| {target} | {measured} | {verdict} |")
    print("\nCost per decision (a second pass with every act() timed; engine = the rest):\n")
    print(decision_table(rows))
    if profile:
        print(f"\nProfile: {args.profile_games} tenhou hanchans, 4 x efficiency, cProfile of the "
              f"same source interpreted (RIICHI_PURE_PYTHON=1, {profiled:.2f} s profiled: cProfile "
              f"sees no function of a compiled module), top {len(profile)} by own time; the Cython "
              "core's and kernels' time is their caller's own time\n")
        print(profile_table(profile))
    if args.json:
        args.json.write_text(json.dumps({
            "environment": env, "command": command.strip(), "repeat": args.repeat,
            "rows": [asdict(r) | {"hanchans_per_second": r.rate} for r in rows],
            "targets": [dict(zip(("target", "measured", "verdict"), t)) for t in targets],
            "profile": profile, "baseline": baseline, "clone_us": clone_us,
        }, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
