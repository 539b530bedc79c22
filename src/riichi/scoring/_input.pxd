# Reading a hand in any form score_hand takes into a Hand (riichi.scoring._input).
from riichi.scoring._kernel cimport Hand
from riichi.scoring._rules cimport RuleTable

cdef tuple read_hand(Hand* d, concealed, win_tile, melds, bint tsumo, seat_wind, round_wind,
                     dora_indicators, ura_indicators, bint riichi, bint double_riichi,
                     bint ippatsu, bint rinshan, bint chankan, bint haitei, bint houtei,
                     bint tenhou, bint chiihou, bint renhou, honba, riichi_sticks, kita,
                     RuleTable table)
cdef object plain(object value)
cdef bint names_red(object value)


cdef inline bint bools(tuple flags) noexcept:
    """Whether every flag is a bool (anything else, None included, is refused: a flag is never
    guessed from another type)."""
    for flag in flags:
        if type(flag) is not bool:
            return False
    return True
