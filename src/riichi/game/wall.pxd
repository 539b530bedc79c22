# The compiled build's declaration of riichi.game.wall: the wall's counters as C ints, read at
# every draw and discard. live_remaining: the tiles left to draw from the live wall, kept as the
# draws, kans and kita happen.

cimport cython

from riichi.game._seeding cimport seeded_permutation

@cython.final
cdef class Wall:
    cdef public list yama
    cdef readonly int next_live
    cdef readonly int replacements
    cdef readonly int dora_count
    cdef readonly int players
    cdef readonly int live_end
    cdef readonly int kan_tiles
    cdef readonly int live_remaining
    cdef readonly int first_dora
    cdef readonly tuple replacement_places

    @cython.locals(size=Py_ssize_t, players=int, replacement_tiles=Py_ssize_t)
    cpdef _start(self, list tiles, object rules)
    @cython.locals(yama=list, hands=list, places=list, hand=list, i=Py_ssize_t)
    cpdef list deal(self, object dealer)
    @cython.locals(seat=Py_ssize_t, hands=list, tile=Py_ssize_t, hand=list)
    cpdef list hands(self, object dealer)
    # the seat of each tile dealt, at every hand
    @cython.locals(holder=bytearray, yama=list, top=Py_ssize_t, seats=bytes, i=Py_ssize_t,
                   tile=Py_ssize_t)
    cpdef bytearray seats_dealt(self, object dealer)
    cpdef int draw(self) except -1
    cpdef int draw_replacement(self) except -1
    cpdef int reveal_dora(self) except -1
    @cython.locals(clone=Wall)
    cpdef Wall copy(self)
    # the tiles not yet drawn (GameState.tile_locations)
    @cython.locals(end=Py_ssize_t)
    cpdef list live_tiles(self)
    @cython.locals(drawn=tuple, end=Py_ssize_t, i=Py_ssize_t)
    cpdef list dead_tiles(self)

cdef bytearray _UNDEALT

cpdef tuple wall_tiles(object rules)
# the dealer checked at every hand's deal: an int seat of the table
@cython.locals(seat=object)
cdef Py_ssize_t _dealer_seat(object dealer, Py_ssize_t players) except -1

# Game.wall's seeded wall, a C call from the game (riichi.game.game)
cpdef Wall seeded_wall(object entropy, tuple spawn_key, object rules)
# the walls of a seeded game, one at every hand: a C call from the table (GameState.start_hand)
@cython.final
cdef class SeededWalls:
    cdef readonly object entropy
    cdef readonly object game_index
    cdef readonly Wall layout
    @cython.locals(size=Py_ssize_t)
    cpdef Wall wall(self, object hand)

# a shuffled wall: built at C level, with no classmethod call
cdef Wall _wall_of(list order, object rules)
@cython.locals(wall=Wall)
cdef Wall _laid_out(object rules)
@cython.locals(wall=Wall, k=Py_ssize_t)
cdef Wall _filled(Wall layout, list order)
