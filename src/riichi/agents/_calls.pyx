"""The compiled step of the built-in players' claims: the hand's shanten and the calls of a
discard worth weighing, in one call (:func:`calls_below`).
"""

from libc.stdint cimport uint8_t

from riichi._core cimport NUM_TYPES, shanten_k
from riichi.agents._rows cimport check_three_player_hand, row

from riichi.errors import InvalidHandError


cpdef tuple calls_below(object counts, object legal, int limit, object chi_type,
                        object pon_type, bint sanma=False):
    """The shanten ``now`` of the hand ``counts`` (34 bytes) and the calls of ``legal`` (a
    game's legal actions on a discard) that may lower it, as ``(now, calls)``: each call as
    ``(index in legal, a, b, shanten)``, the types ``a`` and ``b`` of the two hand tiles it melds
    (as the action lists them) and the shanten of the hand without them (at least 0: no discard
    after the call does better), below ``now``. A call gains at most one step, like a draw: none
    is weighed when the hand is tenpai already or ``now - 1`` is above ``limit``. Only the first
    call listed with a pair ``(a, b)`` is weighed (the others differ in a red five only). The
    action classes are given: ``chi_type`` and ``pon_type``. ``sanma``: the table is of three
    players, without 2m-8m (see :func:`riichi.shanten`); the hand must hold none of them.

    >>> from riichi.game.actions import Chi, Pass, Pon
    >>> from riichi.tiles import parse_counts
    >>> hand = bytes(parse_counts("1344m678p12349s1z"))  # 2-shanten, on a 2m discarded
    >>> legal = (Chi(1, (0, 8)), Chi(1, (8, 12)), Pass(1))  # with 1m 3m, with 3m 4m
    >>> calls_below(hand, legal, 8, Chi, Pon)  # 123m leaves it 1-shanten, 234m does not
    (2, [(0, 0, 2, 1)])
    >>> calls_below(hand, legal, 0, Chi, Pon)  # no call makes it tenpai
    (2, [])
    """
    cdef const uint8_t* c = row(counts, "counts")
    cdef uint8_t after[NUM_TYPES]
    cdef int t, size = 0, a, b, low, i = -1
    for t in range(NUM_TYPES):
        if c[t] > 4:
            raise InvalidHandError(f"{c[t]} tiles of type {t}: a tile has four copies")
        after[t] = c[t]
        size += c[t]
    if size % 3 != 1:
        raise InvalidHandError(f"expected a hand of 3n+1 tiles (before a call), got {size}")
    if sanma:
        check_three_player_hand(c)
    cdef int now = shanten_k(after, size, sanma)
    cdef list out = []
    if now <= 0 or now - 1 > limit:
        return now, out
    cdef set tried = set()
    cdef tuple tiles
    for action in tuple(legal):  # read as it is: an action's fields may run Python code
        i += 1
        if type(action) is not chi_type and type(action) is not pon_type:
            continue
        tiles = tuple(action.tiles)
        if len(tiles) != 2:
            raise InvalidHandError(f"{action!r}: expected two tiles from the hand")
        a, b = tiles[0] >> 2, tiles[1] >> 2
        if (a, b) in tried:
            continue
        tried.add((a, b))
        if a < 0 or b < 0 or a >= NUM_TYPES or b >= NUM_TYPES or after[a] == 0 or after[b] <= (a == b):
            raise InvalidHandError(f"a call with tile types {a} and {b}: not in the hand")
        after[a] -= 1
        after[b] -= 1
        low = max(shanten_k(after, size - 2, sanma), 0)
        after[a] += 1
        after[b] += 1
        if low < now:
            out.append((i, a, b, low))
    return now, out
