"""``score_hand``: the value of a winning hand under a :class:`~riichi.rules.RuleSet`.

Every reading of the hand (decomposition and wait) is scored; the one paying most wins, then the
one with most han, then most fu. Both entry points are compiled (:mod:`riichi._scoring`): the
kernel extracts each reading's features and prices them with the rule set's table, which
:mod:`riichi.scoring.tables` compiles from the :class:`~riichi.rules.RuleSet`.

>>> score_hand("123m456p789s1122z", "2z", tsumo=False, seat_wind="S", round_wind="E",
...            riichi=True).points
2600
"""

from __future__ import annotations

from riichi._scoring import score_hand, score_winning_hand

__all__ = ["score_hand", "score_winning_hand"]
