# The compiled build's declaration of riichi.agents.random: an extension type the table calls at
# C level (riichi.game.builtin_agent).

from riichi.game.builtin_agent cimport BuiltinAgent

cdef class RandomAgent(BuiltinAgent):
    cdef object _bits
    cpdef act(self, object observation, object legal_actions)
