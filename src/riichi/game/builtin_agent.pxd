# The compiled build's declaration of riichi.game.builtin_agent: the built-in players' base as an
# extension type whose act() is a C-level method, which decide() calls without a lookup.

cimport cython

from riichi.game.observation cimport Observation

cdef class BuiltinAgent:
    cpdef act(self, object observation, object legal_actions)

@cython.locals(builtin=BuiltinAgent)
cpdef object decide(object agent, Observation observation, tuple legal)
