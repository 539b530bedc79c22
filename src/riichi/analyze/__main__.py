"""``python -m riichi.analyze RECORD``: which action was best, by Monte Carlo rollouts.

``--at E3-2-7`` (East 3, 2 honba, the seat's 7th discard; ``E3-7`` with no honba) or ``--at K``
(the decision before event ``K`` of the record) prints one decision as a table (``--format json``
for programs). Without ``--at``, every decision of ``--seat`` where more than one action was
legal is analysed and the review is written as one HTML page (``--out``, default
``RECORD-seatN.html``; ``--format json`` prints it as JSON instead), with the time it took.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence

from riichi._cli import printable
from riichi.analyze.decision import decision
from riichi.analyze.review import review
from riichi.analyze.rollout import HORIZONS
from riichi.errors import RiichiError
from riichi.logs import read
from riichi.runner import BACKENDS
from riichi.simulate.players import DEFAULT_PLAYER

PROG = "python -m riichi.analyze"
EXIT_USAGE = 2


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=PROG, description=__doc__.split("\n\n")[0])
    parser.add_argument("record", help="a game record: mjai, tenhou.net/6 or mjlog (gzip too)")
    parser.add_argument("--seat", type=int, help="the seat to analyse (0-3)")
    parser.add_argument("--at", help="one decision: E3-2-7 (round, honba, the seat's discard "
                                     "number) or an event index")
    parser.add_argument("--samples", type=int, help="worlds per decision "
                        "(default: 1000 for --at, 200 for a review)")
    parser.add_argument("--horizon", choices=HORIZONS, default="game",
                        help="play to the end of the game (default) or of the hand")
    parser.add_argument("--players", default=DEFAULT_PLAYER,
                        help="who plays the rollouts: one player or four, as in riichi.simulate")
    parser.add_argument("--rules", default="tenhou", help="the rules preset (default tenhou)")
    parser.add_argument("--seed", type=int, help="the seed (default: drawn and shown)")
    parser.add_argument("--backend", choices=BACKENDS, default="local")
    parser.add_argument("--workers", type=int, help="workers of --backend process or ray "
                        "(default: every CPU)")
    parser.add_argument("--ray-address", help="a Ray cluster's address (default: start one here)")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.add_argument("--out", help="where the review's HTML page goes")
    parser.add_argument("--limit", type=int, help="review at most this many decisions")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except RiichiError as e:
        print(printable(f"{PROG}: error: {e}"), file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _run(args: argparse.Namespace) -> int:
    record = read(args.record)
    common = dict(horizon=args.horizon, players=args.players, seed=args.seed,
                  workers=args.workers, backend=args.backend, rules=args.rules,
                  ray_address=args.ray_address, progress=False if args.quiet else None)
    if args.at is not None:
        result = decision(record, args.at, seat=args.seat, samples=args.samples or 1000,
                          **common)
        print(json.dumps(result.to_json(), indent=2) if args.format == "json"
              else printable(result.table()))
        return 0
    if args.seat is None:
        print(f"{PROG}: error: give --seat for a review of the whole game, or --at for one "
              "decision", file=sys.stderr)
        return EXIT_USAGE
    done = review(record, args.seat, samples=args.samples or 200, limit=args.limit,
                  **common)
    if args.format == "json":
        print(json.dumps(done.to_json(), indent=2))
        return 0
    from riichi.analyze.report import html_report

    out = args.out or f"{os.path.splitext(os.path.basename(args.record))[0]}-seat{args.seat}.html"
    with open(out, "w", encoding="utf-8") as file:
        file.write(html_report(done))
    print(printable(
        f"reviewed {len(done.decisions)} decisions of seat {args.seat} in {done.seconds:.1f} s "
        f"({done.samples} worlds each, to the end of the {done.horizon}, seed {done.seed}); "
        f"wrote {out}"
    ))
    unit = "placement points" if done.horizon == "game" else "points"
    for rank, k in enumerate(done.costliest(3), start=1):
        d = done.decisions[k]
        print(printable(f"  {rank}. {d.label}: played {d.played.label}, best {d.best.label} "
                        f"(paired difference {d.best.vs_played.text()} {unit})"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
