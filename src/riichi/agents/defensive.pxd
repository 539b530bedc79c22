# The compiled build's declaration of riichi.agents.defensive: an extension type (its decisions
# reach the table at C level through EfficiencyAgent's act); its knobs stay public attributes.

cimport cython

from riichi.agents.efficiency cimport EfficiencyAgent
from riichi.game.observation cimport Observation

cdef class DefensiveAgent(EfficiencyAgent):
    cdef public object fold_threshold
    cdef public object push_waits
    cdef public object push_value
    cdef public object push_wall
    cdef public object caution
    cdef public object threat_melds
    cdef public object open_threat_weight
    cdef public object threat_dora
    # asked on every turn (as _threats, through Python): a typed body
    @cython.locals(flagged=cython.ulonglong, riichi=cython.ulonglong, open_hands=cython.ulonglong,
                   out=list)
    cpdef list threats(self, Observation obs)
