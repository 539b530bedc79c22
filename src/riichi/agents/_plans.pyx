"""The compiled steps of the built-in players' plans: an open hand's plan
(:func:`open_plan_index`, :func:`tiles_in`) and the flush to steer to (:func:`flush_suit`).
"""

from libc.stdint cimport uint8_t, uint64_t

from riichi._core cimport NUM_TYPES
from riichi.agents._rows cimport ALL_MASK, HONOR_MASK, ONE, SUIT_MASK, row


def flush_suit(counts, int min_tiles, int suits=7):
    """The first suit (0 man, 1 pin, 2 sou) among ``suits`` (a mask of suits) whose tiles and the
    honours of ``counts`` (34 bytes) number ``min_tiles`` or more, or -1.

    >>> flush_suit(bytes([3, 3, 3, 2] + [0] * 23 + [2] + [0] * 6), 13)
    0
    >>> flush_suit(bytes([3, 3, 3, 2] + [0] * 23 + [2] + [0] * 6), 13, suits=6)
    -1
    """
    return suit_to_flush(row(counts, "counts"), min_tiles, suits)


cdef uint64_t YAOCHUU_MASK = (ONE | ONE << 8 | ONE << 9 | ONE << 17 | ONE << 18 | ONE << 26
                              | HONOR_MASK)


cdef inline int _tiles_in(const uint8_t* c, uint64_t mask) noexcept:
    cdef int t, n = 0
    for t in range(NUM_TYPES):
        if (mask >> t) & 1:
            n += c[t]
    return n


def tiles_in(counts, uint64_t mask):
    """How many tiles of ``counts`` (34 bytes) are of the tile types in ``mask``.

    >>> tiles_in(bytes([2, 1] + [0] * 32), 0b10)
    1
    """
    return _tiles_in(row(counts, "counts"), mask)


def open_plan_index(counts, uint64_t meld_types, bint runs, uint64_t yakuhai, bint kuitan):
    """The plan of an open hand with concealed ``counts`` (34 bytes) and melds of the tile types
    in ``meld_types`` (``runs``: one of them is a run), none of them a yakuhai triplet, as the
    index of riichi.agents.plans.open_plan's choice: 0 free (a yakuhai triplet in hand), 1 all
    triplets, 2 tanyao, 3-5 a flush of man, pin or sou; -1 none.

    Tanyao (when ``kuitan``) and the flushes that the melds allow are weighed, the one with the
    fewest tiles of ``counts`` that do not fit first (the first listed on a tie); without one, all
    triplets when no meld is a run.

    >>> open_plan_index(bytes([1, 1, 1] + [0] * 31), 1 << 3 | 1 << 4 | 1 << 5, True, 0, True)
    3
    """
    cdef const uint8_t* c = row(counts, "counts")
    cdef int t, s, garbage, best = -1, best_garbage = 99
    for t in range(27, NUM_TYPES):
        if c[t] >= 3 and (yakuhai >> t) & 1:
            return 0
    cdef uint64_t mask
    if kuitan and not meld_types & YAOCHUU_MASK:
        best, best_garbage = 2, _tiles_in(c, YAOCHUU_MASK)
    for s in range(3):
        mask = ALL_MASK & ~(SUIT_MASK << (9 * s) | HONOR_MASK)
        if meld_types & mask:
            continue
        garbage = _tiles_in(c, mask)
        if garbage < best_garbage:
            best, best_garbage = 3 + s, garbage
    if best < 0 and not runs:
        return 1
    return best
