# The compiled build's declaration of riichi._frozen: Frozen as an extension type, so that the
# values built on it hold their fields in read-only C storage.

cdef class Frozen:
    pass
