# The compiled build's declaration of riichi.logs.events: every event an extension type with
# read-only fields (the table shares its draws and discards across games, and a record's readers
# make some thousand events a game, which a dataclass makes at ten times the cost).

from riichi._frozen cimport Frozen

cdef class Event(Frozen):
    pass

cdef class StartGame(Event):
    cdef readonly object scores

cdef class StartKyoku(Event):
    cdef readonly object bakaze, kyoku, honba, kyotaku, oya, dora_marker, scores, tehais

cdef class Draw(Event):
    cdef readonly object actor, pai, rinshan

cdef class Dahai(Event):
    cdef readonly object actor, pai, tsumogiri

cdef class _Claim(Event):
    cdef readonly object actor, target, pai, consumed

cdef class ChiCalled(_Claim):
    pass

cdef class PonCalled(_Claim):
    pass

cdef class DaiminkanCalled(_Claim):
    pass

cdef class KakanDeclared(Event):
    cdef readonly object actor, pai, consumed

cdef class AnkanDeclared(Event):
    cdef readonly object actor, consumed

cdef class KitaDeclared(Event):
    cdef readonly object actor, pai

cdef class Dora(Event):
    cdef readonly object dora_marker

cdef class Reach(Event):
    cdef readonly object actor

cdef class ReachAccepted(Event):
    cdef readonly object actor, deltas, scores

cdef class Hora(Event):
    cdef readonly object actor, target, pai, deltas, scores, han, fu, points, yaku, dora_markers
    cdef readonly object ura_markers, pao

cdef class Ryukyoku(Event):
    cdef readonly object reason, tenpai, deltas, scores

cdef class EndKyoku(Event):
    pass

cdef class EndGame(Event):
    cdef readonly object scores, results, ranks

cpdef Draw shared_draw(object actor, object pai, object rinshan)
cpdef Dahai shared_dahai(object actor, object pai, object tsumogiri)
