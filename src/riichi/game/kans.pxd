# The compiled build's declaration of riichi.game.kans: the kans a hand declares, as C-level
# functions of a C-typed state (the rules are in kans.py). A kan is rare: only the state is typed.

from riichi.game.actions cimport KanAction
from riichi.game.claims cimport offer_kan
cimport riichi.game.hand_end as _hand_end
from riichi.game.state cimport GameState

cpdef declare_ankan(GameState state, KanAction action)
cpdef declare_kakan(GameState state, KanAction action)
cpdef tuple kan_robbers(GameState state, Py_ssize_t seat, Py_ssize_t tile, bint concealed)
cdef _chankan(GameState state, Py_ssize_t seat, Py_ssize_t tile, bint concealed, dict robbers,
              list completed)
