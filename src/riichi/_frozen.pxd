# The compiled build's declaration of riichi._frozen: Frozen as an extension type, so that the
# values built on it hold their fields in read-only C storage; _sealed: made (by __init__ or by a
# trusted constructor of the table), after which __init__ refuses to run again.

cimport cython

cdef class Frozen:
    cdef readonly bint _sealed

    @cython.locals(sealed=bint)
    cpdef _seal(self)
