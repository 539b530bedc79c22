"""Hand scoring: yaku, fu, han, dora, limits, payments and settlement — pure functions of a
finished hand, the situation of the win and a :class:`~riichi.rules.RuleSet`.

>>> from riichi.scoring import score_hand
>>> r = score_hand("12345678s234p66m", "9s", tsumo=True, seat_wind="E", round_wind="E",
...                riichi=True)
>>> r.yaku, r.limit, r.payments.non_dealer
({'riichi': 1, 'menzen_tsumo': 1, 'pinfu': 1, 'ittsu': 2}, 'mangan', 4000)
"""

from __future__ import annotations

from riichi.scoring._kernel import MANGAN_BASIC, hand_shares, hand_value
from riichi.scoring.chart import payment_chart
from riichi.scoring.result import HandResult, Payments
from riichi.scoring.score import counted_ura, score_hand
from riichi.scoring.settle import (
    Win, chombo_penalty, payments_for, settle, settle_each, tsumo_shares,
)
from riichi.scoring.yaku import Yaku

__all__ = [
    "MANGAN_BASIC", "HandResult", "Payments", "Win", "Yaku", "chombo_penalty", "counted_ura",
    "hand_shares",
    "hand_value", "payment_chart", "payments_for", "score_hand", "settle", "settle_each",
    "tsumo_shares",
]
