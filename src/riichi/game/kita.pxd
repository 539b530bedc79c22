# The compiled build's declaration of riichi.game.kita: a North set aside, as C-level functions
# of a C-typed state (the rules are in kita.py). A kita is rare: the state and the seat are typed.

cimport cython

from riichi.game.actions cimport TileAction
from riichi.game.claims cimport offer_to_rob
cimport riichi.game.hand_end as _hand_end
from riichi.game.player cimport Player
from riichi.game.state cimport GameState

@cython.locals(counts=bytearray, north=Py_ssize_t, tiles=bytearray, last=Py_ssize_t,
               i=Py_ssize_t)
cpdef list kita_actions(GameState state, Py_ssize_t seat, Player p, Py_ssize_t drawn)
@cython.locals(p=Player)
cpdef declare_kita(GameState state, TileAction action)
@cython.locals(q=Player, s=Py_ssize_t)
cpdef tuple kita_robbers(GameState state, Py_ssize_t seat, Py_ssize_t tile)
