"""``python -m riichi.simulate`` (also ``riichi-simulate``): Monte Carlo simulation of whole games.

    $ python -m riichi.simulate --games 2000 --players random --out run1 --plots
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import TYPE_CHECKING, Any, NoReturn

from riichi._cli import (
    Parser, columns, command_text, complain, printable, program, quiet_on_broken_pipe, say,
)
from riichi._optional import missing_extra
from riichi._startup import EXIT_INTERRUPTED
from riichi.errors import GameFailedError, RiichiError
from riichi.rules import PRESET_NAMES
from riichi.rules.files import load_rules
from riichi.runner import BACKENDS
from riichi.simulate.players import DEFAULT_PLAYER, PLAYERS, runs_code
from riichi.simulate.run import (
    DEFAULT_GAMES, Progress, SimulationResult, check_backend, check_local_commands, execute, make_plan,
    resume,
)
from riichi.simulate.shard import RunPlan

if TYPE_CHECKING:
    from riichi.simulate.output import RunDirectory

__all__ = ["main"]

EXIT_USAGE = 2
EXIT_FAILED = 1

_EPILOG = """\
situation (--from): a round name E1-E4 or S1-S4 (W1-W4 under rules with a West
  extension), then key=value words: scores=a,b,c,d (required; seats 1-4 in turn
  order, seat 1 the first dealer; multiples of 100 within +-10,000,000 that,
  with 1000 per riichi stick, add up to 4 x the preset's starting points),
  honba=N and sticks=N (0-1000, default 0), dealer=D (optional; checked: the
  dealer of E4 is seat 4).
  Example, rules tenhou:
    --rules tenhou --from "S4 honba=1 sticks=1 scores=32000,28000,24000,15000"
  The summary then gives each seat's probability of finishing 1st-4th and its
  expected result.
  Three players: rounds E1-E3, three scores adding up to 3 x the starting
  points: --rules tenhou-3p --from "S3 scores=45000,35000,25000".

files (--out DIR): run.json (the settings and their fingerprint),
  games.parquet/ and hands.parquet/ (one Parquet file per shard;
  pyarrow.parquet.read_table reads a directory whole), shards/ (partial sums,
  each with the run's fingerprint and its parts' hashes: --resume refuses a file
  that does not belong), summary.json (reproducible), timing.json (games/s, not
  reproducible), run.lock (one run at a time), with --plots PNG charts.

failures: a game that fails (an agent raising, an illegal action) stops the run
  with its number, the run's seed and a command that replays exactly that game
  (--game I), showing the traceback; so does a worker that dies (a signal, out
  of memory), naming its shard too.

resume: run.json is data; a resume runs no code that only it names. Players
  that are code (module:Class, module:function, mjai:COMMAND) are repeated with
  --players as the run was started, or --trust-players runs those it names.
"""

# Options that fix the games: taken from run.json when resuming, so not accepted with --resume
# (but --players, which repeats the run's players, so that the command names the code it runs).
_RUN_OPTIONS = (
    "games", "seed", "rules", "set", "duplicate", "situation", "out", "shard_size", "logs",
)


def _prog() -> str:
    """The command as it was launched: ``riichi-simulate`` or ``python -m riichi.simulate``."""
    return program("riichi.simulate")


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    complain(f"{_prog()}: error: {message}")
    sys.exit(code)


def build_parser() -> argparse.ArgumentParser:
    """The command line's options."""
    parser = Parser(
        prog=_prog(),
        description="Monte Carlo simulation of whole games: seeded, parallel, with 95 %\n"
        "confidence intervals, Parquet output and plots.",
        epilog=_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add = parser.add_argument
    add("--games", type=int, metavar="N",
        help=f"games to play (default {DEFAULT_GAMES}); with --duplicate, walls (a game per "
        "seat each); under a match preset (2p-match), matches")
    add("--seed", type=int, metavar="S", help="seed of the whole run (drawn and printed if not given)")
    add("--rules", metavar="PRESET|FILE",
        help=f"rule preset: {', '.join(PRESET_NAMES)} (default ema), or a rules file FILE.toml "
        "(preset = \"NAME\" and fields: red_fives = false)")
    add("--set", action="append", metavar="FIELD=VALUE",
        help="change one rule of the preset (repeatable): --set uma=30000,10000,-10000,-30000 "
        "--set red_fives=false; python -m riichi.rules lists the fields")
    add("--players", metavar="P[,P,P,P]",
        help="player of each seat (three under three-player rules, two under 2p), or one for all: "
        f"{', '.join(PLAYERS)}, module:Class "
        f"(an Agent; made with seed= if its constructor takes one), module:function (a factory "
        f"seed -> Agent), each with settings as NAME(key=value, ...) (defensive(fold_threshold=2000)), "
        f"or mjai:COMMAND (an mjai bot process; its command without commas) (default {DEFAULT_PLAYER})")
    add("--workers", type=int, metavar="K",
        help="parallel workers (default: every core; worker processes no more than the cores, "
        "Ray workers no more than the cluster's CPUs; none beyond the shards left)")
    add("--backend", choices=BACKENDS,
        help="where games are played: process (worker processes on this machine, default), "
        "local (this process alone) or ray (a Ray cluster, the 'ray' extra)")
    add("--ray-address", metavar="ADDR",
        help="address of a running Ray cluster (host:6379 or auto); default (or local): start "
        "a new local Ray")
    add("--out", metavar="DIR", help="write the files of the run to DIR, shard by shard "
        "(default: none are written, the summary is printed only)")
    add("--plots", action="store_true", help="write PNG charts to --out (needs matplotlib)")
    add("--quiet", action="store_true", help="no progress bar and no seed notice")
    add("--resume", metavar="DIR",
        help="finish the interrupted run kept in DIR; players that are code (module:Class, "
        "mjai:COMMAND) must be repeated with --players, as the run was started")
    add("--trust-players", action="store_true",
        help="with --resume: run the players that DIR/run.json names, code too, without "
        "repeating them (run.json is a data file: who can write it chooses that code)")
    add("--duplicate", action="store_true",
        help="play each wall once per seat with the seats rotated; reports the variance reduction")
    add("--from", dest="situation", metavar="SITUATION",
        help="simulate the rest of a game from a situation (format below)")
    add("--format", choices=("table", "json"),
        help="how to print the summary: table (default, for people) or json (for programs)")
    add("--width", type=int, metavar="COLUMNS",
        help="lay the summary out in COLUMNS columns (default: the terminal's width, else 80)")
    add("--shard-size", type=int, metavar="N",
        help="games per shard (default 100); under a match preset, matches; with --duplicate, "
        "the whole walls that fit (a wall's rotations stay together), at least one")
    add("--logs", type=int, metavar="N",
        help="write the first N games to --out/logs as mjai and tenhou.net/6 records")
    add("--game", type=int, metavar="I",
        help="play only game I of the run (as the whole run plays it), here, and show any error "
        "with its traceback: the command a failed game names (it prints one line of text, so "
        "--backend, --workers, --format, --width and the options that write files are refused)")
    return parser


@quiet_on_broken_pipe
def main(argv: list[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    args = build_parser().parse_args(argv)
    try:
        return _main(args)
    except GameFailedError as e:
        _fail(str(e), EXIT_FAILED)
    except RiichiError as e:
        _fail(str(e))


def _main(args: argparse.Namespace) -> int:
    if args.game is not None:
        return _replay(args)
    args.backend = args.backend or "process"  # None only to tell a --game that names one
    if args.plots and args.out is None and args.resume is None:
        _fail("--plots writes its charts to the output directory: add --out DIR")
    if args.logs is not None and args.logs > 0 and args.out is None:  # below 0: make_plan says
        _fail("--logs writes the game records to the output directory: add --out DIR")
    if args.width is not None and args.width < 1:
        _fail(f"--width {args.width}: expected a number of columns >= 1")
    for extra, purpose, needed in (
        ("simulate", "the simulator", True),
        ("plots", "--plots", args.plots),
        ("ray", "--backend ray", args.backend == "ray"),
    ):
        message = missing_extra(extra, purpose) if needed else None
        if message is not None:
            _fail(message)
    made: RunDirectory | None = None  # the --out folder, made before the seed is told
    execution: dict[str, Any] = {"workers": args.workers, "backend": args.backend,
                                 "ray_address": args.ray_address}
    check_backend(**execution)
    if args.resume is not None:
        given = [f"--{o.replace('_', '-')}" for o in _RUN_OPTIONS
                 if getattr(args, o) not in (None, False)]
        if given:
            _fail(f"--resume takes the run's settings from its run.json; drop {', '.join(given)}")
        out = args.resume
        players, trust = args.players, args.trust_players

        def target(progress: Progress | None) -> SimulationResult:
            return resume(out, players=players, trust_players=trust, progress=progress,
                          rewrite_finished=args.plots, **execution)  # its charts drawn again
    else:
        if args.trust_players:
            _fail("--trust-players is for --resume, which reads the players from run.json")
        plan = make_plan(
            DEFAULT_GAMES if args.games is None else args.games,
            seed=args.seed, rules=load_rules(args.rules or "ema", args.set or ()),
            players=args.players or DEFAULT_PLAYER,
            duplicate=args.duplicate, situation=args.situation,
            shard_size=100 if args.shard_size is None else args.shard_size,
            logs=args.logs or 0,
        )
        if args.out is not None:
            from riichi.simulate.output import RunDirectory

            check_local_commands(plan, args.backend)  # a bot that cannot run makes no folder
            made = RunDirectory(args.out)
            made.make()  # a path that cannot hold the run fails before the seed
        if args.seed is None and not args.quiet:
            say(f"seed: {plan.seed} (pass --seed {plan.seed} to play the same games)", sys.stderr)
        out = args.out

        def target(progress: Progress | None) -> SimulationResult:
            return execute(plan, out=out, keep_tables=False, progress=progress, **execution)
    try:
        with _ProgressBar(args.quiet) as progress:
            result = target(progress)
    except KeyboardInterrupt:
        _interrupted(out, args.plots, made)
        return EXIT_INTERRUPTED
    except Exception:
        if made is not None:  # the folders it made, emptied by a run refused (Ray's workers)
            made.discard()
        raise
    _print_summary(result, args.format or "table", args.width)
    if args.plots:  # a finished run resumed with --plots draws its charts
        from riichi.simulate.output import RunDirectory, write_plots

        try:
            paths = write_plots(RunDirectory(out), result.summary)
        except KeyboardInterrupt:
            say(f"interrupted while drawing the charts: the run in {out} is finished, its "
                f"charts are drawn\u00a0by:", sys.stderr)
            _print_resume_command(out, result.plan, True)
            return EXIT_INTERRUPTED
        for path in paths:
            if not args.quiet:
                say(f"wrote {path}", sys.stderr)
    return 0


def _interrupted(out: str | None, plots: bool, made: RunDirectory | None) -> None:
    """Say what a Ctrl-C kept; ``made`` is the --out folder as this command made it, removed
    when the run had not begun (a resume would find no run there)."""
    if out is None:
        say("interrupted; nothing was kept (run with --out DIR to keep finished shards and "
            "resume later)", sys.stderr)
        return
    from riichi.simulate.output import RunDirectory

    directory = RunDirectory(out)
    if made is not None and not directory.plan_file.exists():
        made.discard()
        say("interrupted", sys.stderr)  # as before the command's work began
        return
    plan = directory.plan()
    say(f"interrupted: {len(directory.finished(plan))} of {plan.shards} shards finished and kept "
        f"in {out}; resume\u00a0with:", sys.stderr)  # the no-break space: one line ends so
    _print_resume_command(out, plan, plots)


def _print_resume_command(out: str, plan: RunPlan, plots: bool) -> None:
    """The command that resumes the run of ``plan`` in ``out``, on stderr, to copy."""
    command = [*_prog().split(), "--resume", out]
    if any(map(runs_code, plan.players)):  # named again, or the resume refuses to run them
        command += ["--players", ",".join(map(str, plan.players))]
    if plots:  # the charts are drawn at the end, by the run that finishes
        command.append("--plots")
    print(printable(command_text(command, columns(sys.stderr))), file=sys.stderr)


def _replay(args: argparse.Namespace) -> int:
    """``--game I``: game I of the run alone, in this process, errors raised as they come."""
    from riichi.game.match import MatchResult
    from riichi.simulate.shard import ShardPlayer

    # what writes files, plays elsewhere (the game is played here, alone) or lays out a summary
    # (the game's one line is text)
    unused = [f"--{o.replace('_', '-')}" for o in ("games", "out", "resume", "shard_size", "logs",
                                                   "plots", "workers", "backend", "ray_address",
                                                   "trust_players", "format", "width")
              if getattr(args, o) not in (None, False)]
    if unused:
        _fail(f"--game plays one game here and writes nothing; drop {', '.join(unused)}")
    if args.seed is None:
        _fail("--game needs the --seed of the run the game belongs to")
    if args.game < 0:
        _fail(f"--game {args.game}: expected a game number >= 0")
    plan = make_plan(args.game + 1, seed=args.seed,
                     rules=load_rules(args.rules or "ema", args.set or ()),
                     players=args.players or DEFAULT_PLAYER, duplicate=args.duplicate,
                     situation=args.situation)
    result = ShardPlayer(plan).replay(args.game)
    if isinstance(result, MatchResult):
        say(f"match of game {args.game} of the run seeded {plan.seed}: sets won "
            f"{', '.join(map(str, result.set_wins))}")
    else:
        say(f"game {args.game} of the run seeded {plan.seed}: final scores "
            f"{', '.join(map(str, result.final_scores))}")
    return 0


def _print_summary(result: SimulationResult, form: str, width: int | None) -> None:
    if form == "json":
        print(json.dumps({**result.summary, "timing": result.timing}, indent=2, allow_nan=False))
        return
    from riichi.simulate.report import render_summary

    sys.stdout.write(printable(render_summary(result.summary, result.timing,
                                              columns(sys.stdout, width))))


class _ProgressBar:
    """A rich progress bar with games/s and ETA on a terminal; nothing otherwise."""

    def __init__(self, quiet: bool) -> None:
        self.bar: Any = None
        if not quiet and sys.stderr.isatty():
            from rich.console import Console
            from rich.progress import (
                BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn,
            )

            self.bar = Progress(
                TextColumn("games"), BarColumn(), MofNCompleteColumn(),
                TextColumn("{task.fields[rate]}"), TimeRemainingColumn(),
                console=Console(stderr=True), transient=True,
            )
        self.task: Any = None
        self.first = 0  # games finished before this call (a resumed run)

    def __enter__(self) -> Any:
        if self.bar is None:
            return None
        self.bar.__enter__()
        return self.update

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.__exit__(*exc)

    def update(self, done: int, total: int) -> None:
        if self.task is None:
            self.task = self.bar.add_task("games", total=total, completed=done, rate="")
            self.first = done
            return
        self.bar.update(self.task, completed=done)
        elapsed = self.bar.tasks[0].elapsed or 0.0
        if elapsed > 0:
            self.bar.update(self.task, rate=f"{(done - self.first) / elapsed:,.0f} games/s")


if __name__ == "__main__":
    sys.exit(main())
