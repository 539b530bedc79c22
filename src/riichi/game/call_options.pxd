# The compiled build's declaration of riichi.game.call_options: the choices of a chi or pon, asked
# at nearly every discard, with C-typed loops over the ordered hand.

cimport cython

from riichi.game.actions cimport trusted_call
from riichi.game.player cimport Player

# the prebuilt chis and pons, as C globals (no lookup in the module's dict)
cdef tuple CHIS, PONS
cdef Py_ssize_t CHI_SPAN, PON_SPAN

cdef inline bint _is_red(Py_ssize_t tile) noexcept
@cython.locals(one=cython.ulonglong)
cpdef unsigned long long kuikae_ban(Py_ssize_t called, object run_start) except? 0
@cython.locals(one=cython.ulonglong, ban=cython.ulonglong)
cdef unsigned long long _run_ban(Py_ssize_t called, Py_ssize_t run_start)
@cython.locals(ban=cython.ulonglong, left=Py_ssize_t, t=Py_ssize_t)
cdef bint _kept_after_chi(bytearray counts, Py_ssize_t size, Py_ssize_t called,
                          Py_ssize_t run_start) except -1
@cython.locals(first=Py_ssize_t, start=Py_ssize_t, stop=Py_ssize_t, t=Py_ssize_t)
cdef (Py_ssize_t, Py_ssize_t) _copies(const unsigned char* tiles, Py_ssize_t size,
                                      Py_ssize_t tile_type) noexcept
@cython.locals(start=Py_ssize_t, stop=Py_ssize_t)
cdef tuple _red_and_plain(list hand, Py_ssize_t tile_type, bint red_fives)
cdef Py_ssize_t _choices(const unsigned char* tiles, Py_ssize_t first, Py_ssize_t copies,
                         bint red_fives) except -1
@cython.locals(action=object)
cdef object _listed(tuple calls, Py_ssize_t span, type cls, Py_ssize_t seat, Py_ssize_t low,
                    Py_ssize_t high)
# the table's: the seat's bytes, not a list of them made
cpdef seat_pon_options(list out, Py_ssize_t seat, Player p, Py_ssize_t tile_type, bint kuikae,
                       bint red_fives)
@cython.locals(start=Py_ssize_t, stop=Py_ssize_t, plain=Py_ssize_t)
cdef list _pons(list out, Py_ssize_t seat, const unsigned char* tiles, Py_ssize_t size,
                Py_ssize_t tile_type, bint kuikae, bint red_fives)
cpdef seat_chi_options(list out, Py_ssize_t seat, Player p, Py_ssize_t tile_type, bint kuikae,
                       bint red_fives)
@cython.locals(start=Py_ssize_t, low=Py_ssize_t, high=Py_ssize_t, low_first=Py_ssize_t,
               high_first=Py_ssize_t, t=Py_ssize_t, lows=Py_ssize_t, highs=Py_ssize_t,
               a=Py_ssize_t, b=Py_ssize_t)
cdef list _chis(list out, Py_ssize_t seat, const unsigned char* tiles, Py_ssize_t size,
                bytearray counts, Py_ssize_t tile_type, bint kuikae, bint red_fives)
@cython.locals(number=Py_ssize_t, below=bint, above=bint)
cpdef bint run_held(bytearray counts, Py_ssize_t tile_type) except -1
