# The compiled build's declaration of riichi.game.driver: the table's loop as an extension type whose
# steps are C calls, for play_game and for the environments of riichi.env, which step many drivers.

cimport cython

from riichi.game.builtin_agent cimport decide
from riichi.game.observation cimport Observation
from riichi.game.state cimport GameState
from riichi.game.turn cimport Turn, listed
from riichi.game.turn cimport decide as decide_turn

# the phases advance tells apart at every decision, as C globals (no lookup in the module's dict)
cdef object TURN, OVER

@cython.final
cdef class Driver:
    cdef readonly GameState state
    cdef readonly list agents
    cdef readonly int seat
    cdef readonly Turn decided
    cdef tuple _legal
    cdef Turn _turn
    cdef Observation _observation

    @cython.locals(seat=int, agents=list, legal=tuple)
    cpdef int advance(self) except -2
    @cython.locals(seat=int)
    cpdef int take(self, object action) except -2
    @cython.locals(legal=tuple, place=Py_ssize_t)
    cpdef int take_listed(self, object index) except -2
    cpdef int take_decided(self, object action) except -2
    @cython.locals(legal=tuple, state=GameState)
    cdef tuple _listed(self)
    cdef int _seat_deciding(self) except -1
    cdef int _taken(self) except -2
    cpdef Observation observe(self)
    @cython.locals(responses=dict, options=tuple)  # seat: the claims' key itself, not converted
    cdef int _next_claimant(self) except -1
