"""``python -m riichi.rules``: the presets side by side, one preset documented, or its payments.

    $ python -m riichi.rules                  # every preset and what it is
    $ python -m riichi.rules tenhou           # one preset, each field with its documentation
    $ python -m riichi.rules ema --payments   # the preset's payment tables, from the scorer
    $ python -m riichi.rules --markdown       # every preset x every RuleSet field (docs/presets.md)

Plain text fits 80 columns; ``--markdown`` gives the same pages (and the full table) as Markdown.

A command at the top of the layers: it reads the scorer (``--payments``) the way the simulate
command reads the game.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from riichi.rules import PRESET_NAMES, UnknownPresetError
from riichi.rules.table import preset_page, preset_table, preset_text, presets_text

__all__ = ["main"]

PROG = "python -m riichi.rules"
EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    """Bad arguments end the program with one line on stderr and exit code 2."""

    def error(self, message: str) -> NoReturn:
        print(f"{PROG}: error: {message}", file=sys.stderr)
        sys.exit(EXIT_USAGE)


def main(argv: Sequence[str] | None = None) -> int:
    """Print the table asked for; 0 on success (bad arguments exit with 2)."""
    parser = _Parser(prog=PROG, description="Rule presets: what each is, its rules and payment "
                     "tables.")
    parser.add_argument("preset", nargs="?", metavar="PRESET",
                        help=f"one preset to show: {', '.join(PRESET_NAMES)}")
    parser.add_argument("--payments", action="store_true",
                        help="the preset's payment tables (ron and tsumo, by han and fu, limits)")
    parser.add_argument("--markdown", action="store_true",
                        help="Markdown instead of plain text; without a PRESET, every preset side "
                        "by side in one wide table")
    args = parser.parse_args(argv)
    if args.payments and args.preset is None:
        parser.error(f"--payments needs a PRESET: {', '.join(PRESET_NAMES)}")
    try:
        if args.preset is None:
            text = preset_table() if args.markdown else presets_text()
        elif args.payments:
            from riichi.scoring import payment_chart  # above the rules: loaded only when asked

            text = payment_chart(args.preset)
        else:
            text = preset_page(args.preset) if args.markdown else preset_text(args.preset)
    except UnknownPresetError as error:
        parser.error(str(error))
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
