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
    # The reads of __init__, again at every decision (Driver.observe): inline, the observer's
    # module runs them as its own C code, not a call into this one and the None it would return.
    # The seat's player is cast: the table's seats are all Players, a type test would find nothing.
    # A reference the observation holds already is not stored again (counted up, the old one
    # down and tested for freeing): the rules, position and dora change a few times a game, and
    # the rows the properties make are None unless Python code read them.
    @cython.final
    cdef inline int lend(self, GameState state, int seat) except -1:
        self._state = state
        if self._counts is not None:
            self._counts = None
        if self._visible is not None:
            self._visible = None
        self.seat = seat
        if self.rules is not state.shown_rules:
            self.rules = state.shown_rules
        if self.position is not state.position:
            self.position = state.position
        if self.dora_indicators is not state.dora_indicators:
            self.dora_indicators = state.dora_indicators
        if self.dora is not state.dora:
            self.dora = state.dora
        self.in_riichi = (<Player>state.players[seat]).riichi
        self.seat_wind = state.winds[seat]
        return 0
    # The state while lent, and what the properties show of it, lent as the table keeps it: for
    # compiled readers, which must not change it (C methods: Python code reaches the properties
    # only). The readers the encodings and the environments call at every decision are inline,
    # with their bodies here (observation.py keeps them for the interpreted build): a module that
    # cimports Observation calls them as its own C functions, where a method of the vtable would
    # be a call into this module, its reference counts and a tuple's checks. A seat is cast to
    # Player, all the table's seats: a typed assignment would test the type at each read.
    # drawn_tile and offered_tile stay this module's: they test the phase against its C globals,
    # which no other module reads.
    # _lent tests that the decision is not over; the readers below then read the state's C field
    # itself, where the state returned by _table would be a reference counted up and down.
    @cython.final
    cdef inline int _lent(self) except -1:
        if self._state is None:
            _expired()
        return 0
    @cython.final
    cdef inline GameState _table(self):
        self._lent()
        return self._state
    # inline, and noexcept (a store raises nothing): the table takes an observation back at every
    # decision, a C store, not a call and a test of Python's error indicator
    @cython.final
    cdef inline void take_back(self) noexcept:
        self._state = None
    @cython.locals(mask=cython.ulonglong, players=tuple, seat=Py_ssize_t, p=Player)
    cpdef unsigned long long riichi_or_melds(self, Py_ssize_t min_melds) except? 0xFFFFFFFFFFFFFFFF
    @cython.final
    cdef inline Player own(self):
        self._lent()
        return <Player>self._state.players[self.seat]
    @cython.final
    cdef inline list pond(self, Py_ssize_t seat):
        self._lent()
        return (<Player>self._state.players[seat]).discards
    @cython.final
    cdef inline list meld_list(self, Py_ssize_t seat):
        self._lent()
        return (<Player>self._state.players[seat]).melds
    @cython.final
    cdef inline bint seat_riichi(self, Py_ssize_t seat) except -1:
        self._lent()
        return (<Player>self._state.players[seat]).riichi
    @cython.final
    cdef inline tuple seat_kita(self, Py_ssize_t seat):
        self._lent()
        return (<Player>self._state.players[seat]).kita
    @cython.final
    cdef inline unsigned long long seat_genbutsu(self, Py_ssize_t seat) except? 0xFFFFFFFFFFFFFFFF:
        self._lent()
        return (<Player>self._state.players[seat]).genbutsu_mask
    @cython.final
    cdef inline bytearray seen_counts(self):
        self._lent()
        return self._state.seen
    @cython.final
    cdef inline list score_list(self):
        self._lent()
        return self._state.scores
    @cython.locals(s=GameState)
    cdef int drawn_tile(self) except -2
    @cython.locals(s=GameState)
    cdef int offered_tile(self) except -2
    @cython.final
    cdef inline int seat_count(self) except -1:
        self._lent()
        return self._state.seats
    @cython.final
    cdef inline int wall_left(self) except -1:
        self._lent()
        return self._state.wall.live_remaining
