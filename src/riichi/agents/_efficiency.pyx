"""The compiled step of the built-in players' discard choice: the best discard of a hand by tile
efficiency and per-tile preferences, in one call.

:func:`best_discard` runs the core's discard analysis and picks from its rows in C (the flush to
steer to included), so the players' most frequent decision, a turn with nothing to fear, pays for
one call instead of a Python loop over the rows; :func:`turn_discard` goes on to the listed
action (:func:`listed_discard`), riichi included; :func:`defend_discard` does the same for a turn
facing a threat, weighing every discard's danger (:func:`tile_danger`) for a push and for a fold.
A claim reads the hand's shanten and the calls worth weighing in one call (:func:`calls_below`).
The rest is the glue a decision would otherwise pay for in Python: the kuikae ban read from the
legal actions (:func:`discard_types`), an open hand's plan (:func:`open_plan_index`,
:func:`tiles_in`), the han estimate (:func:`hand_han`) and the flush to steer to
(:func:`flush_suit`). Action classes are passed in: this module sits below the game.

>>> hand = bytes([1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [1, 1, 1] + [0] * 6 + [2, 2, 1, 0, 0, 0, 0])
>>> best_discard(hand, bytes(34), bytes(34), bytes(34))  # West: tenpai on East and South
(29, 0, 4)
"""

from cpython.bytearray cimport PyByteArray_AS_STRING, PyByteArray_CheckExact, PyByteArray_GET_SIZE
from cpython.bytes cimport PyBytes_AS_STRING, PyBytes_CheckExact, PyBytes_GET_SIZE
from libc.stdint cimport int64_t, uint8_t, uint64_t
from libc.string cimport memcpy

from riichi._core cimport NUM_TYPES, discard_analysis_k, shanten_k

from riichi.errors import IllegalActionError, InvalidHandError
from riichi.tiles import RED_FIVE_IDS

cdef uint64_t ONE = 1
cdef uint64_t ALL_MASK = (ONE << NUM_TYPES) - 1
cdef uint64_t SUIT_MASK = (ONE << 9) - 1
cdef uint64_t HONOR_MASK = ((ONE << 7) - 1) << 27
ALL_TILES = (1 << 34) - 1
cdef int _RED_IDS[3]
_RED_IDS[:] = RED_FIVE_IDS


cdef const uint8_t* _row(object values, str name) except NULL:
    """A pointer to the 34 bytes of ``values`` (``bytes`` or ``bytearray``)."""
    if PyBytes_CheckExact(values) and PyBytes_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyBytes_AS_STRING(values)
    if PyByteArray_CheckExact(values) and PyByteArray_GET_SIZE(values) == NUM_TYPES:
        return <const uint8_t*>PyByteArray_AS_STRING(values)
    raise InvalidHandError(f"{name}: expected 34 values as bytes or bytearray, got {values!r}")


cdef int _copy_row(object values, str name, uint8_t* out) except -1:
    """Copies the 34 bytes of ``values`` into ``out``: a bytearray may change size (and move)
    while Python code runs, so a step that calls back into Python reads a copy."""
    memcpy(out, _row(values, name), NUM_TYPES)
    return 0


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
    cdef Candidates k
    _candidates(&k, counts, visible, worth, order, first, useful, banned, bonus, weight,
                flush_tiles, flush_suits, True)
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
                     int flush_tiles, int flush_suits, bint lowest_only) except -1:
    """Fills ``k`` with the discards :func:`best_discard` chooses from (in tile order); with
    ``lowest_only``, only those of the lowest shanten (the others cannot be its choice)."""
    cdef const uint8_t* c = _row(counts, "counts")
    cdef const uint8_t* v = _row(visible, "visible")
    cdef const uint8_t* w = _row(worth, "worth")
    cdef const uint8_t* o = _row(order, "order")
    cdef int t, size = 0
    cdef uint64_t held = 0
    for t in range(NUM_TYPES):
        if c[t] + v[t] > 4:
            raise InvalidHandError(f"{c[t]} of tile type {t} in the hand and {v[t]} visible: "
                                   "a tile has four copies")
        size += c[t]
        if c[t]:
            held |= ONE << t
    if size % 3 != 2 or size > 14:
        raise InvalidHandError(f"expected a hand of 3n+2 tiles (after a draw), got {size}")
    cdef int suit = _flush_suit(c, flush_tiles, flush_suits) if flush_tiles >= 0 else -1
    if suit >= 0:
        useful = SUIT_MASK << (9 * suit) | HONOR_MASK
        first = ALL_MASK & ~useful
    held &= ~banned
    if held & first:
        held &= first
    if not held:
        raise InvalidHandError("every tile type of the hand is banned: nothing to discard")
    cdef int64_t rows[NUM_TYPES * 4]
    cdef int rows_k = discard_analysis_k(c, size, v, held, lowest_only, rows)
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
                   uint64_t banned, threats, double caution, candidates=None):
    """The discards a player weighs against ``threats``, as three candidates ``(shanten, cost,
    order, tile type, unseen)`` (see riichi.agents.efficiency.Candidate): the most efficient one,
    the one to push with and the one to fold with. The candidates are those of
    :func:`best_discard` (same arguments, without a bonus or a flush).

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
        _candidates(&k, counts, visible, worth, order, first, useful, banned, 0, 0, -1, 7, False)
    else:
        _listed(&k, tuple(candidates))
    cdef uint8_t c[NUM_TYPES]
    cdef uint8_t v[NUM_TYPES]
    _copy_row(counts, "counts", c)
    _copy_row(visible, "visible", v)
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
                total += weights[j] * _tile_danger(k.tile[i], genbutsu[j], c, v)
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
                         int flush_suits, bint riichi, tuple types):
    """A player's whole discard on a turn with nothing to fear, from a game's ``legal`` actions:
    :func:`best_discard` (same arguments) and then :func:`listed_discard` of its choice, a riichi
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
                flush_suits, True)
    cdef int i, best = 0
    for i in range(1, k.n):
        if _before(&k, i, best):
            best = i
    cdef int tile = k.tile[best], shanten = k.shanten[best], unseen = k.unseen[best]
    cdef uint8_t c[NUM_TYPES]
    _copy_row(counts, "counts", c)
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
    _copy_row(counts, "counts", c)
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


cpdef tuple calls_below(object counts, object legal, int limit, object chi_type,
                        object pon_type):
    """The shanten ``now`` of the hand ``counts`` (34 bytes) and the calls of ``legal`` (a
    game's legal actions on a discard) that may lower it, as ``(now, calls)``: each call as
    ``(index in legal, a, b, shanten)``, the types ``a`` and ``b`` of the two hand tiles it melds
    (as the action lists them) and the shanten of the hand without them (at least 0: no discard
    after the call does better), below ``now``. A call gains at most one step, like a draw: none
    is weighed when the hand is tenpai already or ``now - 1`` is above ``limit``. Only the first
    call listed with a pair ``(a, b)`` is weighed (the others differ in a red five only). The
    action classes are given: ``chi_type`` and ``pon_type``.

    >>> from riichi.game.actions import Chi, Pass, Pon
    >>> from riichi.tiles import parse_counts
    >>> hand = bytes(parse_counts("1344m678p12349s1z"))  # 2-shanten, on a 2m discarded
    >>> legal = (Chi(1, (0, 8)), Chi(1, (8, 12)), Pass(1))  # with 1m 3m, with 3m 4m
    >>> calls_below(hand, legal, 8, Chi, Pon)  # 123m leaves it 1-shanten, 234m does not
    (2, [(0, 0, 2, 1)])
    >>> calls_below(hand, legal, 0, Chi, Pon)  # no call makes it tenpai
    (2, [])
    """
    cdef const uint8_t* c = _row(counts, "counts")
    cdef uint8_t after[NUM_TYPES]
    cdef int t, size = 0, a, b, low, i = -1
    for t in range(NUM_TYPES):
        if c[t] > 4:
            raise InvalidHandError(f"{c[t]} tiles of type {t}: a tile has four copies")
        after[t] = c[t]
        size += c[t]
    if size % 3 != 1:
        raise InvalidHandError(f"expected a hand of 3n+1 tiles (before a call), got {size}")
    cdef int now = shanten_k(after, size)
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
        low = max(shanten_k(after, size - 2), 0)
        after[a] += 1
        after[b] += 1
        if low < now:
            out.append((i, a, b, low))
    return now, out


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


cdef uint64_t YAOCHUU_MASK = (ONE | ONE << 8 | ONE << 9 | ONE << 17 | ONE << 18 | ONE << 26
                              | HONOR_MASK)


cdef inline int _tiles_in(const uint8_t* c, uint64_t mask) noexcept:
    cdef int t, n = 0
    for t in range(NUM_TYPES):
        if (mask >> t) & 1:
            n += c[t]
    return n


def tiles_in(counts, uint64_t mask):
    """How many tiles of ``counts`` (34 bytes) are of the tile types in ``mask``.

    >>> tiles_in(bytes([2, 1] + [0] * 32), 0b10)
    1
    """
    return _tiles_in(_row(counts, "counts"), mask)


def open_plan_index(counts, uint64_t meld_types, bint runs, uint64_t yakuhai, bint kuitan):
    """The plan of an open hand with concealed ``counts`` (34 bytes) and melds of the tile types
    in ``meld_types`` (``runs``: one of them is a run), none of them a yakuhai triplet, as the
    index of riichi.agents.plans.open_plan's choice: 0 free (a yakuhai triplet in hand), 1 all
    triplets, 2 tanyao, 3-5 a flush of man, pin or sou; -1 none.

    Tanyao (when ``kuitan``) and the flushes that the melds allow are weighed, the one with the
    fewest tiles of ``counts`` that do not fit first (the first listed on a tie); without one, all
    triplets when no meld is a run.

    >>> open_plan_index(bytes([1, 1, 1] + [0] * 31), 1 << 3 | 1 << 4 | 1 << 5, True, 0, True)
    3
    """
    cdef const uint8_t* c = _row(counts, "counts")
    cdef int t, s, garbage, best = -1, best_garbage = 99
    for t in range(27, NUM_TYPES):
        if c[t] >= 3 and (yakuhai >> t) & 1:
            return 0
    cdef uint64_t mask
    if kuitan and not meld_types & YAOCHUU_MASK:
        best, best_garbage = 2, _tiles_in(c, YAOCHUU_MASK)
    for s in range(3):
        mask = ALL_MASK & ~(SUIT_MASK << (9 * s) | HONOR_MASK)
        if meld_types & mask:
            continue
        garbage = _tiles_in(c, mask)
        if garbage < best_garbage:
            best, best_garbage = 3 + s, garbage
    if best < 0 and not runs:
        return 1
    return best


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
    cdef const uint8_t* c = _row(counts, "counts")
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
    return _tile_danger(tile, genbutsu, c, v)


cdef double _tile_danger(int tile, uint64_t genbutsu, const uint8_t* c,
                         const uint8_t* v) noexcept:
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
