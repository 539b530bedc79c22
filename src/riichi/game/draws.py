"""How a hand ends without a winner: the abortive draws of a rule set, and the payments of a
hand that runs out of tiles.

The table asks these at the moments the rules name: :func:`nine_terminals` on a seat's first,
uninterrupted draw; :func:`abort_after_discard` once a discard nobody won on is settled (its
riichi accepted, its claims answered); :func:`triple_ron` when three seats claim one tile.

>>> from riichi.rules import RuleSet
>>> abort_after_discard(RuleSet.preset("tenhou"), [False] * 4, [1, 1, 2, 2], False, None)
'four_kans'
>>> noten_payments(3_000, tenpai=(1,))
[-1000, 3000, -1000, -1000]
>>> nagashi_payments([2], dealer=0)
[-4000, -2000, 8000, -2000]
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi.rules import AbortiveDraw, MultiRon, RuleSet
from riichi.scoring import MANGAN_BASIC, tsumo_shares
from riichi.tiles import TERMINALS_AND_HONORS, WINDS

__all__ = [
    "nine_terminals", "four_kans", "abort_after_discard", "triple_ron", "noten_payments",
    "nagashi_payments",
]

_NINE_TERMINALS = AbortiveDraw.NINE_TERMINALS
_FOUR_RIICHI = AbortiveDraw.FOUR_RIICHI
_FOUR_KANS = AbortiveDraw.FOUR_KANS
_FOUR_WINDS = AbortiveDraw.FOUR_WINDS
_FOUR_PLAYERS = RuleSet()


def nine_terminals(rules: RuleSet, counts: bytearray) -> bool:
    """Whether a hand of 34-type ``counts`` (a seat's :attr:`Player.counts
    <riichi.game.player.Player.counts>`, read in C by the compiled build), on its seat's first
    draw with no call made yet (the caller knows), may abort the hand: nine different terminals
    and honors.

    >>> counts = bytearray([1, 0, 0, 0, 0, 0, 0, 0, 1] + [0] * 18 + [1] * 7)
    >>> nine_terminals(RuleSet.preset("tenhou"), counts)
    True
    """
    kinds = 0
    for t in TERMINALS_AND_HONORS:
        if counts[t]:
            kinds += 1
    # the rules asked last: a set of enum members, slower to search than the hand is to count
    return kinds >= 9 and _NINE_TERMINALS in rules.abortive_draws


def four_kans(rules: RuleSet, kan_seats: Sequence[int]) -> bool:
    """Whether the kans declared so far (``kan_seats``: who declared each) end the hand once the
    next discard is not won on: four kans by more than one player, where the rules abort on them
    (one player's four kans may yet make four quads)."""
    return len(kan_seats) == 4 and _FOUR_KANS in rules.abortive_draws and len(set(kan_seats)) > 1


def abort_after_discard(
    rules: RuleSet,
    riichi: Sequence[bool],
    kan_seats: Sequence[int],
    riichi_accepted: bool,
    first_discards: Sequence[int] | None,
) -> str | None:
    """The abortive draw that ends the hand once a discard nobody won on is settled, or None.

    ``riichi``: which seats are in riichi; ``kan_seats``: who declared each kan of the hand;
    ``riichi_accepted``: that discard's riichi was just accepted; ``first_discards``: when that
    discard was its seat's first, with no call made in the hand nor on it, each seat's first
    discarded type (-1 for a seat with none or more), else None. In this order: four riichi (the fourth just accepted),
    four kans by more than one player (one player's four kans may yet make four quads), four
    winds (every first discard the same wind).
    """
    aborts = rules.abortive_draws
    if not aborts:
        return None
    if riichi_accepted and _FOUR_RIICHI in aborts and all(riichi):
        return "four_riichi"
    if four_kans(rules, kan_seats):
        return "four_kans"
    if (
        first_discards is not None
        and _FOUR_WINDS in aborts
        and first_discards[0] in WINDS
        and first_discards.count(first_discards[0]) == 4
    ):
        return "four_winds"
    return None


def triple_ron(rules: RuleSet, claimants: int) -> bool:
    """Whether ``claimants`` seats claiming one tile for a win abort the hand instead (a rule of
    two winners at most)."""
    return claimants == 3 and rules.multi_ron is MultiRon.DOUBLE


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


def nagashi_payments(
    seats: Sequence[int], dealer: int, rules: RuleSet = _FOUR_PLAYERS
) -> list[int]:
    """Each of ``seats`` is paid a mangan as a tsumo is paid under ``rules`` (4,000 all for the
    dealer; else 4,000 from the dealer and 2,000 from the others; three players: without the
    empty North's share, or with it shared as ``RuleSet.tsumo_payment`` says).

    >>> nagashi_payments([1], dealer=0, rules=RuleSet.preset("tenhou-3p"))
    [-4000, 6000, -2000]
    """
    deltas = [0] * rules.players
    for seat in seats:
        for payer, amount in enumerate(tsumo_shares(MANGAN_BASIC, seat, dealer, rules)):
            deltas[payer] -= amount
            deltas[seat] += amount
    return deltas
