"""The encodings' kernels (riichi.env.encoders): clearing planes, and the planes of the
rich encoding that ask the core or the players' danger kernel (each discard's shanten and tile
acceptance, the danger of each tile against a seat).
"""

from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.string cimport memset

from riichi._core cimport NUM_TYPES, discard_analysis_k
from riichi.agents._danger cimport danger_of
from riichi.agents._rows cimport row

from riichi.errors import OutputArrayError

# A discard's shanten is scaled so that every tile held reads above 0; its acceptance and the
# danger so that the usual values lie below 1 (docs/env.md gives the scales).
cdef float _SHANTEN_SCALE = 8.0
cdef float _UKEIRE_SCALE = 40.0
cdef float _DANGER_SCALE = 12.0


cpdef int clear(float[:, ::1] out, int first, int stop, int rows=0) except -1:
    """Set rows ``first`` to ``stop - 1`` of ``out`` to 0, after checking that ``out`` has
    ``NUM_TYPES`` columns and at least ``max(stop, rows)`` rows (``rows``: those its caller
    writes besides)."""
    if not 0 <= first <= stop <= out.shape[0] or rows > out.shape[0] \
            or out.shape[1] != NUM_TYPES:
        raise OutputArrayError(f"planes shaped {tuple(out.shape)[:2]}: expected "
                               f"{max(stop, rows)} rows or more of {NUM_TYPES} columns")
    if stop > first:
        memset(&out[first, 0], 0, (stop - first) * NUM_TYPES * sizeof(float))
    return 0


cpdef int write_discards(object counts, object visible, float[:, ::1] out, int shanten_plane,
                         int ukeire_plane, bint sanma=False) except -1:
    """For each tile type in the 3n+2 hand ``counts``: ``(shanten after discarding it + 1) / 8``
    into row ``shanten_plane`` of ``out`` and its unseen useful tiles / 40 into ``ukeire_plane``
    (``visible``: the tiles face up; ``sanma``: a table of three, which plays no 2m-8m). A hand
    of another size writes nothing."""
    cdef const uint8_t* c = row(counts, "counts")
    cdef const uint8_t* v = row(visible, "visible")
    cdef int size = 0, t, rows, i
    cdef int64_t table[NUM_TYPES * 4]
    for t in range(NUM_TYPES):
        size += c[t]
    if size % 3 != 2:
        return 0
    rows = discard_analysis_k(c, size, v, (<uint64_t>1 << NUM_TYPES) - 1, False, table, sanma)
    for i in range(rows):
        t = <int>table[4 * i]
        out[shanten_plane, t] = (table[4 * i + 1] + 1) / _SHANTEN_SCALE
        out[ukeire_plane, t] = table[4 * i + 3] / _UKEIRE_SCALE
    return 0


cpdef int write_danger(object counts, object visible, uint64_t genbutsu, float[:, ::1] out,
                       int plane, bint sanma=False) except -1:
    """The danger of each tile type against a tenpai seat whose genbutsu mask is ``genbutsu``
    (:func:`riichi.agents.danger.tile_danger`, percent) / 12, into row ``plane`` of ``out``
    (``sanma``: a table of three, where no two-sided wait takes 1m or 9m, and 2m-8m are none)."""
    cdef const uint8_t* c = row(counts, "counts")
    cdef const uint8_t* v = row(visible, "visible")
    cdef int t
    for t in range(NUM_TYPES):
        out[plane, t] = <float>danger_of(t, genbutsu, c, v, sanma) / _DANGER_SCALE
    return 0
