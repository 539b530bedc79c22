"""The table of three beside riichienv's three-player mode over many hands: the figures of the
differential (hands and decisions compared, agreements, differences by kind with examples).

Each hand of ``tenhou-3p`` games is dealt again by riichienv (``3p-red-single``) from the same
wall and both tables take the same random choices (``tests/support/riichienv_sanma.py`` says
how); ``docs/game.md`` ("Beside riichienv") classifies every kind of difference. The suite runs
60 hands of the same comparison (``tests/robustness/test_riichienv_sanma.py``).

    .venv/bin/python bench/sanma_differential.py --hands 1000 --seed 1
"""

from __future__ import annotations

import argparse
import sys
import time
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the checkout: tests.support

from tests.support.riichienv_sanma import DOCUMENTED, RULES, compare_hands  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands to compare (1000)")
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed (1)")
    parser.add_argument("--rules", default="tenhou-3p", choices=sorted(RULES),
                        help="our preset (riichienv plays its rules of the same game)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    tally = compare_hands(args.hands, args.seed, args.rules)
    print(f"riichi beside riichienv {version('riichienv')} (3p-red-single), {args.rules}, "
          f"seed {args.seed}, {time.perf_counter() - start:.0f} s")
    print("\n".join(tally.lines()))
    unexplained = sorted(set(tally.differences) - set(DOCUMENTED))
    print("every difference is documented" if not unexplained else
          f"differences not documented: {', '.join(unexplained)}")
    return 1 if unexplained else 0


if __name__ == "__main__":
    sys.exit(main())
