"""What a hand is worth, roughly and quickly: the han it is likely to win with and their points.

Players weigh calls and push-or-fold choices with it; an exact value needs the winning tile and
the scorer (:func:`riichi.scoring.score_hand`).
"""

from __future__ import annotations

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


def hand_han(
    counts: bytes | bytearray,
    meld_types: tuple[int, ...],
    reds: int,
    dora: tuple[int, ...],
    closed: bool,
    yakuhai: int,
) -> int:
    """A quick estimate of the han a hand will win with: dora (red fives ``reds`` included), one
    for riichi when ``closed``, yakuhai triplets, tanyao and a flush when every tile (concealed
    ``counts`` and the melds' ``meld_types``) allows it.

    >>> from riichi.tiles import parse_counts
    >>> hand_han(bytes(parse_counts("234m345p55s678s77z")), (), 1, (13,), True, 1 << 33)
    3
    """
    han = reds + sum(counts[d] for d in dora) + sum(meld_types.count(d) for d in dora)
    if closed:
        han += 1
    held = bytearray(counts)
    for t in meld_types:
        held[t] += 1
    han += sum(1 for t in range(27, 34) if held[t] >= 3 and yakuhai >> t & 1)
    yaochuu = held[0] + held[8] + held[9] + held[17] + held[18] + held[26] + sum(held[27:])
    if not yaochuu:
        han += 1
    suits = [sum(held[9 * s : 9 * s + 9]) for s in range(3)]
    if sum(1 for n in suits if n) == 1:
        flush = 2 if sum(held[27:]) else 5
        han += flush + 1 if closed else flush
    return han
