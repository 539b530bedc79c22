"""The sampler of :func:`riichi.env.actions.sample_actions`: a uniformly random legal index for
each row of a mask, the rows read eight indices to a word.

A row is the ``NUM_ACTIONS`` (124) bytes of one decision's mask; the compiled build reads an
environment's own bool array, and draws from the numpy Generator's bit generator itself.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

try:  # the compiled build reads the rows through C pointers; the interpreted one as bytes
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = ["sample_rows", "pick_rows"]

# The indices of a row: riichi.env.actions.NUM_ACTIONS (which asserts they agree), the fixed
# bounds of _pick_row, not imported: the action space's module imports this one.
_ACTIONS = 124


def sample_rows(mask: object, rng: object) -> npt.NDArray[np.int64] | None:
    """:func:`riichi.env.actions.sample_actions` in the compiled build, of a bool array of
    C-contiguous rows and a Generator itself (a subclass may draw its own way) whose bit
    generator's lock is one of Python's (no Python code runs while the rows are read); None for
    any other. Each row's draw is the bit generator's next double, as ``rng.random(rows)`` draws
    them, under the same lock."""
    if type(rng) is not _generator() or not _plain_rows(mask):
        return None
    bits: Any = rng.bit_generator  # type: ignore[attr-defined]
    lock = bits.lock
    if type(lock) is not _LOCK and type(lock) is not _RLOCK:
        return None
    rows: Any = mask
    generator = PyCapsule_GetPointer(bits.capsule, b"BitGenerator")  # type: ignore[name-defined]
    source = cython.cast(bitgen_p, generator)  # type: ignore[name-defined]
    n = cnp.PyArray_DIMS(rows)[0]  # type: ignore[name-defined]
    out: npt.NDArray[np.int64] = cnp.PyArray_ZEROS(  # type: ignore[name-defined]
        1, cython.address(n), cnp.NPY_INT64, 0)  # type: ignore[name-defined]
    values = cython.cast(cython.p_uchar, cnp.PyArray_DATA(rows))  # type: ignore[name-defined]
    picks = cython.cast(int64_p, cnp.PyArray_DATA(out))  # type: ignore[name-defined]
    with lock:
        for row in range(n):
            picks[row] = _pick_row(cython.address(values[row * _ACTIONS]),
                                   source.next_double(source.state))
    return out


def _plain_rows(mask: object) -> bool:
    """Whether ``mask`` is a numpy array itself (no subclass) of C-contiguous bool rows of
    ``NUM_ACTIONS``, read from C."""
    if type(mask) is not cnp.ndarray:  # type: ignore[name-defined]
        return False
    rows: Any = mask
    return (cnp.PyArray_NDIM(rows) == 2  # type: ignore[name-defined,no-any-return]
            and cnp.PyArray_DIMS(rows)[1] == _ACTIONS  # type: ignore[name-defined]
            and cnp.PyArray_TYPE(rows) == cnp.NPY_BOOL  # type: ignore[name-defined]
            and cnp.PyArray_IS_C_CONTIGUOUS(rows))  # type: ignore[name-defined]


def _generator() -> type:
    """numpy.random.Generator, imported at the first sample (numpy.random is slow to import)."""
    global _GENERATOR
    if _GENERATOR is None:
        from numpy.random import Generator

        _GENERATOR = Generator
    return _GENERATOR


_GENERATOR: type | None = None
if cython.compiled:  # the table of numpy's C functions, which sample_rows makes its array with
    cnp.import_array()  # type: ignore[name-defined]
_LOCK = type(threading.Lock())
_RLOCK = type(threading.RLock())


def pick_rows(mask: npt.NDArray[np.bool_], draws: npt.NDArray[np.float64],
          out: npt.NDArray[np.int64]) -> None:
    """For each row, the ``floor(draw * legal)``-th legal index."""
    for row in range(mask.shape[0]):
        values: bytes
        if cython.compiled:
            values = cython.address(mask[row, 0])
        else:
            values = mask[row].tobytes()
        out[row] = _pick_row(values, draws[row])


def _pick_row(values: bytes, draw: float) -> int:
    """The ``floor(draw * legal)``-th legal index of the ``NUM_ACTIONS`` bytes ``values`` (a C
    pointer in the compiled build), 0 when none is legal."""
    # The row read eight indices to a word, each byte 1 where its index is legal: the legal
    # indices counted a word at a time, in the first half of the row and in all of it, then the
    # word holding the pick (looked for from the half it is in), then its byte. A bool array's
    # bytes are 0 and 1, read as they are; one holding another byte for True (a view of other
    # bytes) is read with each byte made 0 or 1.
    seen = _legal_bytes(values, 116, True)  # the bytes' bits, or-ed
    for at in range(0, 116, 8):
        seen |= _legal_bytes(values, at, True)
    exact = seen & _ONES == seen
    # Fixed bounds (the NUM_ACTIONS bytes: words at 0-56 and 64-112, the last one from 116),
    # which a C compiler unrolls.
    totals = 0  # each byte the legal indices at its place in the words so far
    for at in range(0, 64, 8):
        totals += _legal_bytes(values, at, exact)
    below = totals  # of the first half
    for at in range(64, 116, 8):
        totals += _legal_bytes(values, at, exact)
    totals += _legal_bytes(values, 116, exact) >> 32
    legal = _byte_sum(totals)
    if not legal:
        return 0
    k = int(draw * legal)
    if k > legal - 1:
        k = legal - 1
    at = 0
    if k >= _byte_sum(below):
        k -= _byte_sum(below)
        at = 64
    while True:
        word = _legal_bytes(values, at, exact) if at < 116 else \
            _legal_bytes(values, 116, exact) >> 32
        n = _byte_sum(word)
        if k < n:
            return at + _byte_at(word, k)
        k -= n
        at += 8


# A word's eight bytes: _ONES has a 1 in each, _HIGHS each one's high bit.
_ONES = 0x0101010101010101
_HIGHS = 0x8080808080808080
_WORD = 0xFFFFFFFFFFFFFFFF  # a C word's bits, which Python's ints do not wrap at


def _legal_bytes(values: bytes, at: int, exact: bool) -> int:
    """The eight values from ``values[at]`` as one word, as they are (``exact``: each 0 or 1)
    or each byte 1 where its value is not 0."""
    word: int
    if cython.compiled:  # one load: the machine is little-endian, as riichi._core requires
        memcpy(cython.address(word), cython.address(values[at]), 8)  # type: ignore[name-defined]
    else:
        word = int.from_bytes(values[at:at + 8], "little")
    if exact:
        return word
    word |= word >> 4  # each byte's bits or-ed into its lowest
    word |= word >> 2
    word |= word >> 1
    return word & _ONES


def _byte_sum(word: int) -> int:
    """The sum of the bytes of ``word`` (less than 256 in all)."""
    return (word * _ONES & _WORD) >> 56


def _byte_at(word: int, k: int) -> int:
    """The place (0-7) of the ``k``-th byte 1 (from 0) in ``word``, whose bytes are 0 or 1."""
    # Byte i of ``below`` is the bytes 1 up to i; its high bit is set, less k + 1, in the bytes
    # that reach past the pick: the pick's place is the number of bytes that do not.
    below = word * _ONES & _WORD
    past = ((below | _HIGHS) - (k + 1) * _ONES) & _HIGHS
    return 8 - _byte_sum(past >> 7)
