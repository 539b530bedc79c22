"""``python -m riichi HAND``: shanten, waits or the discard table of a hand given in notation.

    $ python -m riichi 123m456p789s11223z
    $ python -m riichi 19m123p456s11223z --players 3   # three-player mahjong: no 2m-8m
"""

from __future__ import annotations

import sys

from riichi import _core
from riichi._cli import Parser, complain, quiet_on_broken_pipe, say
from riichi.errors import RiichiError
from riichi.tiles import counts_from, format_ids, parse_ids, tile_name


def describe(hand: str, players: int = 4) -> str:
    """A plain-text analysis of one hand: shanten, then waits (3n+1) or every discard (3n+2);
    ``players`` as for :func:`riichi.shanten` (3: without 2m-8m).

    >>> print(describe("123m456p789s1122z"))
    123m456p789s1122z: tenpai
      waits 1z 2z
    >>> print(describe("19m123p456s11223z", players=3))   # four players also draw 2m 3m 7m 8m
    19m123p456s11223z: 2-shanten
      ukeire 1m 9m 1z 2z 3z (13 unseen)
    >>> print(describe("0m55m123p456s789s1z").splitlines()[0])   # a red five stays red
    055m123p456789s1z: tenpai
    """
    counts = counts_from(hand)
    size = int(counts.sum())
    shanten = _core.shanten(counts, players)
    # the hand as written, red fives (0) kept: they change no answer here, but they are its tiles
    lines = [f"{format_ids(parse_ids(hand))}: {_shanten_name(shanten)}"]
    if size % 3 == 1:
        tiles, unseen = _core.ukeire(counts, players=players)
        label = "waits" if shanten == 0 else "ukeire"
        lines.append(f"  {label} {' '.join(tile_name(t) for t in tiles)} ({unseen} unseen)"
                     if shanten else f"  {label} {' '.join(tile_name(t) for t in tiles)}")
    else:
        rows = sorted(_core.discard_analysis(counts, players=players).tolist(),
                      key=lambda r: (r[1], -r[3], r[0]))
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


@quiet_on_broken_pipe
def main(argv: list[str] | None = None) -> int:
    parser = Parser(
        prog="python -m riichi",
        description="Shanten, waits or the discard table of each hand given in notation.",
    )
    parser.add_argument("hands", nargs="+", metavar="HAND", help="tiles in notation, e.g. 123m456p789s11223z")
    parser.add_argument("--players", type=int, choices=(4, 3, 2), default=4,
                        help="the number of players (default 4); 3 plays without 2m-8m, "
                             "2 with every tile as 4 does")
    args = parser.parse_args(argv)
    status = 0
    for hand in args.hands:
        try:
            say(describe(hand, args.players), indent="    ")
        except RiichiError as e:
            complain(f"{parser.prog}: error: {e}")
            status = 2
    return status


if __name__ == "__main__":
    sys.exit(main())
