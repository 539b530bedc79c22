"""``score_hand``: the value of a winning hand under a :class:`~riichi.rules.RuleSet`.

Every reading of the hand (decomposition and wait) is scored; the one paying most wins, then a
yakuman over a counted yakuman, then the one with most han, then most fu. The scorer is compiled
(:mod:`riichi.scoring._kernel`): the kernel extracts each reading's features and prices them with
the rule set's table, which :mod:`riichi.scoring.rule_values` compiles from the
:class:`~riichi.rules.RuleSet`.

>>> score_hand("123m456p789s1122z", "2z", tsumo=False, seat_wind="S", round_wind="E",
...            riichi=True).points
2600
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from riichi.errors import WrongTypeError, quoted
from riichi.rules import RuleSet
from riichi.scoring._kernel import score_hand, table_for

__all__ = ["counted_ura", "score_hand"]


def counted_ura(
    indicators: Sequence[int], *, riichi: bool, rules: RuleSet | str
) -> tuple[int, ...]:
    """The ura dora indicators that count for a winner, as :func:`score_hand` counts them: none
    without riichi or where the rules have no ura dora, the first unless they have kan ura.

    >>> counted_ura((4, 8), riichi=True, rules="ema"), counted_ura((4, 8), riichi=False, rules="ema")
    ((4, 8), ())
    """
    if isinstance(indicators, str) or not isinstance(indicators, (Sequence, np.ndarray)):
        raise WrongTypeError(
            f"indicators={quoted(indicators)}: expected a sequence of indicator tiles such as (4, 8)"
        )
    if not isinstance(riichi, (bool, np.bool_)):
        raise WrongTypeError(f"riichi={quoted(riichi)}: expected True or False")
    return tuple(indicators[: table_for(rules).ura_count(riichi)])
