# The compiled build's declaration of riichi.env.actions: the index of an action and the mask of a
# decision as C functions, which the environments call at every step.

cimport cython
cimport numpy as cnp
from cpython.pycapsule cimport PyCapsule_GetPointer
from libc.stdint cimport int16_t, int64_t
from libc.string cimport memcpy

# the classes too: slot_of tells an action's class by a C comparison, not a global's lookup
from riichi.game.actions cimport (
    Ankan, Chi, Daiminkan, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo,
)
from riichi.game.observation cimport Observation
from riichi.game.player cimport Player
from riichi.game.turn cimport Turn, hand_disagrees

# the bit generator of a numpy.random.Generator, whose doubles sample_actions draws
cdef extern from "numpy/random/bitgen.h":
    ctypedef struct bitgen_t:
        void* state
        double (*next_double)(void* state) nogil
ctypedef bitgen_t* bitgen_p
ctypedef int64_t* int64_p

cdef int _RED_KIND, _DISCARD, _RIICHI, _KINDS, _PASS, _ACTIONS, _CHI, _TSUMO, _NINE_TERMINALS
cdef int _PON, _DAIMINKAN, _KAN, _RON, _KITA

@cython.locals(tile_type=int)
cpdef int kind_of(int tile, bint red) noexcept
@cython.locals(discard=Discard, riichi=Riichi, chi=Chi, pon=Pon, ankan=Ankan, kakan=Kakan, a=int,
               b=int, called=int, low=int)
cpdef int slot_of(object action, int drawn, int offered, bint red) except -1
@cython.locals(kind=int)
cdef int _discard_slot(int base, int tile, int drawn, int drawn_kind, bint red) noexcept
cdef int _kind_slot(int base, int kind, int tile, int drawn, int drawn_kind) noexcept
cdef bint _with_red(int a, int b, bint red) noexcept
cpdef fill_row(tuple legal, int drawn, int offered, bint red, unsigned char[:, ::1] mask,
               Py_ssize_t row, int16_t[:, ::1] index, Py_ssize_t index_row)
@cython.locals(slot=Py_ssize_t, drawn_kind=int, i=Py_ssize_t, action=object, discard=Discard)
cdef int _fill(tuple legal, int drawn, int offered, bint red, unsigned char* mask,
               int16_t* index) except -1
cpdef fill_turn_row(Turn turn, bint red, unsigned char[:, ::1] mask, Py_ssize_t row,
                    int16_t[:, ::1] index, Py_ssize_t index_row)
@cython.locals(p=Player, drawn=int, drawn_kind=int, put=Py_ssize_t, extras=tuple,
               i=Py_ssize_t)
cdef int fill_turn_at(Turn turn, bint red, unsigned char* mask, int16_t* index) except -1
@cython.locals(put=Py_ssize_t, i=Py_ssize_t, t=Py_ssize_t, kinds=cython.p_uchar,
               tiles=cython.p_uchar, slot=Py_ssize_t)
cdef Py_ssize_t _mark_held(unsigned char* mask, int16_t* index, int base, Player p,
                           unsigned long long types, int drawn, int drawn_kind,
                           bint red) except -1
# the prebuilt actions turn_action takes one of at every turn, as C globals (no lookup in the
# module's dict)
cdef tuple DISCARDS, RIICHIS, TSUMOS
cpdef object turn_action(Turn turn, int slot, int value)
@cython.locals(slot=Py_ssize_t)
cdef void _clear(unsigned char* mask, int16_t* index) noexcept
cdef void _mark(unsigned char* mask, int16_t* index, Py_ssize_t slot, int value) noexcept
@cython.locals(seen=Observation)
cpdef int action_index(object action, object observation) except -1
@cython.locals(bits=object, rows=cnp.ndarray, generator=cython.p_void, source=bitgen_p,
               n=cnp.npy_intp, out=object, values=cython.p_uchar, picks=int64_p, row=cnp.npy_intp)
cdef object _sample_rows(object mask, object rng)
@cython.locals(rows=cnp.ndarray)
cdef bint _plain_rows(object mask) except -1
cdef type _generator()
cdef type _GENERATOR, _LOCK, _RLOCK
@cython.locals(row=Py_ssize_t, values=cython.p_uchar)
cdef _pick(unsigned char[:, ::1] mask, double[::1] draws, int64_t[::1] out)
@cython.locals(exact=bint, seen=cython.ulonglong, totals=cython.ulonglong, below=cython.ulonglong,
               at=Py_ssize_t, legal=int, k=int, word=cython.ulonglong, n=int)
cdef int64_t _pick_row(unsigned char* values, double draw) noexcept
cdef unsigned long long _ONES, _HIGHS, _WORD
# the kinds of the 136 tile ids (read through C pointers by _mark_held)
cdef bytes _KIND_OF, _RED_KIND_OF
@cython.locals(word=cython.ulonglong)
cdef unsigned long long _legal_bytes(unsigned char* values, Py_ssize_t at, bint exact) noexcept
cdef int _byte_sum(unsigned long long word) noexcept
@cython.locals(below=cython.ulonglong, past=cython.ulonglong)
cdef int _byte_at(unsigned long long word, int k) noexcept
