"""``python -m riichi.scoring PRESET``: the payment tables of a rule preset, each figure from the
scorer (ron and tsumo, dealer and non-dealer, by han and fu, and the limit hands), as Markdown.

    $ python -m riichi.scoring ema

The tables come from the scorer, so the command lives with it, a layer above the rules (the rules
command, ``python -m riichi.rules``, shows what each preset is).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from riichi._cli import Parser, quiet_on_broken_pipe
from riichi.rules import PRESET_NAMES
from riichi.scoring.chart import payment_chart

__all__ = ["main"]

PROG = "python -m riichi.scoring"


@quiet_on_broken_pipe
def main(argv: Sequence[str] | None = None) -> int:
    """Print the payment tables of the preset named; 0 on success (bad arguments exit with 2)."""
    parser = Parser(prog=PROG, description="The payment tables of a rule preset: ron and tsumo, "
                     "by han and fu, and the limits, as the scorer pays them.")
    parser.add_argument("preset", metavar="PRESET", help=f"the preset: {', '.join(PRESET_NAMES)}")
    args = parser.parse_args(argv)
    return parser.print_page(lambda: payment_chart(args.preset))


if __name__ == "__main__":
    sys.exit(main())
