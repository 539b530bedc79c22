# The compiled build's declaration of riichi.game.actions: every action an extension type whose
# fields are read-only C ints (a call's two tiles a tuple of them), so that the actions the table
# lists and shares cannot be changed, and the table reads them without a lookup.

cimport cython

from riichi._frozen cimport Frozen

cdef class _SeatAction(Frozen):
    cdef readonly int seat

cdef class TileAction(Frozen):
    cdef readonly int seat
    cdef readonly int tile

cdef class CallAction(Frozen):
    cdef readonly int seat
    cdef readonly tuple tiles

cdef class KanAction(Frozen):
    cdef readonly int seat
    cdef readonly int tile_type

cdef class Discard(TileAction):
    pass

cdef class Riichi(TileAction):
    pass

cdef class Tsumo(_SeatAction):
    pass

cdef class Ron(_SeatAction):
    pass

cdef class Chi(CallAction):
    pass

cdef class Pon(CallAction):
    pass

cdef class Daiminkan(_SeatAction):
    pass

cdef class Ankan(KanAction):
    pass

cdef class Kakan(KanAction):
    pass

cdef class Pass(_SeatAction):
    pass

cdef class NineTerminals(_SeatAction):
    pass

cdef class Kita(TileAction):
    pass

@cython.locals(action=CallAction)
cpdef CallAction trusted_call(type cls, int seat, tuple tiles)
