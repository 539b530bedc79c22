# The compiled build's declaration of riichi.env.actions: the index of an action and the mask of a
# decision as C functions, which the environments call at every step.

cimport cython
from libc.stdint cimport int16_t
from libc.string cimport memset

# the classes too: slot_of tells an action's class by a C comparison, not a global's lookup
from riichi.game.actions cimport (
    Ankan, Chi, Daiminkan, Discard, Kakan, Kita, NineTerminals, Pass, Pon, Riichi, Ron, Tsumo,
)
from riichi.env.sampling cimport pick_rows, sample_rows
from riichi.game.observation cimport Observation
from riichi.game.player cimport Player
from riichi.game.turn cimport Turn, hand_disagrees

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
@cython.locals(put=Py_ssize_t, i=Py_ssize_t, t=int, kinds=cython.p_uchar,
               tiles=cython.p_uchar, kind=int, past=int)
cdef Py_ssize_t _mark_held(unsigned char* mask, int16_t* index, int base, Player p,
                           unsigned long long types, int drawn, int drawn_kind,
                           bint red) except -1
@cython.locals(i=Py_ssize_t, t=int, kinds=cython.p_uchar, tiles=cython.p_uchar, past=int)
cdef Py_ssize_t _mark_every(unsigned char* mask, int16_t* index, int base, Player p, int drawn,
                            int drawn_kind, bint red) except -1
@cython.locals(slot=Py_ssize_t)
cdef void _mark_tile(unsigned char* mask, int16_t* index, int base, int kind, int tile, int drawn,
                     int drawn_kind) noexcept
# the prebuilt actions turn_action takes one of at every turn, as C globals (no lookup in the
# module's dict)
cdef tuple DISCARDS, RIICHIS, TSUMOS
cpdef object turn_action(Turn turn, int slot, int value)
cdef void _clear(unsigned char* mask, int16_t* index) noexcept
cdef void _mark(unsigned char* mask, int16_t* index, Py_ssize_t slot, int value) noexcept
@cython.locals(seen=Observation)
cpdef int action_index(object action, object observation) except -1
# the kinds of the byte's 256 values (read through C pointers by _mark_held)
cdef bytes _KIND_OF, _RED_KIND_OF
cdef int _PAST
