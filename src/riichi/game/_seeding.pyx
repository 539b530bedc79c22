"""The seeded shuffle of a wall, without numpy's objects.

:func:`seeded_permutation` gives exactly
``numpy.random.default_rng(numpy.random.SeedSequence(entropy, spawn_key=spawn_key)).permutation(n)``
(numpy's SeedSequence hash, its PCG64 XSL-RR generator and the Fisher-Yates shuffle of
``Generator.permutation``, bounded draws by masked rejection), computed in C: building those three
objects costs some 20 microseconds a hand, more than the rest of a hand's table work with random
players. The tests compare it with numpy for many seeds, keys and sizes.

>>> import numpy as np
>>> seq = np.random.SeedSequence(11, spawn_key=(5, 3))
>>> seeded_permutation(11, (5, 3), 136) == np.random.default_rng(seq).permutation(136).tolist()
True
"""

from cpython.list cimport PyList_New, PyList_SET_ITEM
from cpython.mem cimport PyMem_Free, PyMem_Malloc
from cpython.ref cimport Py_INCREF
from libc.stdint cimport uint32_t, uint64_t

from riichi.errors import RiichiError

cdef enum:
    POOL_SIZE = 4
    MAX_WORDS = 64   # entropy and spawn key, in 32-bit words (a 128-bit seed and a key of 2 is 8)
    PLACES = 256     # the places of a wall (136 at most), as ints made once

cdef tuple _PLACES = tuple(range(PLACES))

cdef uint32_t INIT_A = 0x43b0d7e5
cdef uint32_t MULT_A = 0x931e8875
cdef uint32_t INIT_B = 0x8b51f9dd
cdef uint32_t MULT_B = 0x58f38ded
cdef uint32_t MIX_MULT_L = 0xca01f9dd
cdef uint32_t MIX_MULT_R = 0x4973f715
cdef int XSHIFT = 16
cdef uint64_t MULT_HIGH = 0x2360ED051FC65DA4ULL   # PCG64's 128-bit multiplier
cdef uint64_t MULT_LOW = 0x4385DF649FCCF645ULL
cdef uint64_t LOW32 = 0xFFFFFFFFULL


cdef struct Pcg64:
    uint64_t high, low          # the 128-bit state
    uint64_t inc_high, inc_low  # the 128-bit increment (odd)


cdef inline uint32_t _hashmix(uint32_t value, uint32_t* hash_const) noexcept nogil:
    value ^= hash_const[0]
    hash_const[0] *= MULT_A
    value *= hash_const[0]
    value ^= value >> XSHIFT
    return value


cdef inline uint32_t _mix(uint32_t x, uint32_t y) noexcept nogil:
    cdef uint32_t result = MIX_MULT_L * x - MIX_MULT_R * y
    result ^= result >> XSHIFT
    return result


cdef void _seed_state(const uint32_t* entropy, int size, uint32_t* out, int words) noexcept nogil:
    """SeedSequence: the pool mixed from ``entropy``, then ``words`` words of state drawn from it."""
    cdef uint32_t pool[POOL_SIZE]
    cdef uint32_t hash_const = INIT_A
    cdef int i, j
    for i in range(POOL_SIZE):
        pool[i] = _hashmix(entropy[i] if i < size else 0, &hash_const)
    for i in range(POOL_SIZE):
        for j in range(POOL_SIZE):
            if i != j:
                pool[j] = _mix(pool[j], _hashmix(pool[i], &hash_const))
    for i in range(POOL_SIZE, size):
        for j in range(POOL_SIZE):
            pool[j] = _mix(pool[j], _hashmix(entropy[i], &hash_const))
    hash_const = INIT_B
    cdef uint32_t value
    for i in range(words):
        value = pool[i % POOL_SIZE] ^ hash_const
        hash_const *= MULT_B
        value *= hash_const
        value ^= value >> XSHIFT
        out[i] = value


cdef extern from *:
    """
    /* The 128-bit product of two 64-bit words: one multiply where the compiler has a 128-bit
       integer type, four of 32-bit halves where it has not (MSVC). */
    #if defined(__SIZEOF_INT128__)
    static inline void riichi_mul_64(uint64_t a, uint64_t b, uint64_t* high, uint64_t* low) {
        unsigned __int128 product = (unsigned __int128)a * b;
        *high = (uint64_t)(product >> 64);
        *low = (uint64_t)product;
    }
    #else
    static inline void riichi_mul_64(uint64_t a, uint64_t b, uint64_t* high, uint64_t* low) {
        uint64_t a0 = a & 0xFFFFFFFFULL, a1 = a >> 32, b0 = b & 0xFFFFFFFFULL, b1 = b >> 32;
        uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
        uint64_t middle = (p00 >> 32) + (p01 & 0xFFFFFFFFULL) + (p10 & 0xFFFFFFFFULL);
        *low = (middle << 32) | (p00 & 0xFFFFFFFFULL);
        *high = p11 + (p01 >> 32) + (p10 >> 32) + (middle >> 32);
    }
    #endif
    """
    void riichi_mul_64(uint64_t a, uint64_t b, uint64_t* high, uint64_t* low) noexcept nogil


cdef extern from *:
    """
    /* The new list out's count places given the ints places[order[k]]: a C loop with one
       reference taken each (where Cython's takes and drops a temporary's). */
    static inline void riichi_fill_places(PyObject* out, PyObject* places, const uint32_t* order,
                                          uint32_t count) {
        PyObject** items = ((PyListObject*)out)->ob_item;
        PyObject** ints = ((PyTupleObject*)places)->ob_item;
        for (uint32_t k = 0; k < count; k++) {
            PyObject* tile = ints[order[k]];
            Py_INCREF(tile);
            items[k] = tile;
        }
    }
    """
    void riichi_fill_places(list out, tuple places, const uint32_t* order, uint32_t count)


cdef inline void _step(Pcg64* g) noexcept nogil:
    """state = state * MULT + inc, modulo 2**128."""
    cdef uint64_t high, low
    riichi_mul_64(g.low, MULT_LOW, &high, &low)
    high += g.high * MULT_LOW + g.low * MULT_HIGH
    g.low = low + g.inc_low
    g.high = high + g.inc_high + (1 if g.low < low else 0)


cdef inline uint64_t _next_64(Pcg64* g) noexcept nogil:
    _step(g)
    cdef uint64_t folded = g.high ^ g.low
    cdef unsigned int rotation = <unsigned int>(g.high >> 58)
    return (folded >> rotation) | (folded << ((-rotation) & 63))


cdef void _seed_pcg(Pcg64* g, const uint32_t* words) noexcept nogil:
    """PCG64 from SeedSequence.generate_state(4, uint64): state seed, then stream."""
    cdef uint64_t seed_high = words[0] | (<uint64_t>words[1] << 32)
    cdef uint64_t seed_low = words[2] | (<uint64_t>words[3] << 32)
    cdef uint64_t seq_high = words[4] | (<uint64_t>words[5] << 32)
    cdef uint64_t seq_low = words[6] | (<uint64_t>words[7] << 32)
    g.inc_high = (seq_high << 1) | (seq_low >> 63)
    g.inc_low = (seq_low << 1) | 1
    g.high = 0
    g.low = 0
    _step(g)
    g.low += seed_low
    g.high += seed_high + (1 if g.low < seed_low else 0)
    _step(g)


cdef inline uint32_t _mask_of(uint32_t most) noexcept nogil:
    """The bits of ``most`` and every bit below: what numpy masks a draw from 0..most with."""
    most |= most >> 1
    most |= most >> 2
    most |= most >> 4
    most |= most >> 8
    most |= most >> 16
    return most


cdef int _words(object number, uint32_t* out, int at) except -1:
    """Write ``number`` (an int >= 0) as little-endian 32-bit words from ``out[at]`` (0 is one
    word); returns the next free place."""
    if number < 0:
        raise RiichiError(f"seeded_permutation: expected ints >= 0, got {number}")
    cdef uint64_t small
    if number <= 0xFFFFFFFFFFFFFFFF:  # every seed and key a game has: converted once, in C
        small = number
        while True:
            if at >= MAX_WORDS:
                raise RiichiError(f"seeded_permutation: expected at most {MAX_WORDS} 32-bit "
                                  "words of entropy and spawn key")
            out[at] = <uint32_t>(small & LOW32)
            at += 1
            small >>= 32
            if not small:
                return at
    while True:
        if at >= MAX_WORDS:
            raise RiichiError(f"seeded_permutation: expected at most {MAX_WORDS} 32-bit words "
                              "of entropy and spawn key")
        out[at] = <uint32_t>(number & 0xFFFFFFFF)
        at += 1
        number >>= 32
        if not number:
            return at


cpdef list seeded_permutation(object entropy, tuple spawn_key, object n):
    """``numpy.random.default_rng(numpy.random.SeedSequence(entropy, spawn_key=spawn_key))
    .permutation(n).tolist()`` for ints ``entropy`` and ``spawn_key`` >= 0 and ``0 <= n < 2**32``.
    """
    cdef uint32_t words[MAX_WORDS]
    cdef uint32_t state[8]
    cdef Pcg64 g
    cdef int size = _words(entropy, words, 0)
    if len(spawn_key) and size < POOL_SIZE:
        while size < POOL_SIZE:  # numpy pads the entropy to the pool before a spawn key
            words[size] = 0
            size += 1
    for key in spawn_key:
        size = _words(key, words, size)
    if not 0 <= n <= 0xFFFFFFFF:
        raise RiichiError(f"seeded_permutation: n={n}: expected 0 to 2**32 - 1")
    cdef uint32_t count = n, i, j, swap, mask
    cdef uint64_t bits = 0
    cdef bint has_half = False
    cdef object tile
    # shuffled as C integers, then made a list once: no Python object is moved in the shuffle;
    # a wall's places on the stack, a longer permutation's on the heap
    cdef uint32_t places[PLACES]
    cdef uint32_t* order = places
    if count > PLACES:
        order = <uint32_t*>PyMem_Malloc(count * sizeof(uint32_t))
        if order is NULL:
            raise MemoryError()
    try:
        # with the GIL held: the shuffle of a wall is shorter than letting another thread run
        _seed_state(words, size, state, 8)
        _seed_pcg(&g, state)
        for i in range(count):
            order[i] = i
        i = count - 1 if count else 0
        mask = _mask_of(i)
        while i > 0:
            while mask >> 1 >= i:  # i fell below its power of two: one bit less to mask
                mask >>= 1
            # a uniform draw from 0..i: 32-bit draws (the low half of each 64-bit output, then
            # its high half) masked by mask, rejected until in range; numpy makes the mask anew
            # at each draw, the shuffle keeps it as its bound falls
            while True:
                if has_half:
                    has_half = False
                    j = <uint32_t>(bits >> 32) & mask
                else:
                    bits = _next_64(&g)
                    has_half = True
                    j = <uint32_t>bits & mask
                if j <= i:
                    break
            swap = order[i]
            order[i] = order[j]
            order[j] = swap
            i -= 1
        out = PyList_New(count)
        if count <= PLACES:
            # the ints of a wall's places from a table: no int object looked up or made, and a
            # new list's places filled once, with no appends
            riichi_fill_places(out, _PLACES, order, count)
        else:
            for i in range(count):
                tile = order[i]
                Py_INCREF(tile)
                PyList_SET_ITEM(out, i, tile)
        return out
    finally:
        if order != places:
            PyMem_Free(order)
