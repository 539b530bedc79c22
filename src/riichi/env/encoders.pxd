# The compiled build's declaration of riichi.env.encoders: the writers as C functions that read an
# observation through its C readers (observation.pxd) and write through a C pointer to the array's
# first value, with every plane's row and every scale a C constant.

cimport cython
from libc.string cimport memcpy

cimport riichi._core as _core
from riichi.env._features cimport clear, write_danger, write_discards
from riichi.game.flow cimport Position
from riichi.game.observation cimport Observation
from riichi.game.player cimport DiscardedTile, Player
from riichi.game.state cimport GameState
from riichi.game.wall cimport Wall
from riichi.meld cimport Meld

cdef object _CHI
# A plane's columns as _zero reads them: a C global, so that the size of each clear is one the C
# compiler does not know and calls libc's memset for (a clear of a constant size it writes inline
# as rep stos, which took 1-2 % more time a step).
cdef Py_ssize_t _COLUMNS
# The seats kept, the kita column, the values PondPlanes keeps of a position and every plane's row
# as C constants, which the C compiler folds into each offset and each plane loop's bounds (a
# module global is a load at every use, after every call). The .py computes the rows from the
# planes' names for the interpreted build, and tests/env/test_plane_rows.py checks that these are
# the same.
cpdef enum:
    _SEATS = 4
    _NORTH = 30
    _KEPT = 7
    HAND = 0
    RED = 4
    DRAWN = 5
    OFFERED = 6
    MELDS = 7
    POND = 11
    ORDER = 15
    TSUMOGIRI = 19
    RIICHI_TILE = 23
    DORA = 27
    VISIBLE = 28
    ROUND_WIND = 29
    SEAT_WIND = 30
    SCORE = 31
    STICKS = 35
    HONBA = 36
    WALL = 37
    ROUND = 38
    COMPACT = 39
    SHANTEN = 39
    DISCARD_SHANTEN = 40
    DISCARD_UKEIRE = 41
    WAITS = 42
    FURITEN = 43
    UNSEEN = 44
    GENBUTSU = 45
    SUJI = 48
    DANGER = 51
    IN_RIICHI = 54
    RICH = 57
    HIDDEN_HAND = 39
    HIDDEN_RED = 42
    HIDDEN_WAITS = 45
    LIVE_WALL = 48
    NEXT_DRAW = 49
    URA = 50
    ORACLE = 51
cdef double _ORDER_SCALE, _SCORE_SCALE, _COUNT_SCALE, _WALL_SCALE, _ROUND_SCALE, _SHANTEN_SCALE
cdef double _SCORE_LIMIT, _COUNT_LIMIT

@cython.locals(s=int)
cdef int _seat_after(int seat, int r, int players) noexcept
cdef int _place(int r, int players) noexcept
# The writers' flat row of floats (plane * 34 + tile type): a C pointer to the array's first value.
@cython.locals(o=cython.p_float)
cdef float* _flat(float[:, ::1] out) noexcept
@cython.locals(v=Py_ssize_t)
cdef void _zero(float* o, Py_ssize_t first, Py_ssize_t stop) noexcept
@cython.locals(plane=Py_ssize_t, at=Py_ssize_t, value=float, t=Py_ssize_t)
cdef void _spread(float* o, Py_ssize_t first, Py_ssize_t stop) noexcept
# inline (see _write_meld): the acting seat's hand at every decision, whose counts _compact
# holds as C bytes already
@cython.locals(below=Py_ssize_t, t=Py_ssize_t, five=int)
cdef inline void _write_reds(float* o, Py_ssize_t at, unsigned char* held, unsigned char* tiles,
                             Py_ssize_t size) noexcept
# inline (declared so here, where Cython warns that a declaration is not inline: it is): one
# call per meld of every seat at every decision, whose call cost more than its writes.
@cython.locals(t=Py_ssize_t)
cdef inline int _write_meld(float* o, Py_ssize_t at, Meld meld) except -1
@cython.locals(order_at=Py_ssize_t, tsumogiri_at=Py_ssize_t, riichi=Py_ssize_t, i=Py_ssize_t,
               discard=DiscardedTile, t=Py_ssize_t)
cdef Py_ssize_t _write_pond(float* o, Py_ssize_t at, Py_ssize_t apart, list pond,
                            Py_ssize_t start) except -2

@cython.final
cdef class PondPlanes:
    cdef int seats
    cdef list ponds
    cdef object counts
    cdef object types
    cdef object planes
    cdef float* kept
    cdef Py_ssize_t* written
    cdef Py_ssize_t* riichi
    cdef list positions
    cdef object winds
    cdef object numbers
    cdef Py_ssize_t* wind
    cdef float* number
    @cython.locals(players=int, kept=cython.p_float, first_slot=Py_ssize_t, apart=Py_ssize_t,
                   r=int, s=int, at=Py_ssize_t, pond=list, slot=Py_ssize_t, first=Py_ssize_t,
                   base=Py_ssize_t, n=Py_ssize_t, size=Py_ssize_t, riichi=Py_ssize_t)
    cdef int write(self, float* o, Py_ssize_t table, Observation obs) except -1
    @cython.locals(numbers=cython.p_float, at=Py_ssize_t, s=Py_ssize_t)
    cdef int keep_position(self, float* o, Py_ssize_t table, Position position,
                           list scores) except -1

# inline (see _write_meld): at most decisions, where it is four stores
@cython.locals(numbers=cython.p_float, at=Py_ssize_t)
cdef inline void _kept_position(float* o, PondPlanes ponds, Py_ssize_t table) noexcept

@cython.locals(c=cython.p_Py_ssize_t)
cdef Py_ssize_t* _first_count(Py_ssize_t[::1] counts) noexcept

cdef void _copy(float* o, Py_ssize_t at, float* source, Py_ssize_t start) noexcept
cpdef write_compact(Observation obs, float[:, ::1] out)
@cython.locals(seat=int, players=int, p=Player, counts=bytearray, seen=bytearray,
               held=cython.p_uchar, shown=cython.p_uchar, quarter=float, visible=Py_ssize_t,
               t=Py_ssize_t, c=int, scores=list, r=int, s=int,
               k=int, at=Py_ssize_t, melds=list, m=Py_ssize_t, plane=Py_ssize_t,
               riichi=Py_ssize_t)
cdef int _compact(Observation obs, float* o, PondPlanes ponds, Py_ssize_t table, int drawn,
                  int offered) except -1
cdef double _score_value(long long score) noexcept
@cython.locals(round_wind=int, kyoku=int, sticks=int, honba=int, wind=int)
cdef int _write_position(float* o, Position position) except -1
cdef int _compact_alone(Observation obs, float* o) except -1
cpdef write_rich(Observation obs, float[:, ::1] out)
@cython.locals(p=Player, counts=bytearray, visible=bytearray, waits=cython.ulonglong,
               t=Py_ssize_t, waits_at=Py_ssize_t, unseen_at=Py_ssize_t, seat=int, players=int,
               r=int, s=int, k=int, genbutsu=cython.ulonglong, at=Py_ssize_t)
cdef int _rich(Observation obs, float[:, ::1] out, float* o) except -1
@cython.locals(suit=int, first=Py_ssize_t, n=Py_ssize_t, low=bint, high=bint)
cdef void _write_suji(float* o, Py_ssize_t at, unsigned long long genbutsu, bint sanma) noexcept
cpdef write_oracle(Observation obs, GameState state, float[:, ::1] out)
@cython.locals(seat=int, players=int, r=int, s=int, k=int, q=Player, hand_at=Py_ssize_t,
               waits_at=Py_ssize_t, t=Py_ssize_t, wall=Wall, live=list, at=Py_ssize_t, tile=int)
cdef int _oracle(Observation obs, GameState state, float* o) except -1
cdef int _ORACLE_CODE
cpdef write(int code, Observation obs, object state, float[:, ::1] out)
cdef int _write_view(int code, Observation obs, object state, float[:, :, ::1] out,
                     Py_ssize_t i) except -1
# inline, with their bodies here (encoders.py keeps them for the interpreted build): the
# environments call one at every decision, where a C call would copy the array's 208-byte view
# onto the stack and return a None counted up and down. write_row takes the view for the other
# encodings' path, whose call copies it: the C compiler reads it before the test of the code, so a
# caller of compact-v1 alone (VectorEnv's) calls write_compact_row with the row's first value.
cdef inline int write_compact_row(Observation obs, float* row, PondPlanes ponds, Py_ssize_t table,
                                  int drawn, int offered) except -1:
    return _compact(obs, row, ponds, table, drawn, offered)
cdef inline int write_row(int code, Observation obs, object state, float[:, :, ::1] out,
                          Py_ssize_t i, PondPlanes ponds, Py_ssize_t table, int drawn,
                          int offered) except -1:
    if code == 0:
        return write_compact_row(obs, &out[i, 0, 0], ponds, table, drawn, offered)
    return _write_view(code, obs, state, out, i)
