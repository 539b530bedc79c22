# The compiled build's declaration of riichi.env.vector: VectorEnv as an extension type whose step
# is one C loop over its tables, the arrays it returns written through typed memoryviews.

cimport cython
cimport numpy as cnp
from libc.stdint cimport int16_t, int64_t
from libc.string cimport memcpy

from riichi.env.actions cimport fill_row, fill_turn_at, turn_action
from riichi.env.encoders cimport PondPlanes, write_compact_row, write_row
from riichi.game.driver cimport Driver
from riichi.game.observation cimport Observation
from riichi.game.state cimport GameState
from riichi.game.turn cimport Turn

cdef int _ACTIONS
ctypedef int64_t* int64_p
ctypedef int16_t* int16_p

cdef class VectorEnv:
    cdef readonly int num_envs
    cdef str _expected
    cdef readonly object rules
    cdef readonly int players
    cdef readonly str encoding
    cdef int _code
    cdef readonly str reward
    cdef int _reward
    cdef double _scale
    cdef list _entries
    cdef readonly bint duplicate
    cdef readonly bint copy
    cdef readonly bint record_events
    cdef public object on_game_end
    cdef bint _red
    cdef bint _hooked
    cdef object _seed
    cdef object _obs
    cdef float[:, :, ::1] _obs_c
    cdef PondPlanes _ponds
    cdef object _mask
    cdef unsigned char[:, ::1] _mask_c
    cdef object _seat
    cdef int64_t[::1] _seat_c
    cdef object _rewards
    cdef float[::1] _rewards_c
    cdef object _seat_rewards
    cdef float[:, ::1] _seat_rewards_c
    cdef object _terminated
    cdef unsigned char[::1] _terminated_c
    cdef object _truncated
    cdef int16_t[:, ::1] _index
    cdef object _chosen
    cdef int64_t[::1] _chosen_c
    cdef unsigned char[::1] _done
    cdef int64_t[:, ::1] _last
    cdef list _paid_at
    cdef int64_t[:, ::1] _start
    cdef int64_t[::1] _counters
    cdef list _drivers
    cdef list _games
    cdef dict _info

    cdef _checked(self, object actions)
    @cython.locals(i=Py_ssize_t, a=int64_t)
    cdef _check_legal(self, int64_t[::1] chosen)
    @cython.locals(i=Py_ssize_t, driver=Driver, state=GameState, acting=int, slot=Py_ssize_t,
                   turn=Turn, taking=Py_ssize_t, table=Driver, done=cython.p_uchar,
                   index=int16_p, paid=cython.p_float, rewards=cython.p_float,
                   players=Py_ssize_t)
    cdef _advance_all(self, int64_t[::1] chosen)
    @cython.locals(observation=Observation, drawn=int, offered=int, turn=Turn)
    cdef int _observe(self, Py_ssize_t i, Driver driver) except -1
    @cython.locals(scores=list, s=Py_ssize_t, now=int64_t, last=int64_p, paid=cython.p_float)
    cdef _pay(self, Py_ssize_t i, GameState state)
    cdef _out(self, object array)
    cdef dict _info_out(self)

# C-level (see vector.py): the step's indices copied from sample_actions' array in one memcpy
@cython.locals(given=cnp.ndarray)
cdef bint _copied(object actions, int64_t* chosen, Py_ssize_t n) except -1
