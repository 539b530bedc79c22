# The danger of a discard (riichi.agents._danger), which the discard choice weighs.
from libc.stdint cimport uint8_t, uint64_t

cdef double danger_of(int tile, uint64_t genbutsu, const uint8_t* c, const uint8_t* v,
                      bint sanma) noexcept
