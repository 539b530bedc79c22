# The flush to steer to (riichi.agents._plans), which the discard choice reads too.
from libc.stdint cimport uint8_t

cdef int suit_to_flush(const uint8_t* c, int min_tiles, int suits) noexcept
