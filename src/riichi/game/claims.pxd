# The compiled build's declaration of riichi.game.claims: the claims as C-level functions of a
# C-typed state (the rules are in claims.py).

cimport cython

# the classes an answer is told apart by, as C types: `type(answer) is Ron` compares pointers
from riichi.game.actions cimport CallAction, Chi, Daiminkan, Pon, Ron
from riichi.game.draws cimport abort_after_discard, four_kans
# as a module: hand_end.pxd cimports state.pxd, which cimports this file
cimport riichi.game.hand_end as _hand_end
from riichi.game.call_options cimport kuikae_ban, run_held, seat_chi_options, seat_pon_options
from riichi.game.flow cimport Position, trusted_position
from riichi.game.player cimport DiscardedTile, Player
from riichi.game.state cimport GameState
from riichi.meld cimport trusted_meld

# the module's constants read at every discard, as C globals (no lookup in the module's dict)
cdef object CLAIM, TURN
cdef unsigned long long _WIND_MASK
cdef tuple RON, PASS, DAIMINKAN, CLAIMED

@cython.locals(tile_type=Py_ssize_t, last=bint, ending=bint, players=tuple,
               claims=dict, completed=tuple, seats=Py_ssize_t, k=Py_ssize_t,
               s=Py_ssize_t, q=Player, ron=bint, have=Py_ssize_t, chi=bint, options=tuple)
cpdef open_claims(GameState state, Py_ssize_t discarder, Py_ssize_t tile)
@cython.locals(opts=list)
cdef tuple _seat_options(GameState state, Py_ssize_t s, Player q, Py_ssize_t tile_type, bint ron,
                         Py_ssize_t have, bint chi)
@cython.locals(won=bint)
cpdef resolve(GameState state)
cpdef resolve_chankan(GameState state)
@cython.locals(responses=dict)
cdef list _ron_claimants(GameState state)
@cython.locals(q=Player, players=tuple)
cpdef furiten_for_passed_wins(GameState state)
@cython.locals(seat=Py_ssize_t, accepted=bint, first=bint, players=tuple, p=Player)
cpdef after_claims(GameState state, object call)
@cython.locals(p=Player, pos=Position)
cdef _accept_riichi(GameState state, Py_ssize_t seat)
@cython.locals(p=Player, giver=Player, src=Py_ssize_t, tile=Py_ssize_t, players=tuple,
               last=DiscardedTile, t=Py_ssize_t)
cdef _take_discard(GameState state, Py_ssize_t seat, tuple used, object kind)
@cython.locals(a=Py_ssize_t, b=Py_ssize_t)
cdef tuple _called_set(tuple used, Py_ssize_t tile)
@cython.locals(seat=Py_ssize_t, tile=Py_ssize_t, tile_type=Py_ssize_t, p=Player, a=Py_ssize_t,
               b=Py_ssize_t)
cdef _chi_or_pon(GameState state, CallAction action)
@cython.locals(seat=Py_ssize_t, tile=Py_ssize_t, used=tuple)
cdef _daiminkan(GameState state, object action)
cdef _check_pao(GameState state, Py_ssize_t seat, Player p, Py_ssize_t tile_type, Py_ssize_t src)
cpdef offer_kan(GameState state, Py_ssize_t seat, Py_ssize_t tile, dict robbers, list completed,
                bint concealed)
cpdef offer_to_rob(GameState state, Py_ssize_t seat, Py_ssize_t tile, dict robbers,
                   tuple completed, object phase)
cdef _not_robbed(GameState state)
cpdef complete_kan(GameState state, Py_ssize_t seat, bint concealed)
