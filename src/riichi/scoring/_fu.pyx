"""The scoring kernel's fu: what each part of a reading counts, as the items a result lists in
:attr:`~riichi.scoring.result.HandResult.fu_details` and as their sum, rounded up to ten (seven
pairs count 25, unrounded; thirteen orphans, a yakuman whatever its fu, count none).
"""

from riichi.scoring._kernel cimport (
    SHAPE_CHIITOITSU, SHAPE_KOKUSHI, TERMINAL_OR_HONOR_MASK, W_KANCHAN, W_PENCHAN, W_TANKI, has,
)

from riichi.tiles import tile_name

cdef enum:
    FU_BASE, FU_CLOSED_RON, FU_TSUMO, FU_KANCHAN, FU_PENCHAN, FU_TANKI, FU_DRAGON_PAIR,
    FU_DOUBLE_WIND_PAIR, FU_SEAT_WIND_PAIR, FU_ROUND_WIND_PAIR, FU_OPEN_TRIPLET,
    FU_CLOSED_TRIPLET, FU_OPEN_KAN, FU_CLOSED_KAN, FU_OPEN_PINFU, FU_CHIITOITSU

cdef enum:
    MAX_FU_ITEMS = 12

_FU_REASONS = (
    "base", "closed ron", "tsumo", "kanchan wait", "penchan wait", "tanki wait", "dragon pair",
    "double wind pair", "seat wind pair", "round wind pair", "open triplet", "closed triplet",
    "open kan", "closed kan", "open pinfu", "chiitoitsu",
)
# fu_details text by reason and tile ("closed triplet 9s"), made once.
cdef list FU_TEXT = [[reason] + [f"{reason} {tile_name(t)}" for t in range(34)]
                     for reason in _FU_REASONS]

cdef struct FuItem:
    int reason, tile, fu      # tile -1 when the reason names none


cdef int _fu_items(Hand* d, RuleTable table, Reading* r, bint pinfu,
                   FuItem* items) noexcept:
    """The fu of a reading as items whose fu sum to the fu before rounding; returns their
    number."""
    cdef int n = 0, i, tile, pair = r.pair
    if r.shape == SHAPE_CHIITOITSU:
        items[0] = FuItem(FU_CHIITOITSU, -1, 25)
        return 1
    if r.shape == SHAPE_KOKUSHI:
        return 0
    items[n] = FuItem(FU_BASE, -1, 20); n += 1
    if d.is_closed and not d.tsumo:
        items[n] = FuItem(FU_CLOSED_RON, -1, 10); n += 1
    if d.tsumo and not pinfu and (table.rinshan_tsumo_fu or not d.rinshan):
        items[n] = FuItem(FU_TSUMO, -1, 2); n += 1
    if r.wait == W_KANCHAN or r.wait == W_PENCHAN or r.wait == W_TANKI:
        items[n] = FuItem(FU_KANCHAN + r.wait - W_KANCHAN, -1, 2); n += 1
    if pair >= 31:
        items[n] = FuItem(FU_DRAGON_PAIR, pair, 2); n += 1
    if pair == d.seat and pair == d.rnd:
        items[n] = FuItem(FU_DOUBLE_WIND_PAIR, pair, table.double_wind_fu); n += 1
    elif pair == d.seat:
        items[n] = FuItem(FU_SEAT_WIND_PAIR, pair, 2); n += 1
    elif pair == d.rnd:
        items[n] = FuItem(FU_ROUND_WIND_PAIR, pair, 2); n += 1
    for i in range(r.n_triplets):
        tile = r.triplets[i]
        items[n] = FuItem(
            (FU_CLOSED_KAN if r.concealed[i] else FU_OPEN_KAN) if r.kan[i]
            else (FU_CLOSED_TRIPLET if r.concealed[i] else FU_OPEN_TRIPLET),
            tile, 2 << (has(TERMINAL_OR_HONOR_MASK, tile) + r.concealed[i] + 2 * r.kan[i]))
        n += 1
    if n == 1 and not d.is_closed and table.open_pinfu_fu:
        # An open hand with no fu at all, won by ron, counts 30 fu: 20 + 2, rounded up.
        items[n] = FuItem(FU_OPEN_PINFU, -1, 2); n += 1
    return n


cdef int fu(Hand* d, RuleTable table, Reading* r, bint pinfu) noexcept:
    """The fu of a reading (``pinfu``: it is one), rounded as the hand is priced."""
    cdef FuItem items[MAX_FU_ITEMS]
    cdef int i, total = 0, n = _fu_items(d, table, r, pinfu, items)
    for i in range(n):
        total += items[i].fu
    return total if r.shape == SHAPE_CHIITOITSU else (total + 9) // 10 * 10


cdef list fu_details(Hand* d, RuleTable table, Reading* r, bint pinfu):
    """The fu of a reading as a result lists them: ``(reason, fu)`` pairs."""
    cdef FuItem items[MAX_FU_ITEMS]
    cdef int i, n = _fu_items(d, table, r, pinfu, items)
    return [(FU_TEXT[items[i].reason][items[i].tile + 1], items[i].fu) for i in range(n)]
