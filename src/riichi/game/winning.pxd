# The compiled build's declaration of riichi.game.winning: the circumstances of a win, an extension
# type with read-only fields, made by the table at every win it scores.

from riichi._frozen cimport Frozen

cdef class Situation(Frozen):
    cdef readonly object tsumo, seat_wind, round_wind, dora_indicators, ura_indicators, riichi
    cdef readonly object double_riichi, ippatsu, rinshan, chankan, haitei, houtei, tenhou, chiihou
    cdef readonly object renhou, kita
