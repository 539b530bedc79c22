"""What a hand is worth, roughly and quickly: the han it is likely to win with and their points.

Players weigh calls and push-or-fold choices with it; an exact value needs the winning tile and
the scorer (:func:`riichi.scoring.score_hand`). :func:`hand_han` is compiled: players weigh it on
calls and on every push-or-fold choice.
"""

from __future__ import annotations

from riichi.agents._value import hand_han

__all__ = ["points_of", "hand_han"]

# Non-dealer value by han (30-40 fu below mangan); index 13 and above: yakuman.
_POINTS = (0, 1_300, 2_600, 5_200, 8_000, 8_000, 12_000, 12_000, 16_000, 16_000, 16_000,
           24_000, 24_000, 32_000)


def points_of(han: int, dealer: bool) -> int:
    """A rough value of a hand of ``han`` han: what a win is worth to a non-dealer, half again for
    the dealer.

    >>> points_of(1, False), points_of(4, False), points_of(3, True)
    (1300, 8000, 7800)
    """
    points = _POINTS[min(max(han, 0), 13)]
    return points * 3 // 2 if dealer else points
