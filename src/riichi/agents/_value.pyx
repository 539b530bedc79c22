"""The compiled step of the built-in players' han estimate (:func:`hand_han`)."""

from libc.stdint cimport uint8_t, uint64_t

from riichi._core cimport NUM_TYPES
from riichi.agents._rows cimport row

from riichi.errors import InvalidHandError


def hand_han(counts, meld_types, int reds, dora, bint closed, uint64_t yakuhai):
    """A quick estimate of the han a hand will win with: dora (red fives ``reds`` included), one
    for riichi when ``closed``, yakuhai triplets (``yakuhai``: a mask of tile types), tanyao and
    a flush when every tile (concealed ``counts``, 34 bytes, and the melds' ``meld_types``)
    allows it. ``dora`` holds a tile type per dora (a type twice if it is dora twice).

    >>> from riichi.tiles import parse_counts
    >>> hand_han(bytes(parse_counts("234m345p55s678s77z")), (), 1, (13,), True, 1 << 33)
    3
    >>> hand_han(bytes([0] * 27 + [3] + [0] * 6), (0, 1, 2), 0, (0,), False, 1 << 27)  # East, 1m, flush
    4
    """
    cdef const uint8_t* c = row(counts, "counts")
    cdef int held[NUM_TYPES]
    cdef int t, s, n, han = reds, suits = 0, flush
    for t in range(NUM_TYPES):
        held[t] = c[t]
    for t in meld_types:
        if t < 0 or t >= NUM_TYPES:
            raise InvalidHandError(f"meld tile type {t}: expected 0-33")
        held[t] += 1
    for t in dora:
        if t < 0 or t >= NUM_TYPES:
            raise InvalidHandError(f"dora tile type {t}: expected 0-33")
        han += held[t]
    if closed:
        han += 1
    cdef int honours = 0
    for t in range(27, NUM_TYPES):
        honours += held[t]
        if held[t] >= 3 and (yakuhai >> t) & 1:
            han += 1
    if not honours and not (held[0] + held[8] + held[9] + held[17] + held[18] + held[26]):
        han += 1
    for s in range(3):
        n = 0
        for t in range(9 * s, 9 * s + 9):
            n += held[t]
        if n:
            suits += 1
    if suits == 1:
        flush = 2 if honours else 5
        han += flush + 1 if closed else flush
    return han
