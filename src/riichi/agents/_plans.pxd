# The flush to steer to (riichi.agents._plans), which the discard choice reads too.
from libc.stdint cimport uint8_t

from riichi._core cimport NUM_TYPES


cdef inline int suit_to_flush(const uint8_t* c, int min_tiles, int suits) noexcept:
    """:func:`flush_suit` of a row (inlined: the discard choice asks it on every turn)."""
    cdef int t, s, honours = 0, tiles
    for t in range(27, NUM_TYPES):
        honours += c[t]
    for s in range(3):
        if not (suits >> s) & 1:
            continue
        tiles = honours
        for t in range(9 * s, 9 * s + 9):
            tiles += c[t]
        if tiles >= min_tiles:
            return s
    return -1
