# The compiled build's declaration of riichi.logs.mjlog_model: a log's draws and discards (most of
# its events) as extension types with read-only fields.

from riichi._frozen cimport Frozen

cdef class MjlogDraw(Frozen):
    cdef readonly object seat, tile

cdef class MjlogDiscard(Frozen):
    cdef readonly object seat, tile, tsumogiri
