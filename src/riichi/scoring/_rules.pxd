# The rule table the kernel's steps read (riichi.scoring._rules), and the cache of tables.
from libc.stdint cimport uint8_t, uint64_t

from riichi.scoring._kernel cimport NUM_ORDINARY, NUM_YAKUMAN


cdef class RuleTable:
    cdef readonly object rules
    cdef uint8_t han[2][NUM_ORDINARY]          # [open][feature]; 0 = no yaku
    cdef uint64_t valid[2]                     # features worth han, closed / open
    cdef uint8_t yakuman_han[NUM_YAKUMAN]      # 13, or 26 where the rules count it double
    cdef tuple yakuman_names
    cdef uint8_t dora_of[34]                   # the dora each indicator's tile type shows
    cdef public int renhou, shibari, double_wind_fu, honba_ron, honba_tsumo, players, winds
    cdef public int tsumo_payment, tsumo_counter
    cdef public bint stacking, kazoe_yakuman, kiriage, open_pinfu_fu, rinshan_tsumo_fu
    cdef public bint haitei_on_rinshan, red_fives, ura_dora, kan_ura, kita
    cdef bint _made  # the fields are set: __setattr__ refuses from now on
    cpdef int ura_count(self, bint riichi)


cdef RuleTable _table_for(rules)
