# The compiled build's declaration of riichi.logs.tenhou_wall: the generator's seeding and the
# wall's shuffle in C integers (MT19937's words are 32 bits; their products fit in 64).

cimport cython

cdef Py_ssize_t _KEY_WORDS, _WORDS_PER_ROUND, _BLOCK_BYTES
cdef unsigned long long _MASK32, _UPPER, _LOWER, _MATRIX, _TEMPER_B, _TEMPER_C

@cython.locals(mt="unsigned long long[624]", i=Py_ssize_t, j=Py_ssize_t, n=Py_ssize_t, prev="unsigned long long",
               word="unsigned long long")
cpdef object _init_by_array(object key)

@cython.locals(yama=list, size=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, word="unsigned long long")
cpdef list _shuffled(list rnd, list tiles)

cdef class _Twister:
    cdef unsigned long long mt[624]
    cdef Py_ssize_t pos

    @cython.locals(out=bytearray, k=Py_ssize_t, b=Py_ssize_t, y="unsigned long long")
    cpdef bytes stream(self, Py_ssize_t n)
    @cython.locals(i=Py_ssize_t, y="unsigned long long")
    cpdef twist(self)

cpdef list _round_randoms(_Twister twister)
