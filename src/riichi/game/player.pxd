# The compiled build's declaration of riichi.game.player: a seat's state in C fields (the masks
# as 64-bit words, the flags as C ints), read and written by the table without a lookup; a pond
# entry an extension type with read-only fields (the table shares them across games).

cimport cython

from riichi cimport _core
from riichi._frozen cimport Frozen

cdef class DiscardedTile(Frozen):
    cdef readonly int tile
    cdef readonly bint tsumogiri
    cdef readonly bint riichi
    cdef readonly bint claimed

@cython.final
cdef class Player:
    cdef public list hand
    cdef public bytearray counts
    cdef public list melds
    cdef public list discards
    cdef public unsigned long long discard_mask
    cdef public unsigned long long riichi_safe_mask
    cdef public unsigned long long waits_mask
    cdef public unsigned long long kuikae_mask
    cdef public bint riichi
    cdef public bint double_riichi
    cdef public bint ippatsu
    cdef public bint temp_furiten
    cdef public bint riichi_furiten
    cdef public bint nagashi

    @cython.locals(hand=list, i=Py_ssize_t, t=Py_ssize_t)
    cpdef add(self, Py_ssize_t tile)
    @cython.locals(hand=list, i=Py_ssize_t, t=Py_ssize_t)
    cpdef remove(self, Py_ssize_t tile)
    cpdef update_waits(self)
    @cython.locals(other=Player)
    cpdef Player copy(self)

@cython.locals(mask=cython.ulonglong)
cpdef unsigned long long waits_mask(object counts, object melds) except 0xFFFFFFFFFFFFFFFF

@cython.locals(counts=bytearray, tile=Py_ssize_t)
cdef bytearray _counts_of(list hand)
