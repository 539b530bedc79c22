# The compiled build's declaration of riichi.game.player: a seat's state in C fields (the masks
# as 64-bit words, the flags as C ints), read and written by the table without a lookup; a pond
# entry an extension type with read-only fields (the table shares them across games).

cimport cython

cimport riichi._core as _core
from riichi._frozen cimport Frozen
from riichi.meld cimport Meld

# the kind closed() tells a concealed kan by, for every meld of a hand whose turn is decided
cdef object _ANKAN
# the zeroed tiles and counts every dealt seat's are copied from
cdef bytearray _NO_TILES, _NO_COUNTS, _NO_DEAL, _NO_MARKS
# the most concealed tiles a hand at the table holds, read in the deal's loop
cdef Py_ssize_t _MOST

cdef class DiscardedTile(Frozen):
    cdef readonly int tile
    cdef readonly bint tsumogiri
    cdef readonly bint riichi
    cdef readonly bint claimed

# What riichi.analyze deals anew (the furiten it recomputes; the concealed tiles through the hand
# property) and what a test sets stays public; the rest only the table writes. The concealed ids
# are the first size bytes of tiles (room for 14 at least), read as C bytes by the table and
# readable from Python as the bytes they are (written through add, remove and the hand).
@cython.final
cdef class Player:
    cdef readonly bytearray tiles
    cdef readonly Py_ssize_t size
    cdef public bytearray counts
    cdef readonly list melds
    cdef readonly list discards
    cdef readonly unsigned long long discard_mask
    cdef public unsigned long long riichi_safe_mask
    cdef readonly unsigned long long waits_mask
    cdef readonly unsigned long long kuikae_mask
    cdef readonly bint riichi
    cdef readonly bint double_riichi
    cdef readonly bint ippatsu
    cdef public bint temp_furiten
    cdef public bint riichi_furiten
    cdef readonly bint nagashi
    cdef readonly tuple kita
    cdef readonly bint noten_turn

    cdef _deal(self, list hand)
    cdef _new_hand(self)
    @cython.locals(tiles=bytearray, counts=bytearray, dealt=cython.p_uchar, placed=cython.p_uchar,
                   counted=cython.p_uchar, i=Py_ssize_t, tile=Py_ssize_t)
    cdef _take(self, bytearray held, Py_ssize_t start, Py_ssize_t size)
    @cython.locals(size=Py_ssize_t, tiles=bytearray, counts=bytearray, i=Py_ssize_t,
                   tile=Py_ssize_t)
    cdef _hold(self, list hand)
    @cython.locals(size=Py_ssize_t, tiles=cython.p_uchar, i=Py_ssize_t)
    cpdef add(self, Py_ssize_t tile)
    @cython.locals(size=Py_ssize_t, tiles=cython.p_uchar, i=Py_ssize_t)
    cpdef remove(self, Py_ssize_t tile)
    cpdef update_waits(self)
    # a C int returned, as GameState's draw and discard do (no None made at every discard)
    cdef int update_waits_after_discard(self, Py_ssize_t tile_type, Py_ssize_t drawn) except -1
    # asked of every seat at an exhaustive draw
    cpdef bint tenpai(self, bint karaten=*) except -1
    @cython.locals(other=Player)
    cpdef Player copy(self)

@cython.locals(i=Py_ssize_t)
cdef Py_ssize_t _place(const unsigned char* tiles, Py_ssize_t size, Py_ssize_t tile) noexcept

# the seats of every hand, made at C level from the wall's bytes
@cython.locals(dealt=list, seat=Py_ssize_t, p=Player, seated=Py_ssize_t, marked=bytearray,
               held=bytearray, taken=bytearray, marks=cython.p_uchar, placed=cython.p_uchar,
               sizes=cython.p_uchar, tile=Py_ssize_t, mark=Py_ssize_t, size=Py_ssize_t)
cpdef tuple dealt_seats(object seats, object players)

@cython.locals(meld=Meld)
cpdef bint closed(list melds) except -1

cpdef unsigned long long waits_mask(object counts, object melds, Py_ssize_t kita=*) except 0xFFFFFFFFFFFFFFFF
@cython.locals(mask=cython.ulonglong)
cdef inline unsigned long long _seat_waits(object counts, object melds, Py_ssize_t kita) except 0xFFFFFFFFFFFFFFFF
@cython.locals(held=bytearray, meld=Meld, tile=Py_ssize_t)
cdef unsigned long long _unheld(unsigned long long mask, object counts, object melds,
                                Py_ssize_t kita) except 0xFFFFFFFFFFFFFFFF

