# The compiled build's declaration of riichi.game.state_copy: the copy, the snapshot and the tile
# census of a C-typed state, with the seats' fields read at C level (the code is in state_copy.py).

cimport cython

from riichi.game.player cimport DiscardedTile, Player
from riichi.game.state cimport GameState
from riichi.meld cimport Meld

@cython.locals(p=Player)
cdef copy_shared(GameState state, GameState other)
@cython.locals(p=Player)
cdef tuple snapshot(GameState state)
@cython.locals(tiles=list, p=Player, meld=Meld, d=DiscardedTile)
cdef list tile_locations(GameState state)
