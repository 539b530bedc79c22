# The compiled build's declaration of riichi.game.hand_end: the hand's end as C-level functions of
# a C-typed state (the rules are in hand_end.py).

cimport cython

from riichi._frozen cimport Frozen
from riichi.game.draws cimport noten_payments
from riichi.game.flow cimport game_over, next_position
from riichi.game.player cimport Player
from riichi.game.state cimport GameState

cdef class HandOutcome(Frozen):
    cdef readonly object position, ending, reason, winners, discarder, deltas, results
    # the fields of a hand's outcome, made at the end of every hand
    cdef _hold(self, object position, object ending, object reason, object winners,
               object discarder, object deltas, object results)

@cython.locals(p=Player)
cpdef tsumo_result(GameState state, Py_ssize_t seat)
@cython.locals(p=Player)
cpdef ron_result(GameState state, Py_ssize_t seat, Py_ssize_t tile, bint chankan=*)
@cython.locals(p=Player)
cdef _situation(GameState state, Py_ssize_t seat, bint tsumo, bint chankan)
cpdef tuple indicators(GameState state)
cpdef ron(GameState state, list rons)
cpdef settle(GameState state, list wins, object discarder, object tile)
cdef object _DRAW, _NO_NAGASHI
@cython.locals(p=Player)
cpdef exhaustive_draw(GameState state)
cpdef abort(GameState state, str reason)
@cython.locals(outcome=HandOutcome)
cdef _end_hand(GameState state, object ending, str reason, tuple winners, object discarder,
               object deltas, tuple results, bint dealer_stays, bint add_counter, int sticks)
cdef _end_game(GameState state)
