# The compiled build's declaration of riichi.game.turn: the actions of a turn as C-level functions
# of a C-typed state (the rules are in turn.py).

cimport cython

from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM

cimport riichi._core as _core
from riichi.game.draws cimport nine_terminals
from riichi.game.player cimport Player, closed
from riichi.game.state cimport GameState
from riichi.meld cimport Meld

# the kind of a meld _extras looks for a kakan in, at every turn of a hand with melds: a C global
cdef object PON

@cython.final
cdef class Turn:
    cdef readonly Py_ssize_t seat
    cdef readonly Player player
    cdef readonly Py_ssize_t drawn
    cdef readonly bint win
    cdef readonly object abort
    cdef readonly unsigned long long ban
    cdef readonly unsigned long long ready
    cdef readonly tuple extras
    cdef readonly Py_ssize_t discards
    cdef readonly Py_ssize_t riichis

@cython.locals(turn=Turn)
cpdef tuple turn_actions(GameState state)
@cython.locals(seat=Py_ssize_t, p=Player, tile=Py_ssize_t, counts=bytearray, win=bint,
               abort=object, ban=cython.ulonglong, ready=cython.ulonglong, extras=tuple,
               discards=Py_ssize_t, quads=bint)
cpdef decide(GameState state, Turn turn)
@cython.locals(seat=Py_ssize_t, p=Player, extras=tuple, first=Py_ssize_t,
               stop=Py_ssize_t, out=object, i=Py_ssize_t)
cpdef tuple listed(Turn turn)
cpdef bint may_riichi(GameState state, Py_ssize_t seat, Player p) except -1
@cython.locals(tile_type=Py_ssize_t, extras=tuple)
cdef tuple _riichi_extras(GameState state, Py_ssize_t seat, Player p, Py_ssize_t drawn)
@cython.locals(counts=bytearray, melds=list, m=Meld, extras=tuple, kans=list,
               ankans=tuple, kakans=tuple,
               one=cython.ulonglong, ankan=cython.ulonglong, kakan=cython.ulonglong, k=Py_ssize_t)
cdef tuple _extras(GameState state, Py_ssize_t seat, Player p, Py_ssize_t drawn, bint quads)
@cython.locals(n=Py_ssize_t, k=Py_ssize_t)
cdef Py_ssize_t _held(bytearray counts, unsigned long long types) except -1
@cython.locals(tiles=cython.p_uchar, k=Py_ssize_t, t=Py_ssize_t)
cdef Py_ssize_t _put_held(object out, Py_ssize_t stop, Py_ssize_t i, tuple actions, Player p,
                          unsigned long long types) except -1
cpdef hand_disagrees(list hand, object counts)
# the turn's tuple made at its length and filled in place
cdef object _places(Py_ssize_t n)
cdef void _put(object out, Py_ssize_t i, object action) noexcept
cdef tuple _listed(object out)
