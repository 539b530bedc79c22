"""Tile classes as 34-bit masks and lookup tuples, precomputed once for the scorer's inner loops.

Bit ``t`` of a mask stands for tile type ``t`` (0-33). A hand's set of tile types is one ``int``, so
"only simples", "one suit" or "all green" are a single ``&``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

__all__ = [
    "ALL_MASK",
    "DRAGONS",
    "GREEN_MASK",
    "HONOR_MASK",
    "IS_TERMINAL_OR_HONOR",
    "SUIT_MASKS",
    "TERMINAL_MASK",
    "TERMINAL_OR_HONOR_MASK",
    "WINDS",
    "mask_of",
]

WINDS: Final = (27, 28, 29, 30)
DRAGONS: Final = (31, 32, 33)


def mask_of(types: Iterable[int]) -> int:
    """Bit mask of the given tile types.

    >>> bin(mask_of([0, 2]))
    '0b101'
    """
    mask = 0
    for t in types:
        mask |= 1 << t
    return mask


ALL_MASK: Final = (1 << 34) - 1
HONOR_MASK: Final = mask_of(range(27, 34))
TERMINAL_MASK: Final = mask_of((0, 8, 9, 17, 18, 26))
TERMINAL_OR_HONOR_MASK: Final = TERMINAL_MASK | HONOR_MASK
SUIT_MASKS: Final = (mask_of(range(0, 9)), mask_of(range(9, 18)), mask_of(range(18, 27)))
GREEN_MASK: Final = mask_of((19, 20, 21, 23, 25, 32))  # 2s 3s 4s 6s 8s and the green dragon
IS_TERMINAL_OR_HONOR: Final = tuple(bool(TERMINAL_OR_HONOR_MASK >> t & 1) for t in range(34))
