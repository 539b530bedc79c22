# The calls worth weighing on a discard (riichi.agents._calls), declared for riichi.agents.efficiency
# to call without a Python call.

cpdef tuple calls_below(object counts, object legal, int limit, object chi_type,
                        object pon_type, bint sanma=*)
