# The compiled build's declaration of riichi.game.flow: a position is an extension type with
# read-only fields (every observation shares the table's).

cimport cython

from riichi._frozen cimport Frozen

cdef class Position(Frozen):
    cdef readonly object round_wind
    cdef readonly object kyoku
    cdef readonly object honba
    cdef readonly object sticks

    # the fields, set by the checked constructor and the table's trusted one alike
    cdef _place(self, object round_wind, object kyoku, object honba, object sticks)

# a position of the table's own counts (at every hand's end and riichi), the next hand's, and
# whether there is one: C calls at the end of every hand
@cython.locals(pos=Position)
cpdef Position trusted_position(object round_wind, object kyoku, object honba, object sticks)
cpdef Position next_position(Position pos, bint dealer_stays, bint add_counter, object sticks,
                             Py_ssize_t hands=*)
cpdef bint game_over(object rules, Position pos, object scores, bint dealer_stays,
                     object how) except -1

# each seat's wind and the dealer, asked at the start of every hand
@cython.locals(winds=Py_ssize_t, players=Py_ssize_t, spacing=Py_ssize_t, seat=Py_ssize_t)
cpdef tuple seat_winds(object rules, Py_ssize_t kyoku)
cpdef Py_ssize_t dealer_seat(object rules, Py_ssize_t kyoku) except -1
@cython.locals(dealer=Py_ssize_t, seat=Py_ssize_t)
cpdef Py_ssize_t dealer_of(tuple winds) except -1
