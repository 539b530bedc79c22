# The compiled build's declaration of riichi.game.state: GameState as an extension type with C
# fields (seats, tiles, counters and flags as C ints), and the steps of a decision (the draw, the
# turn's actions, the discard, the claims) as C-level methods. The rules stay in state.py, which
# the interpreted build runs as it is; this file only gives its names C types.

cimport cython

# the classes an action is told apart by, as C types: `type(action) is Riichi` compares pointers
from riichi.game.actions cimport (Ankan, Discard, Kakan, Kita, Pass, Riichi, Ron, TileAction,
                                  Tsumo)
from riichi.game.flow cimport Position, dealer_of, seat_winds
from riichi.game.player cimport Player, dealt_seats
from riichi.game.wall cimport SeededWalls, Wall

# constants of riichi.game.prebuilt read at every draw and discard, as C values here
cdef unsigned long long TERMINAL_HONOR_MASK
cdef Py_ssize_t OWN_DRAW, OWN_DISCARD, SEAT, EVERYONE
# and the module's constants read at every decision, as C globals (no lookup in the module's dict)
cdef object TURN, CLAIM, OVER
cdef tuple POND
# the zeroed count of the tiles face up each hand's is copied from
cdef bytearray _NO_SEEN

# Read-only from Python (a field that Python code set to None or to another type would be read by
# the table at C level) but for the claims on the tile on offer, which riichi.analyze sets when it
# deals a world anew. The table's modules (claims, hand_end, kans, kita, turn, driver, replay)
# share the public members: the fields, documented in state.py's one annotated block, and the
# steps below (what else a module changes goes through GameState's methods). The members whose
# names start with _ are GameState's own: no other module reads them
# (tests/game/test_declared_state.py checks both).
@cython.final
cdef class GameState:
    cdef readonly object rules
    cdef readonly object shown_rules
    cdef readonly int seats
    cdef readonly tuple seats_after
    cdef object _walls
    cdef readonly Position position
    cdef readonly list scores
    cdef readonly int hand_number
    cdef readonly list stick_owners
    cdef readonly list events
    cdef bint _record_events
    cdef object _on_event
    cdef readonly object announce
    cdef readonly bint heard
    cdef readonly list outcomes
    cdef readonly object final_scores
    cdef readonly object results
    cdef readonly object ranks
    cdef readonly Wall wall
    cdef readonly tuple players
    cdef readonly tuple winds
    cdef readonly int dealer
    cdef readonly object east
    cdef readonly object phase
    cdef readonly int turn
    cdef readonly int drawn_tile
    cdef readonly bint rinshan
    cdef readonly int last_discard
    cdef readonly int discarder
    cdef readonly int riichi_pending
    cdef public dict claims
    cdef public dict responses
    cdef readonly bytearray seen
    cdef readonly tuple dora_indicators
    cdef readonly tuple dora
    cdef public tuple completed
    cdef readonly list kan_seats
    cdef readonly int kan_tile
    cdef readonly bint kan_concealed
    cdef readonly int pending_dora
    cdef readonly bint interrupted
    cdef readonly dict pao
    cdef dict wins
    cdef tuple listed_actions
    cdef readonly int _temp_furiten_ends
    cdef readonly bint has_chi
    cdef tuple _dora_of
    cdef tuple _kyoku_winds
    cdef readonly bint kuikae_forbidden
    cdef readonly bint red_fives

    cpdef tuple legal(self, int seat)
    # apply(action, seat=seat): what the agent of the seat answered, checked against the list
    cpdef answer(self, object action, int seat)
    @cython.locals(seat=Py_ssize_t)
    cpdef apply_unchecked(self, object action)
    cdef _take_turn(self, object action)
    # the copy, the moment's summary and every tile's place (what invariant checks read after
    # every action): riichi.game.state_copy's functions
    @cython.locals(other=GameState)
    cpdef GameState clone(self)
    cpdef tuple snapshot(self)
    cpdef list tile_locations(self)
    # deal the next hand (after the previous one ended) and give the dealer the first draw
    @cython.locals(winds=tuple, kyoku=Py_ssize_t, walls=object, wall=Wall, indicator=Py_ssize_t)
    cdef start_hand(self)
    # the seat draws from the wall, or its replacement tile after a kan or a kita (the draw and
    # the discard return a C int: no None made and released at every turn)
    @cython.locals(p=Player, tile=Py_ssize_t)
    cdef int draw(self, Py_ssize_t seat, bint replacement) except -1
    # the rules and the wall allow one more kan, whoever declares it
    cdef bint kan_possible(self) except -1
    @cython.locals(seat=Py_ssize_t, tile=Py_ssize_t, tile_type=Py_ssize_t, players=tuple, p=Player,
                   q=Player, riichi=bint, drawn_tile=Py_ssize_t, tsumogiri=bint,
                   bit=cython.ulonglong, s=Py_ssize_t)
    cdef int _do_discard(self, TileAction action) except -1
    cdef _do_tsumo(self, object action)
    # a call or a kan: the first go-around is over and every ippatsu ends
    @cython.locals(p=Player)
    cdef interrupt(self)
    # the seat draws, discards or claims (moment): the temporary furiten the rules end then ends
    @cython.locals(ends=Py_ssize_t, p=Player)
    cdef inline int end_temp_furiten(self, Py_ssize_t moment, Py_ssize_t seat) except -1
    # turn the next dora indicator now; turn the kan dora indicators that wait for a discard
    cdef reveal_dora(self)
    cdef reveal_pending_dora(self)

# The claims and the turn's actions, asked at every decision, and the state's copy: C calls
# (cimported as modules, after GameState, as their own declarations cimport this file).
cimport riichi.game.claims as _claims
cimport riichi.game.turn as _turn
cimport riichi.game.state_copy as _state_copy
