"""What a hand is worth, roughly and quickly: the han it is likely to win with and their points.

Players weigh calls and push-or-fold choices with it; an exact value needs the winning tile and
the scorer (:func:`riichi.scoring.score_hand`). :func:`hand_han` is compiled: players weigh it on
calls and on every push-or-fold choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from riichi.agents._value import hand_han

if TYPE_CHECKING:
    from riichi.game.observation import Observation

__all__ = ["points_of", "hand_han", "lone_reds", "with_reds"]

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


def lone_reds(obs: Observation, counts: bytes | bytearray) -> int:
    """Bit mask of the five types of which ``counts`` (the hand of ``obs``'s seat) hold one tile,
    a red five: a tile worth more kept than its type says."""
    reds = 0
    if counts[4] == 1 or counts[13] == 1 or counts[22] == 1:  # a lone five may be red
        for red in obs.red_fives:
            if counts[red >> 2] == 1:
                reds |= 1 << (red >> 2)
    return reds


def with_reds(worth: bytes, reds: int, weight: int) -> bytes:
    """``worth`` (34 bytes, what each tile type is worth kept) with ``weight`` more for the tile
    types in ``reds``.

    >>> list(with_reds(bytes(34), 1 << 4 | 1 << 22, 3)[4::9])  # 5m 5p 5s 5z
    [3, 0, 3, 0]
    """
    table = bytearray(worth)
    while reds:
        low = reds & -reds
        table[low.bit_length() - 1] += weight
        reds ^= low
    return bytes(table)
