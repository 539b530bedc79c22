# The compiled build's declaration of riichi.env.encoders: the writers as C functions that read an
# observation through its C readers (observation.pxd) and write a typed memoryview, with every
# plane's row and every scale a C constant.

cimport cython

from riichi cimport _core
from riichi.env._features cimport clear, write_danger, write_discards
from riichi.game.flow cimport Position
from riichi.game.observation cimport Observation
from riichi.game.player cimport DiscardedTile, Player
from riichi.game.state cimport GameState
from riichi.game.wall cimport Wall
from riichi.meld cimport Meld

cdef int _SEATS, _NORTH
cdef int HAND, RED, DRAWN, OFFERED, MELDS, POND, ORDER, TSUMOGIRI, RIICHI_TILE, DORA, VISIBLE
cdef int ROUND_WIND, SEAT_WIND, SCORE, STICKS, HONBA, WALL, ROUND, COMPACT
cdef int SHANTEN, DISCARD_SHANTEN, DISCARD_UKEIRE, WAITS, FURITEN, UNSEEN, GENBUTSU, SUJI, DANGER
cdef int IN_RIICHI, RICH, HIDDEN_HAND, HIDDEN_RED, HIDDEN_WAITS, LIVE_WALL, NEXT_DRAW, URA, ORACLE
cdef double _ORDER_SCALE, _SCORE_SCALE, _COUNT_SCALE, _WALL_SCALE, _ROUND_SCALE, _SHANTEN_SCALE
cdef double _SCORE_LIMIT, _COUNT_LIMIT

cdef int _place(int r, int players) noexcept
@cython.locals(plane=int, value=float, t=int)
cdef _spread(float[:, ::1] out, int first, int stop)
@cython.locals(tile=int)
cdef _write_reds(float[:, ::1] out, int plane, list hand, bytearray counts)
@cython.locals(pond_row=int, order_row=int, tsumogiri_row=int, riichi_row=int, i=Py_ssize_t,
               discard=DiscardedTile, t=int)
cdef _write_pond(float[:, ::1] out, int k, list pond)
@cython.locals(seat=int, players=int, p=Player, counts=bytearray, seen=bytearray, t=int, c=int,
               tile=int, scores=list, score=cython.longlong, r=int, s=int, k=int, row=int,
               meld=Meld, position=Position, round_wind=int, kyoku=int, sticks=int, honba=int)
cpdef write_compact(Observation obs, float[:, ::1] out)
@cython.locals(p=Player, counts=bytearray, visible=bytearray, waits=cython.ulonglong, t=int,
               seat=int, players=int, r=int, s=int, k=int, genbutsu=cython.ulonglong)
cpdef write_rich(Observation obs, float[:, ::1] out)
@cython.locals(suit=int, first=int, n=int, low=bint, high=bint)
cdef _write_suji(float[:, ::1] out, int plane, unsigned long long genbutsu)
@cython.locals(seat=int, players=int, r=int, s=int, k=int, q=Player, t=int, wall=Wall, live=list,
               tile=int)
cpdef write_oracle(Observation obs, GameState state, float[:, ::1] out)
cdef int _ORACLE_CODE
cpdef write(int code, Observation obs, object state, float[:, ::1] out)
