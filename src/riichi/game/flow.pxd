# The compiled build's declaration of riichi.game.flow: a position is an extension type with
# read-only fields (every observation shares the table's).

from riichi._frozen cimport Frozen

cdef class Position(Frozen):
    cdef readonly object round_wind
    cdef readonly object kyoku
    cdef readonly object honba
    cdef readonly object sticks
