# The compiled build's declaration of riichi.game.replay: the replay of one round as an extension
# type with C fields, whose steps (an action taken, the claims passed) are C calls.

cimport cython

from riichi.game.actions cimport TileAction
from riichi.game.state cimport GameState
# the events' classes: the replay tells an event's class by a C comparison, not a module's lookup
from riichi.logs.events cimport (
    AnkanDeclared, ChiCalled, DaiminkanCalled, Dahai, Draw, EndGame, EndKyoku, Hora, KakanDeclared,
    KitaDeclared, PonCalled, Reach, Ryukyoku, StartKyoku,
)

# state, rnd and k are read by the belief's fit script (bench/fit_belief.py), a subclass
cdef class RoundReplay:
    cdef readonly GameState state
    cdef readonly object rnd
    cdef Py_ssize_t index
    cdef list out
    cdef object on_decision
    cdef readonly Py_ssize_t k
    cdef Py_ssize_t begin

    cpdef apply(self, int seat, object action)
    @cython.locals(s=GameState)
    cpdef pass_claims(self, object chosen=*)
    @cython.locals(s=GameState)
    cpdef draw(self, Draw e)
    @cython.locals(actor=int)
    cpdef dahai(self, Dahai e, set riichi)
    @cython.locals(s=GameState, actor=int, pai=int, a=object, listed=TileAction)
    cpdef discard(self, Dahai e, type cls)
