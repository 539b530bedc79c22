"""Point arithmetic shared by the scorer and settlement: rounding, shares of a payment, limit names.

(The scorer's own han-and-fu-to-points arithmetic runs in :mod:`riichi._scoring`.)

>>> hand_shares(2000, is_dealer=False, tsumo=True)
(0, 4000, 2000)
>>> YAKUMAN_LIMIT_NAMES[2]
'double_yakuman'
"""

from __future__ import annotations

__all__ = ["YAKUMAN_LIMIT_NAMES", "ceil100", "hand_shares"]

YAKUMAN_LIMIT_NAMES = (
    "",
    "yakuman",
    "double_yakuman",
    "triple_yakuman",
    "quadruple_yakuman",
    "quintuple_yakuman",
    "sextuple_yakuman",
)
"""Limit name by number of yakuman (index); more than six are named ``"7x_yakuman"`` etc."""


def ceil100(points: int) -> int:
    """Round up to a multiple of 100."""
    return -(-points // 100) * 100


def hand_shares(basic: int, *, is_dealer: bool, tsumo: bool) -> tuple[int, int, int]:
    """(ron payment, dealer's tsumo share, each non-dealer's tsumo share), before counters."""
    if not tsumo:
        return ceil100(basic * (6 if is_dealer else 4)), 0, 0
    if is_dealer:
        return 0, 0, ceil100(2 * basic)
    return 0, ceil100(2 * basic), ceil100(basic)
