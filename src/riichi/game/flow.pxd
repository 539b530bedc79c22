# The compiled build's declaration of riichi.game.flow: a position is an extension type with
# read-only fields (every observation shares the table's).

cimport cython

from riichi._frozen cimport Frozen

cdef class Position(Frozen):
    cdef readonly object round_wind
    cdef readonly object kyoku
    cdef readonly object honba
    cdef readonly object sticks

# each seat's wind and the dealer, asked at the start of every hand
@cython.locals(winds=Py_ssize_t, players=Py_ssize_t, spacing=Py_ssize_t, seat=Py_ssize_t)
cpdef tuple seat_winds(object rules, Py_ssize_t kyoku)
@cython.locals(winds=tuple, dealer=Py_ssize_t, seat=Py_ssize_t)
cpdef Py_ssize_t dealer_seat(object rules, Py_ssize_t kyoku) except -1
