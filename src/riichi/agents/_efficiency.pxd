# The discard choice's steps that riichi.agents.efficiency calls once or twice a decision,
# declared for it to call without a Python call (the steps themselves are in _efficiency.pyx).
from libc.stdint cimport uint64_t

cpdef tuple turn_discard(object legal, object counts, object visible, object worth, object order,
                         uint64_t first, uint64_t useful, uint64_t banned, int flush_tiles,
                         int flush_suits, bint riichi, tuple types, bint sanma=*)
cpdef object listed_discard(object legal, int tile_type, object counts, bint riichi,
                            object discard_type, object riichi_type, object nine_terminals_type)
