# The compiled build's declaration of riichi.agents.efficiency: an extension type the table calls
# at C level (riichi.game.builtin_agent); its knobs stay public attributes.

cimport cython

from riichi.agents._calls cimport calls_below
from riichi.agents._efficiency cimport listed_discard, turn_discard
from riichi.game.builtin_agent cimport BuiltinAgent
from riichi.game.observation cimport Observation

@cython.locals(table=bytearray, t=Py_ssize_t)
cdef bytes _jittered(tuple orders, tuple jitter)


cdef class Turn:
    cdef public object obs
    cdef public object counts
    cdef public object visible
    cdef public object plan
    cdef public int open_sets
    cdef public unsigned long long banned
    cdef public object worth
    cdef public object order
    cdef public bint sanma

cdef class EfficiencyAgent(BuiltinAgent):
    cdef public object calls
    cdef public object riichi
    cdef public object kans
    cdef public object flush_slack
    cdef public object tanyao_slack
    cdef public object toitoi_shanten
    cdef public object dama_points
    cdef public object dora_weight
    cdef public object cheap_call_shanten
    cdef public object flush_tiles
    cdef tuple _jitter
    cdef tuple _tables_for
    cdef tuple _tables_kept
    cdef dict _orders
    cdef tuple _shapes_for
    cdef tuple _shapes_kept
    cdef tuple _dama_for
    cdef object _dama_kept
    cpdef act(self, object observation, object legal_actions)
    # the steps of a decision that no subclass replaces, called at C level
    cpdef _turn(self, Observation obs, object legal)
    cpdef _dama_or(self, Observation obs, object legal, object action, object counts)
    cpdef tuple _shapes(self, Observation obs)
    cpdef tuple _hand_tables(self, Observation obs)
    cpdef _claim(self, Observation obs, object legal)
    cpdef _best_call(self, Observation obs, object legal, object now, list calls)
