"""The compiled step of the built-in players' defence: the danger of a discard
(:func:`tile_danger`), the figures explained in :mod:`riichi.agents.danger`.
"""

from libc.stdint cimport uint8_t, uint64_t

from riichi._core cimport NUM_TYPES
from riichi.agents._rows cimport check_copies, check_three_player_hand, row

from riichi.errors import InvalidHandError


# Danger figures (percent), see riichi.agents.danger: a two-sided wait through the tile, per side
# still possible; closed, edge, pair and single waits by the tile's number (1-9); honours by the
# copies still out of sight (0-3).
cdef double _SIDE = 4.0
cdef double _OTHER[10]
_OTHER[:] = [0.0, 1.5, 2.5, 3.5, 3.0, 3.0, 3.0, 3.5, 2.5, 1.5]
cdef double _HONOR[4]
_HONOR[:] = [0.0, 1.2, 3.0, 7.0]


cdef inline bint _side_closed(int suji, int a, int b, uint64_t genbutsu, const uint8_t* c,
                              const uint8_t* v) noexcept:
    return ((genbutsu >> suji) & 1) or c[a] + v[a] == 4 or c[b] + v[b] == 4


def tile_danger(int tile, uint64_t genbutsu, counts, visible, bint sanma=False):
    """Rough chance (percent) that discarding ``tile`` (a type) deals in to a tenpai seat whose
    genbutsu mask is ``genbutsu``, knowing this seat's concealed ``counts`` and the ``visible``
    face-up tiles (34 bytes each, together no more than four of a type); the figures are
    explained in :mod:`riichi.agents.danger`. ``sanma``: the table is of three players, without
    2m-8m, so no two-sided wait takes 1m or 9m; neither ``tile`` nor the hand may be one of 2m-8m.

    >>> tile_danger(12, 1 << 12, bytes(34), bytes(34)), tile_danger(13, 0, bytes(34), bytes(34))
    (0.0, 11.0)
    >>> tile_danger(8, 0, bytes(34), bytes(34)), tile_danger(8, 0, bytes(34), bytes(34), True)
    (5.5, 1.5)
    """
    cdef const uint8_t* c = row(counts, "counts")
    cdef const uint8_t* v = row(visible, "visible")
    if tile < 0 or tile >= NUM_TYPES:
        raise InvalidHandError(f"tile type {tile}: expected 0-33")
    check_copies(c, v)
    if sanma:
        if 0 < tile < 8:
            raise InvalidHandError(f"tile type {tile} is one of 2m-8m, which three-player "
                                   "mahjong does not have: expected 0, 8 or 9-33")
        check_three_player_hand(c)
    return danger_of(tile, genbutsu, c, v, sanma)


cdef double danger_of(int tile, uint64_t genbutsu, const uint8_t* c, const uint8_t* v,
                      bint sanma) noexcept:
    """:func:`tile_danger` of rows; at a table of three (``sanma``), 2m-8m, which it has not,
    deal in to no one."""
    if (genbutsu >> tile) & 1:
        return 0.0
    if sanma and tile < 9 and tile % 8:
        return 0.0
    cdef int unseen = 4 - c[tile] - v[tile]
    if tile >= 27:
        return _HONOR[min(max(unseen, 0), 3)]
    cdef int number = tile % 9 + 1
    cdef double danger = _OTHER[number] if unseen > 0 else _OTHER[number] / 2
    if sanma and tile < 9:  # 1m or 9m: with no 2m-8m, only a pair or a single wait takes it
        return danger
    if number >= 4 and not _side_closed(tile - 3, tile - 2, tile - 1, genbutsu, c, v):
        danger += _SIDE
    if number <= 6 and not _side_closed(tile + 3, tile + 1, tile + 2, genbutsu, c, v):
        danger += _SIDE
    return danger
