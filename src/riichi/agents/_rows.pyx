"""The rows the built-in players' compiled steps read: 34 bytes, one per tile type (a hand's
counts, the visible tiles, a player's worth and order of each tile type), as ``bytes`` or
``bytearray``; anything else is refused with :class:`~riichi.errors.InvalidHandError`.
"""

from libc.string cimport memcpy

from riichi.errors import InvalidHandError


cdef const uint8_t* not_a_row(object values, str name) except NULL:
    """Refuses ``values`` that :func:`row` cannot read."""
    raise InvalidHandError(f"{name}: expected 34 values as bytes or bytearray, got {values!r}")


cdef int copy_row(object values, str name, uint8_t* out) except -1:
    """Copies the 34 bytes of ``values`` into ``out``: a bytearray may change size (and move)
    while Python code runs, so a step that calls back into Python reads a copy."""
    memcpy(out, row(values, name), NUM_TYPES)
    return 0


cdef int check_copies(const uint8_t* counts, const uint8_t* visible) except -1:
    """Refuses a hand ``counts`` and tiles in sight ``visible`` that hold more than the four
    copies of a tile type."""
    cdef int t
    for t in range(NUM_TYPES):
        if counts[t] + visible[t] > 4:
            raise InvalidHandError(f"{counts[t]} of tile type {t} in the hand and {visible[t]} "
                                   "visible: a tile has four copies")
    return 0


cdef int check_three_player_hand(const uint8_t* counts) except -1:
    """Refuses a hand of three players holding any of 2m-8m, which their table does not have (the
    core's three-player kernels read the man tiles as 1m and 9m alone)."""
    cdef int t
    for t in range(1, 8):
        if counts[t]:
            raise InvalidHandError(f"the hand holds tile type {t} (one of 2m-8m), which "
                                   "three-player mahjong does not have (it plays without 2m-8m)")
    return 0
