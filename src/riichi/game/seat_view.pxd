# The compiled build's declaration of riichi.game.seat_view: the state built from a seat's view is
# set through the C fields of the table's types, which Python code may only read.

cimport cython

from riichi.game.player cimport Player
from riichi.game.state cimport GameState

@cython.locals(p=Player, own=Player, state=GameState)
cpdef GameState state_from_view(dict view, object rules)
