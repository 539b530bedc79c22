"""``python -m riichi.analyze RECORD``: which action was best, by Monte Carlo rollouts.

``--at E3-2-7`` (East 3, 2 honba, the seat's 7th discard; ``E3-7`` with no honba) or ``--at K``
(the decision before event ``K`` of the record) prints one decision as a table (``--format json``
for programs). Without ``--at``, every decision of ``--seat`` where more than one action was
legal is analysed and the review is written as one HTML page (``--out``, default
``RECORD-seatN.html``; ``--format json`` prints it as JSON instead), with the time it took.
Seats are numbered 1-4 here (1-3 for a three-player record, 1-2 for a two-player one), seat 1
the first dealer (the Python API counts them from 0).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import warnings
from collections.abc import Sequence

from riichi._cli import (
    Parser, columns, complain, many, program, quiet_on_broken_pipe, say, unwritable,
)
from riichi.analyze.belief import BeliefWarning
from riichi.analyze.decision import decision
from riichi.analyze.position import FALLBACK_RULES, FALLBACK_RULES_2P, FALLBACK_RULES_3P, \
    as_record
from riichi.analyze.review import review
from riichi.analyze.rollout import HORIZONS
from riichi.analyze.worlds import WORLDS
from riichi.errors import AnalysisError, RiichiError
from riichi.logs import GameRecord, read
from riichi.rules.files import describe
from riichi.runner import BACKENDS
from riichi.simulate.players import DEFAULT_PLAYER

EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = Parser(
        prog=program("riichi.analyze"),
        description="Which action was best at a decision of a game record, by Monte Carlo "
                    "rollouts: one decision as a table (--at), or a whole game's review of a "
                    "seat as an HTML page.")
    parser.add_argument("record", help="a game record: mjai, tenhou.net/6 or mjlog (gzip too)")
    parser.add_argument("--seat", type=int, choices=range(1, 5), metavar="1-4",
                        help="the seat to analyse: 1 (the first dealer) to 4 (3 for a three-player "
                             "record, 2 for a two-player one), in turn order")
    parser.add_argument("--at", help="one decision: E3-2-7 (round, honba, the seat's discard "
                                     "number) or an event index")
    parser.add_argument("--samples", type=int, help="worlds per decision "
                        "(default: 1000 for --at, 200 for a review)")
    parser.add_argument("--horizon", choices=HORIZONS, default="game",
                        help="play to the end of the game (default) or of the hand")
    parser.add_argument("--players", default=DEFAULT_PLAYER,
                        help="who plays the rollouts: one player or one a seat (four, three in a "
                             "three-player record, two in a two-player one), as in riichi.simulate "
                             f"(default {DEFAULT_PLAYER})")
    parser.add_argument("--rules", help="the rules preset to replay under (default: the rules "
                        f"the record carries, else {FALLBACK_RULES}, or {FALLBACK_RULES_3P} for three "
                        f"players, {FALLBACK_RULES_2P} for two)")
    parser.add_argument("--seed", type=int, help="the seed (default: drawn and shown)")
    parser.add_argument("--worlds", choices=WORLDS, default="belief",
                        help="how the other seats' hands are drawn: from what the table showed "
                             "(belief, the default), uniformly (uniform), or the record's real "
                             "hands (oracle: a reference, not an analysis)")
    parser.add_argument("--backend", choices=BACKENDS, default="local",
                        help="where the rollouts run: local (this process, default), process or "
                             "ray")
    parser.add_argument("--workers", type=int, help="workers of --backend process or ray "
                        "(default: every CPU)")
    parser.add_argument("--ray-address", help="a Ray cluster's address (default: start one here)")
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="text (default: a table, or the review's HTML page and its "
                             "summary) or json (printed, for programs)")
    parser.add_argument("--out", help="where the review's HTML page goes (default: "
                                      "RECORD-seatN.html in the current folder)")
    parser.add_argument("--limit", type=int, help="review at most this many decisions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


@quiet_on_broken_pipe
def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except RiichiError as e:
        complain(f"{parser.prog}: error: {e}")
        return EXIT_USAGE


def _say_rules(record: GameRecord) -> None:
    """Say on stderr which rules ``record`` is replayed under when the command names none."""
    if record.rules is not None:
        say(f"replaying under the rules the record carries: {describe(record.rules)}", sys.stderr)
    else:
        say(f"the record carries no rule set: replaying under {describe(as_record(record)[1])} "
            "(--rules to choose)", sys.stderr)


def _unfit_page(out: str, record: str) -> str | None:
    """Why the page cannot be written to ``out``, or None: the record itself would be lost."""
    reason = unwritable(out)
    if reason is None and os.path.exists(out) and os.path.samefile(out, record):
        return "the record itself; expected another file for the page"
    return reason


def _write_page(out: str, html: str) -> None:
    """Write the page whole or not at all (a full disk leaves no page cut short)."""
    tmp = os.path.join(os.path.dirname(out), f".{os.path.basename(out)}.tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as file:
            file.write(html)
        os.replace(tmp, out)
    except OSError as e:
        if os.path.exists(tmp):
            os.remove(tmp)
        raise AnalysisError(f"cannot write {out}: {e.strerror or e}") from None


def _run(args: argparse.Namespace) -> int:
    # a collapsed belief is told in the table, the JSON and the page, with its figures
    warnings.simplefilter("ignore", BeliefWarning)
    unused = [option for option, given in (("--out", args.out), ("--limit", args.limit))
              if given is not None]
    if unused and args.at is not None:
        raise AnalysisError(f"{' and '.join(unused)}: for the review of a whole game, not one "
                            "decision (--at); drop one or the other")
    if args.out is not None and args.format == "json":
        raise AnalysisError("--out writes the review as an HTML page; --format json prints it: "
                            "drop one or the other")
    record = read(args.record)
    seats = len(record.names)
    if args.seat is not None and args.seat > seats:
        complain(f"{program('riichi.analyze')}: error: --seat {args.seat}: this record has "
                 f"{seats} seats, expected 1-{seats}")
        return EXIT_USAGE
    if args.rules is None:
        _say_rules(record)
    seat = None if args.seat is None else args.seat - 1
    common = dict(horizon=args.horizon, players=args.players, seed=args.seed,
                  workers=args.workers, backend=args.backend, rules=args.rules,
                  ray_address=args.ray_address, progress=False if args.quiet else None,
                  worlds=args.worlds)
    if args.at is not None:
        result = decision(record, args.at, seat=seat,
                          samples=1000 if args.samples is None else args.samples, **common)
        if args.format == "json":
            print(json.dumps(result.to_json(), indent=2))
        else:
            say(result.table(width=columns(sys.stdout)), indent="    ")
        return 0
    if seat is None:
        complain(f"{program('riichi.analyze')}: error: give --seat for a review of the whole "
                 "game, or --at for one decision")
        return EXIT_USAGE
    name = os.path.splitext(os.path.basename(args.record))[0]
    out = f"{name}-seat{args.seat}.html" if args.out is None else args.out
    reason = None if args.format == "json" else _unfit_page(out, args.record)
    if reason is not None:  # said now, not after the review's minutes
        raise AnalysisError(f"--out {out}: {reason}")
    done = review(record, seat, samples=200 if args.samples is None else args.samples,
                  limit=args.limit, **common)
    if args.format == "json":
        print(json.dumps(done.to_json(), indent=2))
        return 0
    from riichi.analyze.report import html_report

    _write_page(out, html_report(done))
    say(f"reviewed {many(len(done.decisions), 'decision')} of seat {args.seat} in "
        f"{done.seconds:.1f} s "
        f"({done.samples} worlds each, to the end of the {done.horizon}, seed {done.seed}); "
        f"wrote {out}")
    lost = [(d, found) for d in (done.decisions[k] for k in done.flagged(3))
            if (found := d.lost) is not None]
    if not lost:
        say("  no decision where a candidate did significantly better than the played action")
    for rank, (d, (better, difference)) in enumerate(lost, start=1):
        # an all-last hand is judged by placement whatever the horizon
        unit = "placement points" if d.measure == "points" else "points"
        say(f"  {rank}. {d.label}: played {d.played.label}, {better.label} better by "
            f"{difference.text()} {unit}", indent="     ")
    warned = sum(d.warning is not None for d in done.decisions)
    if warned:
        which = "1 decision warns" if warned == 1 else f"{warned} decisions warn"
        say(f"  {which} that the belief's weights collapsed for a seat (see the page)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
