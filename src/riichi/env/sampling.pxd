# The compiled build's declaration of riichi.env.sampling: the rows of a mask read through C
# pointers, and the doubles drawn from a numpy Generator's bit generator.

cimport cython
cimport numpy as cnp
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int64_t
from libc.string cimport memcpy

# the bit generator of a numpy.random.Generator, whose doubles sample_rows draws
cdef extern from "numpy/random/bitgen.h":
    ctypedef struct bitgen_t:
        void* state
        double (*next_double)(void* state) nogil
ctypedef bitgen_t* bitgen_p
ctypedef int64_t* int64_p

cdef int _ACTIONS
@cython.locals(bits=object, rows=cnp.ndarray, generator=cython.p_void, source=bitgen_p,
               n=cnp.npy_intp, out=object, values=cython.p_uchar, picks=int64_p, row=cnp.npy_intp)
cdef object sample_rows(object mask, object rng)
@cython.locals(rows=cnp.ndarray)
cdef bint _plain_rows(object mask) except -1
cdef type _generator()
cdef type _GENERATOR, _LOCK, _RLOCK
@cython.locals(row=Py_ssize_t, values=cython.p_uchar)
cpdef pick_rows(unsigned char[:, ::1] mask, double[::1] draws, int64_t[::1] out)
@cython.locals(exact=bint, seen=cython.ulonglong, totals=cython.ulonglong, below=cython.ulonglong,
               at=Py_ssize_t, legal=int, k=int, word=cython.ulonglong, n=int)
cdef int64_t _pick_row(unsigned char* values, double draw) noexcept
cdef unsigned long long _ONES, _HIGHS, _WORD
@cython.locals(word=cython.ulonglong)
cdef unsigned long long _legal_bytes(unsigned char* values, Py_ssize_t at, bint exact) noexcept
cdef int _byte_sum(unsigned long long word) noexcept
@cython.locals(below=cython.ulonglong, past=cython.ulonglong)
cdef int _byte_at(unsigned long long word, int k) noexcept
