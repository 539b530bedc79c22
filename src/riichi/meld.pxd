# The compiled build's declaration of riichi.meld: a meld is an extension type with read-only
# fields (the table shares its melds with every observation), which the table reads directly.

cimport cython

from riichi._frozen cimport Frozen

cdef class Meld(Frozen):
    cdef readonly object kind
    cdef readonly tuple tiles
    cdef readonly object called
    cdef readonly object from_seat
    cdef readonly int first_type

@cython.locals(meld=Meld)
cpdef Meld trusted_meld(object kind, tuple tiles, object called, object from_seat)
