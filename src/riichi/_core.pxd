# Declarations of riichi._core for other Cython modules to cimport: the nogil kernels, and the
# one-hand entries that compiled callers (the table) reach without a Python call.
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint16_t, uint64_t

cdef enum:
    NUM_TYPES = 34
    MAX_DECOMPOSITIONS = 32   # more than a 14-tile hand can have (55566677788899m has four)

# One reading of a complete hand: the pair, the runs by their lowest tile and the triplets, sorted.
cdef struct Decomposition:
    int8_t pair
    int8_t n_runs
    int8_t n_triplets
    int8_t runs[4]
    int8_t triplets[4]

# Distance to sets and a pair (index pair * 5 + sets) of one suit (a leaf: `entry` points into the
# table, which also holds its useful tiles) or of a combination of two parts `a` and `b` (its useful
# tiles are worked out on demand, entry by entry, and remembered in `useful` and `known`).
cdef struct Node:
    int16_t dist[16]         # lanes 0-4: sets without the pair; lanes 8-12: with it
    const uint16_t* entry
    int shift
    Node* a
    Node* b
    uint64_t useful[10]
    int known

# `sanma`: three-player mahjong, without 2m-8m (1m and 9m then form no runs); the caller has
# checked that the hand holds none of them.
cdef int shanten_standard_k(const uint8_t* counts, int sets, bint sanma=*) noexcept nogil
cdef int shanten_standard_useful_k(const uint8_t* counts, int sets, uint64_t* useful,
                                   bint sanma=*) noexcept nogil
cdef int shanten_chiitoitsu_k(const uint8_t* counts, uint64_t* useful, bint sanma=*) noexcept nogil
cdef int shanten_kokushi_k(const uint8_t* counts, uint64_t* useful) noexcept nogil
cdef int shanten_k(const uint8_t* counts, int size, bint sanma=*) noexcept nogil
cdef int shanten_useful_k(const uint8_t* counts, int size, uint64_t* useful, bint sanma=*) noexcept nogil
cdef uint64_t waits_k(const uint8_t* counts, int size, bint sanma=*) noexcept nogil
cdef int decompositions_k(const uint8_t* counts, Decomposition* out) noexcept nogil
cdef int discard_analysis_k(const uint8_t* counts, int size, const uint8_t* visible,
                            uint64_t among, bint lowest_only, int64_t* out,
                            bint sanma=*) noexcept nogil

# The one-hand entries the table calls from C (the Python face of each is the same function).
cpdef int shanten(object counts, object players=*) except -2
cpdef bint tenpai_or_complete(object counts) except -1
cpdef int shanten_kokushi(object counts) except -2
cpdef uint64_t waits_mask(object counts, object players=*) except 0xFFFFFFFFFFFFFFFF
cpdef bytes frozen_counts(bytearray counts)
