# The compiled build's declaration of riichi.game.builtin_agent: the built-in players' base as an
# extension type whose act() is a C-level method, which decide() calls without a lookup.

cimport cython

from riichi.game.observation cimport Observation

cdef class NativeAgent:
    cpdef act(self, object observation, object legal_actions)

@cython.locals(native=NativeAgent)
cpdef object decide(object agent, Observation observation, tuple legal)
