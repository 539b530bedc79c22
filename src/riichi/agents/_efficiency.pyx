"""The compiled step of the built-in players' discard choice: the best discard of a hand by tile
efficiency and per-tile preferences, in one call.

:func:`best_discard` runs the core's discard analysis and picks from its rows in C (the flush to
steer to included), so the players' most frequent decision, a turn with nothing to fear, pays for
one call instead of a Python loop over the rows; :func:`turn_discard` goes on to the listed
action (:func:`listed_discard`), riichi included; :func:`defend_discard` does the same for a turn
facing a threat, weighing every discard's danger (:func:`riichi.agents._danger.tile_danger`) for a
push and for a fold. The kuikae ban is read from the legal actions (:func:`discard_types`). Action
classes are passed in: this module sits below the game. The players' other compiled steps are
beside it: the calls of a claim (:mod:`riichi.agents._calls`), an open hand's plan and the flush to
steer to (:mod:`riichi.agents._plans`), the han estimate (:mod:`riichi.agents._value`) and the
danger of a discard (:mod:`riichi.agents._danger`).

>>> hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2, 1, 0, 0, 0, 0])
>>> best_discard(hand, bytes(34), bytes(34), bytes(34))  # West: tenpai on East and South
(29, 0, 4)
"""

from libc.stdint cimport int64_t, uint8_t, uint64_t

from riichi._core cimport NUM_TYPES, discard_analysis_k
from riichi.agents._danger cimport danger_of
from riichi.agents._plans cimport suit_to_flush
from riichi.agents._rows cimport (
    ALL_MASK, HONOR_MASK, ONE, SUIT_MASK, check_copies, check_three_player_hand, copy_row, row,
)

from riichi.errors import IllegalActionError, InvalidHandError
from riichi.tiles import RED_FIVE_IDS

ALL_TILES = (1 << 34) - 1
cdef int _RED_IDS[3]
_RED_IDS[:] = RED_FIVE_IDS


cdef inline int _unseen(uint64_t mask, const uint8_t* counts, const uint8_t* visible) noexcept:
    cdef int t, n = 0
    for t in range(NUM_TYPES):
        if (mask >> t) & 1:
            n += 4 - counts[t] - visible[t]
    return n


def best_discard(counts, visible, worth, order, uint64_t first=0, uint64_t useful=ALL_TILES,
                 uint64_t banned=0, uint64_t bonus=0, int weight=0, int flush_tiles=-1,
                 int flush_suits=7, bint sanma=False):
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
    ``sanma``: the table is of three players, without 2m-8m (see :func:`riichi.shanten`), so 1m
    and 9m form no runs and no 2m-8m is useful; the hand must hold none of them.
    """
    cdef Candidates k
    _candidates(&k, counts, visible, worth, order, first, useful, banned, bonus, weight,
                flush_tiles, flush_suits, True, sanma)
    cdef int i, best = 0
    for i in range(1, k.n):
        if _before(&k, i, best):
            best = i
    return k.tile[best], k.shanten[best], k.unseen[best]


cdef struct Candidates:
    # the discards a player weighs, as in riichi.agents.efficiency.Candidate
    int n
    int shanten[NUM_TYPES]
    int cost[NUM_TYPES]
    int order[NUM_TYPES]
    int tile[NUM_TYPES]
    int unseen[NUM_TYPES]


cdef int _candidates(Candidates* k, counts, visible, worth, order, uint64_t first,
                     uint64_t useful, uint64_t banned, uint64_t bonus, int weight,
                     int flush_tiles, int flush_suits, bint lowest_only, bint sanma) except -1:
    """Fills ``k`` with the discards :func:`best_discard` chooses from (in tile order); with
    ``lowest_only``, only those of the lowest shanten (the others cannot be its choice)."""
    cdef const uint8_t* c = row(counts, "counts")
    cdef const uint8_t* v = row(visible, "visible")
    cdef const uint8_t* w = row(worth, "worth")
    cdef const uint8_t* o = row(order, "order")
    cdef int t, size = 0
    cdef uint64_t held = 0
    check_copies(c, v)
    for t in range(NUM_TYPES):
        size += c[t]
        if c[t]:
            held |= ONE << t
    if size % 3 != 2 or size > 14:
        raise InvalidHandError(f"expected a hand of 3n+2 tiles (after a draw), got {size}")
    if sanma:
        check_three_player_hand(c)
    cdef int suit = suit_to_flush(c, flush_tiles, flush_suits) if flush_tiles >= 0 else -1
    if suit >= 0:
        useful = SUIT_MASK << (9 * suit) | HONOR_MASK
        first = ALL_MASK & ~useful
    held &= ~banned
    if held & first:
        held &= first
    if not held:
        raise InvalidHandError("every tile type of the hand is banned: nothing to discard")
    cdef int64_t rows[NUM_TYPES * 4]
    cdef int rows_k = discard_analysis_k(c, size, v, held, lowest_only, rows, sanma)
    cdef int i, unseen
    cdef uint64_t mask
    for i in range(rows_k):
        t = <int>rows[4 * i]
        mask = <uint64_t>rows[4 * i + 2]
        unseen = <int>rows[4 * i + 3]
        if mask & ~useful:
            unseen = _unseen(mask & useful, c, v)
        k.shanten[i] = <int>rows[4 * i + 1]
        k.cost[i] = w[t] + (weight if (bonus >> t) & 1 else 0) - unseen
        k.order[i] = o[t]
        k.tile[i] = t
        k.unseen[i] = unseen
    k.n = rows_k
    return 0


cdef int _listed(Candidates* k, tuple candidates) except -1:
    """Fills ``k`` with ``candidates`` (tuples as :func:`_candidate` makes; a tuple, read as it
    is, since reading an item as a C int may run Python code)."""
    cdef int n = len(candidates)
    if n == 0 or n > NUM_TYPES:
        raise InvalidHandError(f"expected 1 to 34 candidates, got {n}")
    for i in range(n):
        k.shanten[i], k.cost[i], k.order[i], k.tile[i], k.unseen[i] = candidates[i]
        if k.tile[i] < 0 or k.tile[i] >= NUM_TYPES:
            raise InvalidHandError(f"tile type {k.tile[i]}: expected 0-33")
    k.n = n
    return 0


cdef inline bint _before(const Candidates* k, int i, int j) noexcept:
    """Candidate ``i`` is smaller than candidate ``j`` (shanten, cost, order, tile)."""
    if k.shanten[i] != k.shanten[j]:
        return k.shanten[i] < k.shanten[j]
    if k.cost[i] != k.cost[j]:
        return k.cost[i] < k.cost[j]
    if k.order[i] != k.order[j]:
        return k.order[i] < k.order[j]
    return k.tile[i] < k.tile[j]


cdef tuple _candidate(const Candidates* k, int i):
    return k.shanten[i], k.cost[i], k.order[i], k.tile[i], k.unseen[i]


def defend_discard(counts, visible, worth, order, uint64_t first, uint64_t useful,
                   uint64_t banned, threats, double caution, candidates=None, bint sanma=False):
    """The discards a player weighs against ``threats``, as three candidates ``(shanten, cost,
    order, tile type, unseen)`` (see riichi.agents.efficiency.Candidate): the most efficient one,
    the one to push with and the one to fold with. The candidates are those of
    :func:`best_discard` (same arguments, ``sanma`` too, without a bonus or a flush).

    ``threats`` holds ``(weight, wins_on, genbutsu)`` per threat: a discard's danger is the sum,
    over the threats whose mask ``wins_on`` holds it, of ``weight`` times its
    :func:`tile_danger` against that threat's ``genbutsu``. The push discard keeps the lowest
    shanten with the least ``caution * danger + cost``; the fold discard has the least danger.
    Ties go to the smaller candidate. ``candidates``, a list of candidates, replaces those of
    :func:`best_discard` (a plan the core's analysis does not measure, like all triplets).

    >>> hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2, 1, 0, 0, 0, 0])
    >>> best, push, fold = defend_discard(hand, bytes(34), bytes(34), bytes(34), 0, ALL_TILES, 0,
    ...                                   [(1.0, ALL_TILES, 1 << 0)], 1.0)
    >>> best[3], push[3], fold[3]  # West, West, then the genbutsu 1m
    (29, 29, 0)
    """
    cdef Candidates k
    if candidates is None:
        _candidates(&k, counts, visible, worth, order, first, useful, banned, 0, 0, -1, 7, False,
                    sanma)
    else:
        _listed(&k, tuple(candidates))
    cdef uint8_t c[NUM_TYPES]
    cdef uint8_t v[NUM_TYPES]
    copy_row(counts, "counts", c)
    copy_row(visible, "visible", v)
    threats = tuple(threats)  # reading a threat as C numbers may run Python code
    cdef int n_threats = len(threats)
    if n_threats > 4:
        raise InvalidHandError(f"expected at most 4 threats, got {n_threats}")
    cdef double weights[4]
    cdef uint64_t wins_on[4]
    cdef uint64_t genbutsu[4]
    cdef int i, j
    for j in range(n_threats):
        weights[j], wins_on[j], genbutsu[j] = threats[j]
    cdef double danger[NUM_TYPES]
    cdef double total
    cdef int best = 0
    for i in range(k.n):
        total = 0.0
        for j in range(n_threats):
            if (wins_on[j] >> k.tile[i]) & 1:
                total += weights[j] * danger_of(k.tile[i], genbutsu[j], c, v, sanma)
        danger[i] = total
        if _before(&k, i, best):
            best = i
    cdef int push = best, fold = 0
    cdef double push_key = caution * danger[best] + k.cost[best], key
    for i in range(k.n):
        if k.shanten[i] == k.shanten[best]:
            key = caution * danger[i] + k.cost[i]
            if key < push_key or (key == push_key and _before(&k, i, push)):
                push, push_key = i, key
        if danger[i] < danger[fold] or (danger[i] == danger[fold] and _before(&k, i, fold)):
            fold = i
    return _candidate(&k, best), _candidate(&k, push), _candidate(&k, fold)


cpdef tuple turn_discard(object legal, object counts, object visible, object worth, object order,
                         uint64_t first, uint64_t useful, uint64_t banned, int flush_tiles,
                         int flush_suits, bint riichi, tuple types, bint sanma=False):
    """A player's whole discard on a turn with nothing to fear, from a game's ``legal`` actions:
    :func:`best_discard` (same arguments, ``sanma`` too) and then :func:`listed_discard` of its choice, a riichi
    declaration when ``riichi`` allows one and the hand is tenpai on a wait with unseen tiles
    left. ``types`` holds the action classes (this module sits below the game): the discard,
    riichi, nine terminals, closed kan and added kan classes.

    Returns ``(action, tile type, shanten after it, unseen useful tiles after it)``; the action
    is None when the player has more to weigh: the choice is a five the hand holds one of (it
    may be red, worth more kept) or a kan is listed.

    >>> from riichi.game.actions import Ankan, Discard, Kakan, NineTerminals, Riichi
    >>> types = (Discard, Riichi, NineTerminals, Ankan, Kakan)
    >>> hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2, 1, 0, 0, 0, 0])
    >>> tiles = [4 * t + k for t in range(34) for k in range(hand[t])]
    >>> legal = tuple(Discard(0, i) for i in tiles) + (Riichi(0, 116),)
    >>> turn_discard(legal, hand, bytes(34), bytes(34), bytes(34), 0, ALL_TILES, 0, -1, 7, True, types)
    (Riichi(seat=0, tile=116), 29, 0, 4)
    """
    discard_type, riichi_type, nine_terminals_type, ankan_type, kakan_type = types
    legal = tuple(legal)  # read as it is: an action's fields may run Python code
    cdef Candidates k
    _candidates(&k, counts, visible, worth, order, first, useful, banned, 0, 0, flush_tiles,
                flush_suits, True, sanma)
    cdef int i, best = 0
    for i in range(1, k.n):
        if _before(&k, i, best):
            best = i
    cdef int tile = k.tile[best], shanten = k.shanten[best], unseen = k.unseen[best]
    cdef uint8_t c[NUM_TYPES]
    copy_row(counts, "counts", c)
    if c[tile] == 1 and (tile == _RED_IDS[0] >> 2 or tile == _RED_IDS[1] >> 2
                         or tile == _RED_IDS[2] >> 2):
        return None, tile, shanten, unseen
    cdef Py_ssize_t n = len(legal)
    if n:
        last = legal[n - 1]  # (compiled without wraparound: no negative index)
        if type(last) is ankan_type or type(last) is kakan_type:
            return None, tile, shanten, unseen
    action = _listed_discard(legal, tile, c, riichi and shanten == 0 and unseen > 0,
                             discard_type, riichi_type, nine_terminals_type)
    return action, tile, shanten, unseen


cpdef object listed_discard(object legal, int tile_type, object counts, bint riichi,
                            object discard_type, object riichi_type, object nine_terminals_type):
    """The action of ``legal`` (a game's legal actions on a turn) that discards a tile of type
    ``tile_type`` from the hand ``counts`` (34 bytes): a riichi declaration when ``riichi`` and
    one is listed, else a discard; a plain copy rather than a red five. The action classes are
    given (this module sits below the game): ``discard_type``, ``riichi_type`` and
    ``nine_terminals_type``.

    The discards are listed in the order of the sorted hand (a red five first among its type),
    after nine terminals if that is listed: the discard is looked up where its type should be,
    and searched for only if it is not there.

    >>> from riichi.game.actions import Discard, NineTerminals, Riichi
    >>> hand = bytes([0] * 4 + [2] + [0] * 29)
    >>> legal = (Discard(0, 16), Discard(0, 17), Riichi(0, 17))
    >>> listed_discard(legal, 4, hand, False, Discard, Riichi, NineTerminals)
    Discard(seat=0, tile=17)
    >>> listed_discard(legal, 4, hand, True, Discard, Riichi, NineTerminals)
    Riichi(seat=0, tile=17)
    """
    cdef uint8_t c[NUM_TYPES]
    copy_row(counts, "counts", c)
    if tile_type < 0 or tile_type >= NUM_TYPES:
        raise InvalidHandError(f"tile type {tile_type}: expected 0-33")
    return _listed_discard(tuple(legal), tile_type, c, riichi, discard_type, riichi_type,
                           nine_terminals_type)


cdef object _listed_discard(tuple legal, int tile_type, const uint8_t* c, bint riichi,
                            discard_type, riichi_type, nine_terminals_type):
    if riichi:
        declaration = _of_type(legal, riichi_type, tile_type)
        if declaration is not None:
            return declaration
    cdef Py_ssize_t n = len(legal), at = 0
    cdef int t
    for t in range(tile_type):
        at += c[t]
    if n and type(legal[0]) is nine_terminals_type:
        at += 1
    cdef int tile
    if at < n:
        action = legal[at]
        if type(action) is discard_type:
            tile = action.tile
            if tile >> 2 == tile_type:
                if _is_red(tile) and c[tile_type] > 1 and at + 1 < n:
                    following = legal[at + 1]
                    if type(following) is discard_type and following.tile >> 2 == tile_type:
                        return following
                return action
    discard = _of_type(legal, discard_type, tile_type)
    if discard is None:
        raise IllegalActionError(f"no discard of tile type {tile_type} among the legal actions")
    return discard


def discard_types(legal, discard_type):
    """Bit mask of the tile types with a ``discard_type`` action in ``legal`` (right after a
    call, kuikae may leave some of the hand's types without one).

    >>> from riichi.game.actions import Discard, Pass
    >>> bin(discard_types((Discard(0, 0), Discard(0, 9), Pass(0)), Discard))
    '0b101'
    """
    cdef uint64_t mask = 0
    cdef int tile
    for action in tuple(legal):
        if type(action) is discard_type:
            tile = action.tile
            if tile < 0 or tile >= 4 * NUM_TYPES:
                raise InvalidHandError(f"tile {tile}: expected a 136-id, 0-135")
            mask |= ONE << (tile >> 2)
    return mask


cdef inline bint _is_red(int tile) noexcept:
    return tile == _RED_IDS[0] or tile == _RED_IDS[1] or tile == _RED_IDS[2]


cdef object _of_type(tuple legal, cls, int tile_type):
    """The ``cls`` action of ``legal`` on a tile of type ``tile_type``: a plain copy if there is
    one."""
    found = None
    cdef int tile
    for action in legal:
        if type(action) is cls:
            tile = action.tile
            if tile >> 2 == tile_type:
                if not _is_red(tile):
                    return action
                found = action
    return found

