"""The compiled step of the built-in players' discard choice: the best discard of a hand by tile
efficiency and per-tile preferences, in one call.

:func:`best_discard` runs the core's discard analysis and picks from its rows in C, so the
players' most frequent decision pays for one call instead of a Python loop over the rows.

>>> hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2, 1, 0, 0, 0, 0])
>>> best_discard(hand, bytes(34), bytes(34), bytes(34))  # West: tenpai on East and South
(29, 0, 4)
"""

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.stdint cimport int64_t, uint8_t, uint64_t

from riichi._core cimport NUM_TYPES, discard_analysis_k

from riichi.errors import InvalidHandError

cdef uint64_t ONE = 1
cdef uint64_t ALL_MASK = (ONE << NUM_TYPES) - 1
cdef uint64_t SUIT_MASK = (ONE << 9) - 1
cdef uint64_t HONOR_MASK = ((ONE << 7) - 1) << 27
ALL_TILES = (1 << 34) - 1


cdef const uint8_t* _row(object values, str name) except NULL:
    """A pointer to the 34 bytes of ``values`` (``bytes`` or ``bytearray``)."""
    if PyBytes_CheckExact(values) and PyBytes_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyBytes_AS_STRING(values)
    if PyByteArray_CheckExact(values) and PyByteArray_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyByteArray_AS_STRING(values)
    raise InvalidHandError(f"{name}: expected 34 values as bytes or bytearray, got {values!r}")


cdef inline int _unseen(uint64_t mask, const uint8_t* counts, const uint8_t* visible) noexcept:
    cdef int t, n = 0
    for t in range(NUM_TYPES):
        if (mask >> t) & 1:
            n += 4 - counts[t] - visible[t]
    return n


def best_discard(counts, visible, worth, order, uint64_t first=0, uint64_t useful=ALL_TILES,
                 uint64_t banned=0, uint64_t bonus=0, int weight=0, int flush_tiles=-1,
                 int flush_suits=7):
    """The discard of a 3n+2 hand ``counts`` to make, as ``(tile type, shanten after it, unseen
    useful tiles after it)``.

    Every distinct tile type in the hand but the ``banned`` ones (a bit mask) is a candidate; if
    the hand holds a candidate in ``first`` (a mask), only those are. The choice is the lowest
    shanten, then the lowest ``worth[t]`` less the unseen copies of the tiles that would lower the
    shanten (only those in ``useful`` count; the hand's own tiles and ``visible`` ones are seen),
    then the lowest ``order[t]``, then the lowest tile type. ``visible``, ``worth`` and ``order``
    are 34 bytes each, like ``counts``; the tile types in ``bonus`` (a mask) are worth ``weight``
    more.

    With ``flush_tiles`` of 0 or more, a hand that can steer to a flush (see :func:`flush_suit`,
    with ``flush_suits``) does: the other suits go ``first`` and only its suit and the honours are
    ``useful``. A player's whole discard choice on a turn with nothing to fear is this one call.
    """
    cdef const uint8_t* c = _row(counts, "counts")
    cdef const uint8_t* v = _row(visible, "visible")
    cdef const uint8_t* w = _row(worth, "worth")
    cdef const uint8_t* o = _row(order, "order")
    cdef int t, size = 0
    for t in range(NUM_TYPES):
        if c[t] + v[t] > 4:
            raise InvalidHandError(f"{c[t]} of tile type {t} in the hand and {v[t]} visible: "
                                   "a tile has four copies")
        size += c[t]
    if size % 3 != 2 or size > 14:
        raise InvalidHandError(f"expected a hand of 3n+2 tiles (after a draw), got {size}")
    cdef int suit = _flush_suit(c, flush_tiles, flush_suits) if flush_tiles >= 0 else -1
    if suit >= 0:
        useful = SUIT_MASK << (9 * suit) | HONOR_MASK
        first = ALL_MASK & ~useful
    cdef int64_t rows[NUM_TYPES * 4]
    cdef int k = discard_analysis_k(c, size, v, rows)
    cdef uint64_t held = 0
    cdef int i
    for i in range(k):
        held |= ONE << rows[4 * i]
    held &= ~banned
    if held & first:
        held &= first
    cdef int best = -1, best_shanten = 0, best_cost = 0, best_unseen = 0, shanten, unseen, cost
    cdef uint64_t mask
    for i in range(k):
        t = <int>rows[4 * i]
        if not (held >> t) & 1:
            continue
        shanten = <int>rows[4 * i + 1]
        mask = <uint64_t>rows[4 * i + 2]
        unseen = <int>rows[4 * i + 3]
        if mask & ~useful:
            unseen = _unseen(mask & useful, c, v)
        cost = w[t] + (weight if (bonus >> t) & 1 else 0) - unseen
        if (best < 0 or shanten < best_shanten
                or (shanten == best_shanten and (cost < best_cost
                    or (cost == best_cost and o[t] < o[best])))):
            best, best_shanten, best_cost, best_unseen = t, shanten, cost, unseen
    if best < 0:
        raise InvalidHandError("every tile type of the hand is banned: nothing to discard")
    return best, best_shanten, best_unseen


def flush_suit(counts, int min_tiles, int suits=7):
    """The first suit (0 man, 1 pin, 2 sou) among ``suits`` (a mask of suits) whose tiles and the
    honours of ``counts`` (34 bytes) number ``min_tiles`` or more, or -1.

    >>> flush_suit(bytes([3, 3, 3, 2] + [0] * 23 + [2] + [0] * 6), 13)
    0
    >>> flush_suit(bytes([3, 3, 3, 2] + [0] * 23 + [2] + [0] * 6), 13, suits=6)
    -1
    """
    return _flush_suit(_row(counts, "counts"), min_tiles, suits)


cdef int _flush_suit(const uint8_t* c, int min_tiles, int suits) noexcept:
    cdef int t, s, honours = 0, tiles
    for t in range(27, NUM_TYPES):
        honours += c[t]
    for s in range(3):
        if not (suits >> s) & 1:
            continue
        tiles = honours
        for t in range(9 * s, 9 * s + 9):
            tiles += c[t]
        if tiles >= min_tiles:
            return s
    return -1


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


def tile_danger(int tile, uint64_t genbutsu, counts, visible):
    """Rough chance (percent) that discarding ``tile`` (a type) deals in to a tenpai seat whose
    genbutsu mask is ``genbutsu``, knowing this seat's concealed ``counts`` and the ``visible``
    face-up tiles (34 bytes each); the figures are explained in :mod:`riichi.agents.danger`.

    >>> tile_danger(12, 1 << 12, bytes(34), bytes(34)), tile_danger(13, 0, bytes(34), bytes(34))
    (0.0, 11.0)
    """
    cdef const uint8_t* c = _row(counts, "counts")
    cdef const uint8_t* v = _row(visible, "visible")
    if tile < 0 or tile >= NUM_TYPES:
        raise InvalidHandError(f"tile type {tile}: expected 0-33")
    if (genbutsu >> tile) & 1:
        return 0.0
    cdef int unseen = 4 - c[tile] - v[tile]
    if tile >= 27:
        return _HONOR[min(max(unseen, 0), 3)]
    cdef int number = tile % 9 + 1
    cdef double danger = _OTHER[number] if unseen > 0 else _OTHER[number] / 2
    if number >= 4 and not _side_closed(tile - 3, tile - 2, tile - 1, genbutsu, c, v):
        danger += _SIDE
    if number <= 6 and not _side_closed(tile + 3, tile + 1, tile + 2, genbutsu, c, v):
        danger += _SIDE
    return danger
