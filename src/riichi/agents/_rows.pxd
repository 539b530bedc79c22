# What every compiled step of the built-in players shares: the 34-byte rows they read (a hand's
# counts, the visible tiles, a player's worth and order of each tile type), and masks of tile types.
# The steps are modules of their own, each beside the Python module that uses it:
#   _efficiency  the discard choice (efficiency.py, defensive.py)
#   _calls       the calls worth weighing on a discard (efficiency.py)
#   _plans       an open hand's plan and the flush to steer to (plans.py)
#   _value       the han estimate (value.py)
#   _danger      the danger of a discard (danger.py)
from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.stdint cimport uint8_t, uint64_t

from riichi._core cimport NUM_TYPES

cdef extern from *:
    """
    #define RIICHI_AGENTS_ALL_MASK ((1ULL << 34) - 1)
    #define RIICHI_AGENTS_HONOR_MASK (((1ULL << 7) - 1) << 27)
    """
    const uint64_t ONE "((uint64_t)1)"
    const uint64_t ALL_MASK "RIICHI_AGENTS_ALL_MASK"         # every tile type
    const uint64_t SUIT_MASK "((1ULL << 9) - 1)"            # the man tiles; << 9 * suit for another
    const uint64_t HONOR_MASK "RIICHI_AGENTS_HONOR_MASK"

cdef const uint8_t* not_a_row(object values, str name) except NULL
cdef int copy_row(object values, str name, uint8_t* out) except -1
cdef int check_copies(const uint8_t* counts, const uint8_t* visible) except -1
cdef int check_three_player_hand(const uint8_t* counts) except -1


cdef inline const uint8_t* row(object values, str name) except NULL:
    """A pointer to the 34 bytes of ``values`` (``bytes`` or ``bytearray``); inlined, since every
    step reads its rows so (what else is refused is :func:`not_a_row`'s)."""
    if PyBytes_CheckExact(values) and PyBytes_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyBytes_AS_STRING(values)
    if PyByteArray_CheckExact(values) and PyByteArray_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyByteArray_AS_STRING(values)
    return not_a_row(values, name)
