"""From han and fu to basic points, limit names and payments.

>>> from riichi.rules import RuleSet
>>> ema = RuleSet.preset("ema")
>>> basic_points(4, 30, 0, ema), basic_points(4, 30, 0, RuleSet.preset("mleague"))
((1920, None), (2000, 'mangan'))
>>> hand_shares(2000, is_dealer=False, tsumo=True)
(0, 4000, 2000)
"""

from __future__ import annotations

from riichi.rules import KazoeLimit, RuleSet
from riichi.scoring.result import Payments

__all__ = ["YAKUMAN_LIMIT_NAMES", "basic_points", "ceil100", "hand_points", "hand_shares", "payments"]

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

_MANGAN = 2000


def ceil100(points: int) -> int:
    """Round up to a multiple of 100."""
    return -(-points // 100) * 100


def basic_points(han: int, fu: int, yakuman: int, rules: RuleSet) -> tuple[int, str | None]:
    """(basic points, limit name) of a hand; ``yakuman`` = number of yakuman counted."""
    if yakuman:
        name = YAKUMAN_LIMIT_NAMES[yakuman] if yakuman < len(YAKUMAN_LIMIT_NAMES) else f"{yakuman}x_yakuman"
        return 8000 * yakuman, name
    if han >= 13:
        if rules.kazoe_limit is KazoeLimit.YAKUMAN:
            return 8000, "kazoe_yakuman"
        return 6000, "sanbaiman"
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return _MANGAN, "mangan"
    basic = fu << (han + 2)
    if basic >= _MANGAN or (rules.kiriage and basic == 1920):
        # 1920 is 4 han 30 fu or 3 han 60 fu, which kiriage rounds up to mangan.
        return _MANGAN, "mangan"
    return basic, None


def hand_shares(basic: int, *, is_dealer: bool, tsumo: bool) -> tuple[int, int, int]:
    """(ron payment, dealer's tsumo share, each non-dealer's tsumo share), before counters."""
    if not tsumo:
        return ceil100(basic * (6 if is_dealer else 4)), 0, 0
    if is_dealer:
        return 0, 0, ceil100(2 * basic)
    return 0, ceil100(2 * basic), ceil100(basic)


def hand_points(basic: int, *, is_dealer: bool, tsumo: bool) -> int:
    """What the winner receives for the hand alone (four players)."""
    ron, dealer, non_dealer = hand_shares(basic, is_dealer=is_dealer, tsumo=tsumo)
    return ron + dealer + non_dealer * (3 if is_dealer else 2)


def payments(
    basic: int, *, is_dealer: bool, tsumo: bool, honba: int, riichi_sticks: int, rules: RuleSet
) -> Payments:
    """The :class:`Payments` of a single winner, counters and sticks included."""
    ron, dealer, non_dealer = hand_shares(basic, is_dealer=is_dealer, tsumo=tsumo)
    sticks = 1000 * riichi_sticks
    if tsumo:
        bonus = rules.honba_tsumo * honba
        dealer_pays = dealer + bonus if not is_dealer else 0
        each = non_dealer + bonus
        total = dealer_pays + each * (3 if is_dealer else 2) + sticks
        return Payments(0, dealer_pays, each, bonus * 3, sticks, total)
    bonus = rules.honba_ron * honba
    return Payments(ron + bonus, 0, 0, bonus, sticks, ron + bonus + sticks)
