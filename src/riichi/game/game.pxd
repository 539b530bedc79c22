# The compiled build's declaration of riichi.game.game: the loop that asks the agents runs on a
# C-typed state and calls a built-in player's act() at C level (riichi.game.builtin_agent.decide).

cimport cython

from riichi.game.builtin_agent cimport decide
from riichi.game.observation cimport Observation
from riichi.game.state cimport GameState

@cython.locals(seat=int)
cdef _play(GameState state, list agents)
