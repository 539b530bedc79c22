"""Fu of a reading, itemised.

>>> round_fu(22), round_fu(25), round_fu(40)
(30, 30, 40)
"""

from __future__ import annotations

from riichi.scoring.hand import WinningHand
from riichi.scoring.reading import Reading, Shape, Wait
from riichi.scoring.tiles34 import DRAGONS, IS_TERMINAL_OR_HONOR
from riichi.tiles import tile_name

__all__ = ["CHIITOITSU_FU", "FuItem", "describe", "fu_items", "round_fu"]

CHIITOITSU_FU = 25

FuItem = tuple[str, int, int]
"""(reason, tile type or -1, fu); the tile is named in the reason by :func:`describe`."""

_WAIT_REASON = {Wait.KANCHAN: "kanchan wait", Wait.PENCHAN: "penchan wait", Wait.TANKI: "tanki wait"}


def round_fu(fu: int) -> int:
    """Round fu up to the next 10."""
    return -(-fu // 10) * 10


def fu_items(h: WinningHand, r: Reading, pinfu: bool) -> list[FuItem]:
    """The fu of a reading as items whose fu sum to the fu before rounding.

    ``pinfu``: whether the reading scores pinfu (a pinfu tsumo gets no tsumo fu). Thirteen
    orphans, a yakuman whatever its fu, counts none.
    """
    if r.shape is Shape.CHIITOITSU:
        return [("chiitoitsu", -1, CHIITOITSU_FU)]
    if r.shape is Shape.KOKUSHI:
        return []
    items: list[FuItem] = [("base", -1, 20)]
    rules = h.rules
    if h.is_closed and not h.tsumo:
        items.append(("closed ron", -1, 10))
    if h.tsumo and not pinfu and (rules.rinshan_tsumo_fu or not h.rinshan):
        items.append(("tsumo", -1, 2))
    reason = _WAIT_REASON.get(r.wait)
    if reason is not None:
        items.append((reason, -1, 2))
    pair = r.pair
    if pair in DRAGONS:
        items.append(("dragon pair", pair, 2))
    if pair == h.seat_wind and pair == h.round_wind:
        items.append(("double wind pair", pair, rules.double_wind_pair_fu))
    elif pair == h.seat_wind:
        items.append(("seat wind pair", pair, 2))
    elif pair == h.round_wind:
        items.append(("round wind pair", pair, 2))
    for tile, concealed, kan in r.triplets:
        fu = 2 << (IS_TERMINAL_OR_HONOR[tile] + concealed + 2 * kan)
        if kan:
            items.append(("closed kan" if concealed else "open kan", tile, fu))
        else:
            items.append(("closed triplet" if concealed else "open triplet", tile, fu))
    if len(items) == 1 and not h.is_closed and rules.open_pinfu_fu == 30:
        # An open hand with no fu at all, won by ron, counts 30 fu: 20 + 2, rounded up.
        items.append(("open pinfu", -1, 2))
    return items


def describe(items: list[FuItem]) -> list[tuple[str, int]]:
    """Items as (reason, fu) with the tile named: ``("closed triplet 9s", 8)``."""
    return [(f"{reason} {tile_name(tile)}" if tile >= 0 else reason, fu) for reason, tile, fu in items]
