# The compiled build's declaration of riichi.game.observation: the state an observation reads is
# a C field, which Python code cannot reach (the seal: an agent sees what the properties show and
# nothing else of the table); what it reads when made are read-only C fields, which the built-in
# players read without a lookup. (Not collected by the gc: see the class in observation.py.)

cimport cython

cimport riichi._core as _core
from riichi.game.flow cimport Position
from riichi.game.player cimport Player
from riichi.game.state cimport GameState

cdef object _TURN, _CLAIM, _CHANKAN, _KITA  # the phases a read tests, as C globals
cdef int _expired() except -1

cdef class Observation:
    cdef GameState _state
    cdef readonly int seat
    cdef readonly object rules
    cdef readonly Position position
    cdef readonly tuple dora_indicators
    cdef readonly tuple dora
    cdef readonly bint in_riichi
    cdef readonly int seat_wind
    cdef object _counts
    cdef object _visible
    # the reads of __init__, with the seat's player as a typed local
    @cython.locals(player=Player)
    cdef lend(self, GameState state, int seat)
    # final: the reads below call it directly, which the C compiler inlines
    @cython.final
    @cython.locals(state=GameState)
    cdef inline GameState _table(self)
    cdef take_back(self)
    @cython.locals(mask=cython.ulonglong, players=tuple, seat=Py_ssize_t, p=Player)
    cpdef unsigned long long riichi_or_melds(self, Py_ssize_t min_melds) except? 0xFFFFFFFFFFFFFFFF
    # What the properties show, lent as the table keeps it: for compiled readers, which must not
    # change it (C methods: Python code reaches the properties only).
    cdef Player own(self)
    @cython.locals(p=Player)
    cdef list pond(self, Py_ssize_t seat)
    @cython.locals(p=Player)
    cdef list meld_list(self, Py_ssize_t seat)
    @cython.locals(p=Player)
    cdef bint seat_riichi(self, Py_ssize_t seat) except -1
    @cython.locals(p=Player)
    cdef unsigned long long seat_genbutsu(self, Py_ssize_t seat) except? 0xFFFFFFFFFFFFFFFF
    cdef bytearray seen_counts(self)
    cdef list score_list(self)
    @cython.locals(s=GameState)
    cdef int drawn_tile(self) except -2
    @cython.locals(s=GameState)
    cdef int offered_tile(self) except -2
    cdef int seat_count(self) except -1
    cdef int wall_left(self) except -1
