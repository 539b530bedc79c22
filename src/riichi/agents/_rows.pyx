"""The rows the built-in players' compiled steps read: 34 bytes, one per tile type (a hand's
counts, the visible tiles, a player's worth and order of each tile type), as ``bytes`` or
``bytearray``; anything else is refused with :class:`~riichi.errors.InvalidHandError`.
"""

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.string cimport memcpy

from riichi._core cimport NUM_TYPES

from riichi.errors import InvalidHandError


cdef const uint8_t* row(object values, str name) except NULL:
    """A pointer to the 34 bytes of ``values`` (``bytes`` or ``bytearray``)."""
    if PyBytes_CheckExact(values) and PyBytes_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyBytes_AS_STRING(values)
    if PyByteArray_CheckExact(values) and PyByteArray_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyByteArray_AS_STRING(values)
    raise InvalidHandError(f"{name}: expected 34 values as bytes or bytearray, got {values!r}")


cdef int copy_row(object values, str name, uint8_t* out) except -1:
    """Copies the 34 bytes of ``values`` into ``out``: a bytearray may change size (and move)
    while Python code runs, so a step that calls back into Python reads a copy."""
    memcpy(out, row(values, name), NUM_TYPES)
    return 0
