"""Payments of a hand that ends without a winner.

>>> noten_payments(3_000, tenpai=(1,))
[-1000, 3000, -1000, -1000]
>>> nagashi_payments([2], dealer=0)
[-4000, -2000, 8000, -2000]
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.scoring import MANGAN_BASIC, hand_shares

__all__ = ["noten_payments", "nagashi_payments"]


def noten_payments(total: int, tenpai: Sequence[int], players: int = 4) -> list[int]:
    """The noten players pay ``total`` to the tenpai players (nothing if all or none are tenpai).

    >>> noten_payments(1_500, tenpai=(0,), players=2)
    [1500, -1500]
    """
    if len(tenpai) in (0, players):
        return [0] * players
    empty = 4 - players  # seats of a four-seat table nobody sits at
    gain = total // len(tenpai)
    loss = total // (4 - len(tenpai)) if not empty else total // (players - len(tenpai))
    return [gain if s in tenpai else -loss for s in range(players)]


def nagashi_payments(seats: Sequence[int], dealer: int) -> list[int]:
    """Each of ``seats`` is paid a mangan as if by tsumo (4,000 all for the dealer; else 4,000
    from the dealer and 2,000 from the others), as the scorer prices a mangan tsumo."""
    deltas = [0, 0, 0, 0]
    for seat in seats:
        _, dealer_share, each = hand_shares(MANGAN_BASIC, is_dealer=seat == dealer, tsumo=True)
        for payer in range(4):
            if payer != seat:
                amount = dealer_share if payer == dealer else each
                deltas[payer] -= amount
                deltas[seat] += amount
    return deltas
