"""Generate the per-suit shanten tables that ``riichi._core`` loads at import.

Run by ``setup.py`` at build time (``python build_tools/shanten_tables.py OUT`` does the same by hand).

For one suit (9 tile kinds, or the 7 honours), a count vector ``h`` and a target of ``m`` sets and
``p`` pairs (``m <= 4``, ``p <= 1``), the *distance* is the least number of tiles that must be added to
``h`` so that it contains a complete pattern of ``m`` sets and ``p`` pairs whose counts are all at most
four.  With ``T`` the complete patterns and ``|.|`` multiset size::

    distance(h) = min_T |T - h| = (3m + 2p) - max_T |T & h|

and ``max_T |T & h|`` is the largest sub-multiset of ``h`` that is itself contained in some pattern.
Both steps are closures over the box of all count vectors, done with numpy on a dense ``5**k`` array:

1. ``A`` = the complete patterns (built set by set, dropping anything with a fifth copy);
2. ``P`` = everything contained in some pattern: a reverse cumulative OR along each axis;
3. ``G(h)`` = the largest ``|S|`` with ``S <= h`` and ``S`` in ``P``: a cumulative max along each axis.

Beside each distance the table keeps the *useful-tile mask*: bit ``i`` is set when adding one tile ``i``
(only possible while ``h[i] < 4``) lowers that distance.  A whole hand's shanten is the min-plus
combination of its four suits' distances; the tiles that lower it are the union of the masks over the
optimal allocations of sets and the pair to suits, which is what ``_core`` computes.

Only vectors with at most 14 tiles are stored, in lexicographic order of ``(h[0], ..., h[k-1])``; the
core ranks a vector with a small offset table.  Each entry is 10 little-endian ``uint16`` values, one
per target, in the order ``p * 5 + m``: ``distance | mask << 4``.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import numpy.typing as npt

MAGIC = b"RIICHI-SHANTEN-TABLES-1\n"
MAX_TILES = 14


def _shift(a: npt.NDArray[np.bool_], shape: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """The vectors ``h + shape`` for every ``h`` in ``a`` that stay within four copies."""
    out = np.zeros_like(a)
    dst = tuple(slice(v, 5) for v in shape)
    src = tuple(slice(0, 5 - v) for v in shape)
    out[dst] = a[src]
    return out


def _unit(k: int, *tiles: int, times: int = 1) -> tuple[int, ...]:
    v = [0] * k
    for t in tiles:
        v[t] += times
    return tuple(v)


def suit_table(k: int, runs: bool) -> npt.NDArray[np.uint16]:
    """Distance/mask entries for every ``k``-kind count vector with at most 14 tiles."""
    sets = [_unit(k, i, times=3) for i in range(k)]
    if runs:
        sets += [_unit(k, i, i + 1, i + 2) for i in range(k - 2)]
    pairs = [_unit(k, i, times=2) for i in range(k)]

    dense_shape = (5,) * k
    grid = np.indices(dense_shape, dtype=np.int8)
    total = grid.sum(axis=0, dtype=np.int16)

    patterns = np.zeros((2, 5, *dense_shape), dtype=bool)
    patterns[(0, 0) + (0,) * k] = True
    for m in range(1, 5):
        for s in sets:
            patterns[0, m] |= _shift(patterns[0, m - 1], s)
    for m in range(5):
        for s in pairs:
            patterns[1, m] |= _shift(patterns[0, m], s)

    stored = total <= MAX_TILES
    out = np.zeros((int(stored.sum()), 10), dtype=np.uint16)
    for p in range(2):
        for m in range(5):
            inside = patterns[p, m]
            for axis in range(k):
                inside = np.flip(np.logical_or.accumulate(np.flip(inside, axis), axis=axis), axis)
            best = np.where(inside, total, -1).astype(np.int16)
            for axis in range(k):
                best = np.maximum.accumulate(best, axis=axis)
            distance = (3 * m + 2 * p) - best
            mask = np.zeros(dense_shape, dtype=np.uint16)
            for axis in range(k):
                lower = [slice(None)] * k
                upper = [slice(None)] * k
                lower[axis] = slice(0, 4)
                upper[axis] = slice(1, 5)
                useful = np.zeros(dense_shape, dtype=bool)
                useful[tuple(lower)] = distance[tuple(upper)] < distance[tuple(lower)]
                mask |= useful.astype(np.uint16) << axis
            entry = distance.astype(np.uint16) | (mask << 4)
            out[:, p * 5 + m] = entry[stored]
    return out


def write_tables(path: Path) -> None:
    suits = suit_table(9, runs=True)
    honors = suit_table(7, runs=False)
    header = MAGIC + np.array([len(suits), len(honors)], dtype="<u4").tobytes()
    path.write_bytes(header + suits.astype("<u2").tobytes() + honors.astype("<u2").tobytes())


if __name__ == "__main__":
    write_tables(Path(sys.argv[1]))
