# The compiled build's declaration of riichi.game.observation: the state an observation reads is
# a C field, which Python code cannot reach (the seal: an agent sees what the properties show and
# nothing else of the table).

from riichi.game.state cimport GameState

cdef class Observation:
    cdef GameState _state
    cdef readonly int seat
    cdef object _counts
    cdef object _visible
