# The compiled build's declaration of riichi.game.turn: the actions of a turn as C-level functions
# of a C-typed state (the rules are in turn.py).

cimport cython

from riichi cimport _core
from riichi.game.draws cimport nine_terminals
from riichi.game.player cimport Player, closed
from riichi.game.state cimport GameState
from riichi.meld cimport Meld

@cython.locals(seat=Py_ssize_t, p=Player, out=list, tile=Py_ssize_t, tile_type=Py_ssize_t,
               ban=cython.ulonglong, ready=cython.ulonglong, hand=list, discards=tuple,
               riichis=tuple, t=Py_ssize_t, counts=bytearray, melds=list, m=Meld,
               win=bint, abort=bint, first=Py_ssize_t, i=Py_ssize_t, one=cython.ulonglong,
               ankan=cython.ulonglong, kakan=cython.ulonglong, k=Py_ssize_t)
cpdef list turn_actions(GameState state)
cpdef bint may_riichi(GameState state, Py_ssize_t seat, Player p) except -1
