"""``python -m riichi.rules``: the presets side by side, or one preset documented.

    $ python -m riichi.rules                  # every preset and what it is
    $ python -m riichi.rules tenhou           # one preset, each field with its documentation
    $ python -m riichi.rules --markdown       # every preset x every RuleSet field (docs/presets.md)

Plain text fits 80 columns; ``--markdown`` gives the same pages (and the full table) as Markdown.
A preset's payment tables come from the scorer, a layer above: ``python -m riichi.scoring PRESET``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from riichi._cli import Parser, quiet_on_broken_pipe
from riichi.rules import PRESET_NAMES
from riichi.rules.printed import preset_page, preset_table, preset_text, presets_text

__all__ = ["main"]

PROG = "python -m riichi.rules"


@quiet_on_broken_pipe
def main(argv: Sequence[str] | None = None) -> int:
    """Print the table asked for; 0 on success (bad arguments exit with 2)."""
    parser = Parser(prog=PROG, description="Rule presets: what each is and its rules (payment "
                    "tables: python -m riichi.scoring PRESET).")
    parser.add_argument("preset", nargs="?", metavar="PRESET",
                        help=f"one preset to show: {', '.join(PRESET_NAMES)}")
    parser.add_argument("--markdown", action="store_true",
                        help="Markdown instead of plain text; without a PRESET, every preset side "
                        "by side in one wide table")
    args = parser.parse_args(argv)
    if args.preset is None:
        return parser.print_page(preset_table if args.markdown else presets_text)
    page = preset_page if args.markdown else preset_text
    return parser.print_page(lambda: page(args.preset))


if __name__ == "__main__":
    sys.exit(main())
