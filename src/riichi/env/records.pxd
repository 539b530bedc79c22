# The compiled build's declaration of riichi.env.records: the collector of a replay's decisions as
# an extension type that encodes each through typed memoryviews, as the vector environment does.

cimport cython
from libc.stdint cimport int8_t, int16_t, int64_t

from riichi.env.actions cimport fill_row, slot_of
from riichi.env.encoders cimport PondPlanes, write_row
from riichi.game.observation cimport Observation
from riichi.game.state cimport GameState

cdef class _Collector:
    cdef int code
    cdef int planes
    cdef int reward
    cdef double scale
    cdef bint red
    cdef Py_ssize_t n
    cdef int16_t[:, ::1] index
    cdef PondPlanes ponds
    cdef object state
    cdef list start
    cdef object obs
    cdef object mask
    cdef object action
    cdef object seat
    cdef object score
    cdef float[:, :, ::1] obs_c
    cdef unsigned char[:, ::1] mask_c
    cdef int64_t[::1] action_c
    cdef int8_t[::1] seat_c
    cdef int64_t[::1] score_c

    @cython.locals(n=Py_ssize_t, observation=Observation, drawn=int, offered=int)
    cdef _take(self, GameState state, int seat, object action)
