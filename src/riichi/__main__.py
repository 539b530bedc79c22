"""``python -m riichi HAND``: shanten, waits or the discard table of a hand given in notation.

    $ python -m riichi 123m456p789s11223z
"""

from __future__ import annotations

import argparse
import sys

from riichi import _core
from riichi._cli import printable
from riichi.errors import RiichiError
from riichi.tiles import counts_from, format_types, tile_name


def describe(hand: str) -> str:
    """A plain-text analysis of one hand: shanten, then waits (3n+1) or every discard (3n+2).

    >>> print(describe("123m456p789s1122z"))
    123m456p789s1122z: tenpai
      waits 1z 2z
    """
    counts = counts_from(hand)
    size = int(counts.sum())
    shanten = _core.shanten(counts)
    lines = [f"{format_types([t for t in range(34) for _ in range(counts[t])])}: {_shanten_name(shanten)}"]
    if size % 3 == 1:
        tiles, unseen = _core.ukeire(counts)
        label = "waits" if shanten == 0 else "ukeire"
        lines.append(f"  {label} {' '.join(tile_name(t) for t in tiles)} ({unseen} unseen)"
                     if shanten else f"  {label} {' '.join(tile_name(t) for t in tiles)}")
    else:
        rows = sorted(_core.discard_analysis(counts).tolist(), key=lambda r: (r[1], -r[3], r[0]))
        for tile, after, mask, unseen in rows:
            accepted = " ".join(tile_name(t) for t in _core.tiles_from_mask(mask))
            lines.append(f"  discard {tile_name(tile)}: {_shanten_name(after)}, "
                         f"{unseen} tiles accepted ({accepted})")
    return "\n".join(lines)


def _shanten_name(shanten: int) -> str:
    if shanten == -1:
        return "complete"
    if shanten == 0:
        return "tenpai"
    return f"{shanten}-shanten"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m riichi",
        description="Shanten, waits or the discard table of each hand given in notation.",
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help="tiles in notation, e.g. 123m456p789s11223z")
    args = parser.parse_args(argv)
    status = 0
    for hand in args.hands:
        try:
            print(describe(hand))
        except RiichiError as e:
            print(printable(f"error: {e}"), file=sys.stderr)
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
