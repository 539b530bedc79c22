"""The scoring kernel's features: what yaku a winning hand and each of its readings have, as bit
masks (a feature is named like the yaku it makes; what it is worth is the rule table's business,
:mod:`riichi.scoring._rules`).

The names are in the order a result lists the yaku, bit ``i`` of a mask being feature ``i``:

>>> ORDINARY[:5], YAKUMAN[-3:]
(('riichi', 'double_riichi', 'ippatsu', 'menzen_tsumo', 'tanyao'), ('suuankou', 'suuankou_tanki', 'renhou'))
"""

from libc.stdint cimport uint8_t, uint64_t

from riichi.scoring._kernel cimport (
    F_CHANKAN, F_CHANTA, F_CHIITOITSU, F_CHINITSU, F_CHUN, F_DOUBLE_RIICHI, F_HAITEI, F_HAKU,
    F_HATSU, F_HONITSU, F_HONROUTOU, F_HOUTEI, F_IIPEIKOU, F_IPPATSU, F_ITTSU, F_JUNCHAN,
    F_MENZEN_TSUMO, F_PINFU, F_RENHOU, F_RIICHI, F_RINSHAN, F_ROUND_WIND, F_RYANPEIKOU,
    F_SANANKOU, F_SANKANTSU, F_SANSHOKU_DOUJUN, F_SANSHOKU_DOUKOU, F_SEAT_WIND, F_SHOUSANGEN,
    F_TANYAO, F_TOITOI, HONOR_MASK, SHAPE_CHIITOITSU, TERMINAL_MASK, TERMINAL_OR_HONOR_MASK,
    Y_CHIIHOU, Y_CHINROUTOU, Y_CHUUREN, Y_CHUUREN_9, Y_DAISANGEN, Y_DAISUUSHII, Y_RENHOU,
    Y_RYUUIISOU, Y_SHOUSUUSHII, Y_SUUKANTSU, Y_TENHOU, Y_TSUUIISOU, has,
)

__all__ = ["ORDINARY", "YAKUMAN"]

ORDINARY = (
    "riichi", "double_riichi", "ippatsu", "menzen_tsumo", "tanyao", "haku", "hatsu", "chun",
    "seat_wind", "round_wind", "haitei", "houtei", "rinshan", "chankan", "sankantsu",
    "honroutou", "shousangen", "honitsu", "chinitsu", "chiitoitsu", "pinfu", "iipeikou",
    "ryanpeikou", "sanshoku_doujun", "ittsu", "chanta", "junchan", "toitoi", "sanankou",
    "sanshoku_doukou", "renhou",
)
"""Ordinary yaku features in the order a result lists them (the kernel's F_* bits)."""
YAKUMAN = (
    "chuuren", "chuuren_9", "daisangen", "shousuushii", "daisuushii", "tsuuiisou", "ryuuiisou",
    "chinroutou", "suukantsu", "tenhou", "chiihou", "kokushi", "kokushi_13", "suuankou",
    "suuankou_tanki", "renhou",
)
"""Yakuman features in the order a result lists them (the kernel's Y_* bits)."""

cdef uint64_t SUIT_MASK[3]
SUIT_MASK[:] = [(<uint64_t>1 << 9) - 1, ((<uint64_t>1 << 9) - 1) << 9, ((<uint64_t>1 << 9) - 1) << 18]
# 2s 3s 4s 6s 8s and the green dragon.
cdef uint64_t GREEN_MASK = ((<uint64_t>1 << 19) | (<uint64_t>1 << 20) | (<uint64_t>1 << 21)
                            | (<uint64_t>1 << 23) | (<uint64_t>1 << 25) | (<uint64_t>1 << 32))
cdef uint8_t NINE_GATES[9]
NINE_GATES[:] = [3, 1, 1, 1, 1, 1, 1, 1, 3]


cdef inline int suits_in(uint64_t mask) noexcept nogil:
    return (mask & SUIT_MASK[0] != 0) + (mask & SUIT_MASK[1] != 0) + (mask & SUIT_MASK[2] != 0)


cdef inline int _triplets_of(Hand* d, int first, int last) noexcept nogil:
    cdef int t, n = 0
    for t in range(first, last + 1):
        n += d.counts[t] >= 3
    return n


cdef inline bint _pair_among(Hand* d, int first, int last) noexcept nogil:
    cdef int t
    for t in range(first, last + 1):
        if d.counts[t] == 2:
            return True
    return False


cdef uint64_t hand_features(Hand* d, bint haitei_on_rinshan, bint cumulative_renhou) noexcept:
    """The features of the hand and the situation alone (haitei counts on a kan's replacement
    tile if ``haitei_on_rinshan``; renhou is an ordinary yaku if ``cumulative_renhou``)."""
    cdef uint64_t f = 0
    cdef uint64_t mask = d.mask
    if d.riichi and not d.double_riichi:
        f |= bit(F_RIICHI)
    if d.double_riichi:
        f |= bit(F_DOUBLE_RIICHI)
    if d.ippatsu:
        f |= bit(F_IPPATSU)
    if d.tsumo and d.is_closed:
        f |= bit(F_MENZEN_TSUMO)
    if not mask & TERMINAL_OR_HONOR_MASK:
        f |= bit(F_TANYAO)
    if d.counts[31] >= 3:
        f |= bit(F_HAKU)
    if d.counts[32] >= 3:
        f |= bit(F_HATSU)
    if d.counts[33] >= 3:
        f |= bit(F_CHUN)
    if d.counts[d.seat] >= 3:
        f |= bit(F_SEAT_WIND)
    if d.counts[d.rnd] >= 3:
        f |= bit(F_ROUND_WIND)
    if d.haitei and (not d.rinshan or haitei_on_rinshan):
        f |= bit(F_HAITEI)
    if d.houtei:
        f |= bit(F_HOUTEI)
    if d.rinshan:
        f |= bit(F_RINSHAN)
    if d.chankan:
        f |= bit(F_CHANKAN)
    if d.kans == 3:
        f |= bit(F_SANKANTSU)
    if not mask & ~TERMINAL_OR_HONOR_MASK and mask & HONOR_MASK and mask & TERMINAL_MASK:
        f |= bit(F_HONROUTOU)
    if _triplets_of(d, 31, 33) == 2 and _pair_among(d, 31, 33):
        f |= bit(F_SHOUSANGEN)
    if suits_in(mask) == 1:
        f |= bit(F_HONITSU if mask & HONOR_MASK else F_CHINITSU)
    if d.renhou and cumulative_renhou:
        f |= bit(F_RENHOU)
    return f


cdef uint64_t hand_yakuman(Hand* d, bint renhou_yakuman) noexcept:
    """The yakuman of the hand and the situation alone (renhou among them if ``renhou_yakuman``)."""
    cdef uint64_t f = 0
    cdef uint64_t mask = d.mask
    cdef int t, base, dragons = _triplets_of(d, 31, 33), winds = _triplets_of(d, 27, 30)
    cdef bint gates
    if d.n_melds == 0 and not mask & HONOR_MASK and suits_in(mask) == 1:
        base = 0 if mask & SUIT_MASK[0] else (9 if mask & SUIT_MASK[1] else 18)
        gates = True
        for t in range(9):
            gates = gates and d.closed[base + t] >= NINE_GATES[t]
        if gates:
            # Nine-sided: the hand before the win was exactly 1112345678999.
            f |= bit(Y_CHUUREN_9 if d.closed[d.win] == NINE_GATES[d.win - base] + 1
                     else Y_CHUUREN)
    if dragons == 3:
        f |= bit(Y_DAISANGEN)
    if winds == 3 and _pair_among(d, 27, 30):
        f |= bit(Y_SHOUSUUSHII)
    if winds == 4:
        f |= bit(Y_DAISUUSHII)
    if not mask & ~HONOR_MASK:
        f |= bit(Y_TSUUIISOU)
    if not mask & ~GREEN_MASK:
        f |= bit(Y_RYUUIISOU)
    if not mask & ~TERMINAL_MASK:
        f |= bit(Y_CHINROUTOU)
    if d.kans == 4:
        f |= bit(Y_SUUKANTSU)
    if d.tenhou:
        f |= bit(Y_TENHOU)
    if d.chiihou:
        f |= bit(Y_CHIIHOU)
    if d.renhou and renhou_yakuman:
        f |= bit(Y_RENHOU)
    return f


cdef inline bint _in(int tile, int* tiles, int n) noexcept nogil:
    cdef int i
    for i in range(n):
        if tiles[i] == tile:
            return True
    return False


cdef bint _all_sets_have(Reading* r, uint64_t mask) noexcept nogil:
    """Every set and the pair hold a tile of ``mask`` (chanta, junchan)."""
    cdef int i
    if not has(mask, r.pair):
        return False
    for i in range(r.n_runs):
        if not (has(mask, r.runs[i]) or has(mask, r.runs[i] + 2)):
            return False
    for i in range(r.n_triplets):
        if not has(mask, r.triplets[i]):
            return False
    return True


cdef uint64_t reading_features(Hand* d, Reading* r, bint pinfu) noexcept nogil:
    """The features that depend on the reading (``pinfu``: it is one, see :func:`is_pinfu`)."""
    cdef uint64_t f = 0
    cdef int i, n, identical = 0
    cdef int* runs = r.runs
    n = r.n_runs
    if r.shape == SHAPE_CHIITOITSU:
        return bit(F_CHIITOITSU)
    if pinfu:
        f |= bit(F_PINFU)
    if d.is_closed and n >= 2:
        if n == 4 and runs[0] == runs[1] and runs[2] == runs[3]:
            identical = 2
        else:
            for i in range(n - 1):
                identical = identical or runs[i] == runs[i + 1]
        if identical:
            f |= bit(F_RYANPEIKOU if identical == 2 else F_IIPEIKOU)
    for i in range(n):
        if runs[i] < 9 and _in(runs[i] + 9, runs, n) and _in(runs[i] + 18, runs, n):
            f |= bit(F_SANSHOKU_DOUJUN)
    for i in range(0, 27, 9):
        if _in(i, runs, n) and _in(i + 3, runs, n) and _in(i + 6, runs, n):
            f |= bit(F_ITTSU)
    if n:
        if d.mask & HONOR_MASK:
            if _all_sets_have(r, TERMINAL_OR_HONOR_MASK):
                f |= bit(F_CHANTA)
        elif _all_sets_have(r, TERMINAL_MASK):
            f |= bit(F_JUNCHAN)
    else:
        f |= bit(F_TOITOI)
    if r.concealed_triplets == 3:
        f |= bit(F_SANANKOU)
    for i in range(r.n_triplets):
        if (r.triplets[i] < 9 and _in(r.triplets[i] + 9, r.triplets, r.n_triplets)
                and _in(r.triplets[i] + 18, r.triplets, r.n_triplets)):
            f |= bit(F_SANSHOKU_DOUKOU)
    return f
