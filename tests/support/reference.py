"""Slow, obviously correct pure-Python oracle for every kernel of :mod:`riichi._core`.

Everything here follows the definitions, not the fast method of the core:

* The *distance* of a hand to a target form is the number of tiles the target holds that the hand
  lacks, ``sum(max(target[t] - hand[t], 0))``; a hand's shanten is its smallest distance to any
  complete target minus one. Targets respect the four-copy limit (no count above 4), which is what
  makes a wait on a tile the hand holds all four of worthless (RULES.md hard case 22).
* Standard targets: ``size // 3`` sets (runs or triplets) and one pair over the concealed tiles (the
  missing sets of a short hand are its open melds). Seven pairs: seven *different* pairs. Thirteen
  orphans: one of each terminal and honour plus a second of one of them. The last two only for a
  closed 13/14-tile hand.
* ``waits``, ``ukeire``, ``discard_analysis`` are read straight off shanten of the changed hand.
* Three players (``players=3``) play without 2m-8m: the manzu are 1m and 9m alone, two types
  without runs, and 2m-8m are never drawn.
* ``decompositions`` enumerates readings by taking the lowest tile left as a pair, triplet or run start.

Speed comes only from tabling the standard distance per suit (see :func:`_suit_distance_table`).

>>> shanten(counts("123456789m1111p"))
1
>>> waits(counts("1112345678999m"))
[0, 1, 2, 3, 4, 5, 6, 7, 8]
"""

from __future__ import annotations

import functools
import itertools
import re

import numpy as np
import numpy.typing as npt

Counts = npt.NDArray[np.uint8]

NUM_TYPES = 34
#: the four "suits" of the 34 tile types as (their types, runs allowed)
SUITS = ((tuple(range(9)), True), (tuple(range(9, 18)), True), (tuple(range(18, 27)), True),
         (tuple(range(27, 34)), False))
#: the same for three players: the manzu are 1m and 9m, which are not neighbours
SANMA_SUITS = (((0, 8), False), *SUITS[1:])
SANMA_ABSENT = tuple(range(1, 8))  #: 2m-8m
ORPHANS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
LEGAL_SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
MAX_SETS = 4
_INF = 99


def counts(notation: str) -> Counts:
    """34 counts of a notation string such as ``"123m0p11z"`` (independent of ``riichi.tiles``).

    >>> int(counts("110m")[4])
    1
    """
    out = np.zeros(NUM_TYPES, dtype=np.uint8)
    for digits, suit in re.findall(r"([0-9]+)([mpsz])", notation):
        base = "mpsz".index(suit) * 9
        for d in digits:
            out[base + (int(d) or 5) - 1] += 1
    return out


@functools.cache
def _suit_patterns(n: int, runs: bool, sets: int, pairs: int, cap: int = 4) -> npt.NDArray[np.int16]:
    """Every target of ``sets`` sets and ``pairs`` pairs in one suit of ``n`` types, counts <= ``cap``.

    One row of counts per distinct target (``cap`` above 4 only to describe other engines' errors).
    """
    kinds = [(i, i, i) for i in range(n)]
    if runs:
        kinds += [(i, i + 1, i + 2) for i in range(n - 2)]
    found = set()
    for chosen in itertools.combinations_with_replacement(kinds, sets):
        for pair in itertools.combinations_with_replacement(range(n), pairs):
            target = [0] * n
            for tiles in chosen:
                for t in tiles:
                    target[t] += 1
            for t in pair:
                target[t] += 2
            if max(target, default=0) <= cap:
                found.add(tuple(target))
    return np.array(sorted(found), dtype=np.int16).reshape(-1, n)


def suit_distance_bruteforce(hand: npt.ArrayLike, runs: bool, sets: int, pairs: int, cap: int = 4) -> int:
    """Tiles missing from one suit's tiles ``hand`` for its nearest target: the plain definition."""
    targets = _suit_patterns(len(np.asarray(hand)), runs, sets, pairs, cap)
    return int(np.maximum(targets - np.asarray(hand, dtype=np.int16), 0).sum(axis=1).min())


@functools.cache
def _suit_distance_table(n: int, runs: bool) -> npt.NDArray[np.int8]:
    """:func:`suit_distance_bruteforce` of every suit hand (counts 0..4 on ``n`` types) at once.

    Returns ``table[code, sets, pair]`` with ``code = sum(c[i] * 5**(n-1-i))``. The minimum over
    all targets is taken one tile type at a time (a min-plus transform per axis of the 5**n lattice):
    missing tiles are a sum of per-type terms ``max(target[i] - hand[i], 0)``, so minimising over the
    target's count of type 0, then of type 1, ... gives exactly the minimum over whole targets.
    """
    table = np.empty((5**n, MAX_SETS + 1, 2), dtype=np.int8)
    for sets, pairs in itertools.product(range(MAX_SETS + 1), range(2)):
        dist = np.full((5,) * n, _INF, dtype=np.int16)
        for target in _suit_patterns(n, runs, sets, pairs):
            dist[tuple(target)] = 0
        for axis in range(n):
            dist = _cheapest_count(dist.reshape(5**axis, 5, -1)).reshape((5,) * n)
        table[:, sets, pairs] = dist.reshape(-1)
    return table


def _cheapest_count(dist: npt.NDArray[np.int16]) -> npt.NDArray[np.int16]:
    """``out[:, h] = min over t of dist[:, t] + max(t - h, 0)``: the best count ``t`` of one type.

    A hand holding ``h`` copies misses none of a target's ``t <= h`` (the running minimum from
    below) and ``t - h`` of a larger ``t`` (from above, one more for each step up).
    """
    below, above = dist.copy(), dist.copy()
    for h in range(1, 5):
        np.minimum(below[:, h], below[:, h - 1], out=below[:, h])
        np.minimum(above[:, 4 - h], above[:, 5 - h] + 1, out=above[:, 4 - h])
    out: npt.NDArray[np.int16] = np.minimum(below, above)
    return out


@functools.cache
def _suit_distance_rows(n: int, runs: bool) -> npt.NDArray[np.int16]:
    """:func:`_suit_distance_table` laid out as ``rows[sets, pair, code]``, for gathering codes."""
    return np.ascontiguousarray(_suit_distance_table(n, runs).transpose(1, 2, 0).astype(np.int16))


def _combine(per_suit: npt.NDArray[np.int16], sets_needed: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Best whole-hand distance from each suit's distances ``per_suit[suit, sets, pair, hand]``.

    A target's sets and pair each lie inside one suit (runs never cross suits), and missing tiles
    and the copy limit are per tile type; so the best target overall is the best way to share the
    sets and the pair among the suits, each suit taking its own nearest target for its share. The
    shares are tried suit by suit: ``best[k, p]`` = nearest k sets and p pairs in the suits so far.
    """
    best = per_suit[0]
    for dist in per_suit[1:]:
        merged = np.empty_like(best)
        for k in range(MAX_SETS + 1):
            # k1 sets in the suits so far and k - k1 in this one, for each k1 = 0..k; the pair
            # in neither, or in one of the two
            so_far, here = best[: k + 1], dist[k::-1]
            merged[k, 0] = (so_far[:, 0] + here[:, 0]).min(axis=0)
            merged[k, 1] = np.minimum(
                (so_far[:, 0] + here[:, 1]).min(axis=0), (so_far[:, 1] + here[:, 0]).min(axis=0)
            )
        best = merged
    out: npt.NDArray[np.int64] = best[sets_needed, 1, np.arange(len(sets_needed))].astype(np.int64)
    return out


def standard_distance_many(hands: npt.NDArray[np.integer], players: int = 4) -> npt.NDArray[np.int64]:
    """Standard-form distance of each row of an (N, 34) array of legal hands."""
    hands = np.asarray(hands).reshape(-1, NUM_TYPES)
    out = np.empty(len(hands), dtype=np.int64)
    for first in range(0, len(hands), _ROWS):
        part = hands[first : first + _ROWS]
        columns = np.ascontiguousarray(part.T)  # one row per tile type
        suits = SANMA_SUITS if players == 3 else SUITS
        per_suit = np.empty((len(suits), MAX_SETS + 1, 2, len(part)), dtype=np.int16)
        for i, (types, runs) in enumerate(suits):
            code = np.zeros(len(part), dtype=np.int32)
            for t in types:
                code = code * 5 + columns[t]
            np.take(_suit_distance_rows(len(types), runs), code, axis=2, out=per_suit[i])
        out[first : first + _ROWS] = _combine(per_suit, part.sum(axis=1, dtype=np.int64) // 3)
    return out


_ROWS = 16384
"""Hands a vectorised step takes at a time: its arrays then stay in the processor's caches."""


def shanten_standard_uncapped(hand: npt.ArrayLike) -> int:
    """Standard shanten if a tile had unlimited copies: what engines that ignore the limit report."""
    h = np.asarray(hand, dtype=np.int64)
    per_suit = [
        [[suit_distance_bruteforce(h[list(types)], runs, k, p, cap=14) for p in range(2)]
         for k in range(MAX_SETS + 1)]
        for types, runs in SUITS
    ]
    return int(_combine(np.array(per_suit, dtype=np.int16)[..., None], np.array([h.sum() // 3]))[0]) - 1


def _check(hand: npt.ArrayLike) -> Counts:
    """The counts of a legal hand (the oracle is only asked about legal hands)."""
    h = np.asarray(hand, dtype=np.int64)
    assert h.shape == (NUM_TYPES,), hand
    values = h.tolist()  # plain ints: the oracle checks hands one at a time, hundreds of thousands
    assert min(values) >= 0 and max(values) <= 4 and sum(values) in LEGAL_SIZES, hand
    return h.astype(np.uint8)


def chiitoitsu_distance_many(hands: npt.NDArray[np.int16]) -> npt.NDArray[np.int64]:
    """Tiles missing for the best seven different pairs: the seven types holding most (up to 2).

    Those are the types held twice or more first, then the types held once.
    """
    pairs = (hands >= 2).sum(axis=1)
    singles = (hands == 1).sum(axis=1)
    kept_pairs = np.minimum(pairs, 7)
    out: npt.NDArray[np.int64] = 14 - 2 * kept_pairs - np.minimum(singles, 7 - kept_pairs)
    return out


def kokushi_distance_many(hands: npt.NDArray[np.int16]) -> npt.NDArray[np.int64]:
    """Tiles missing for the best thirteen orphans target (each orphan once, ``extra`` twice).

    The target with ``extra`` twice misses what one of each orphan misses, plus one more tile
    where the hand holds fewer than two of ``extra``: so the best ``extra`` is one held twice.
    """
    orphans = hands[:, ORPHANS]
    once = (orphans == 0).sum(axis=1)
    out: npt.NDArray[np.int64] = once + (orphans < 2).all(axis=1)
    return out


def shanten_many(hands: npt.NDArray[np.integer], players: int = 4) -> npt.NDArray[np.int64]:
    """:func:`shanten` of each row of an (N, 34) array of legal hands."""
    hands = np.asarray(hands, dtype=np.int16).reshape(-1, NUM_TYPES)
    assert players != 3 or not hands[:, SANMA_ABSENT].any(), "three players have no 2m-8m"
    dist = standard_distance_many(hands, players)
    closed = hands.sum(axis=1) >= 13
    dist[closed] = np.minimum.reduce(
        [dist[closed], chiitoitsu_distance_many(hands[closed]), kokushi_distance_many(hands[closed])]
    )
    return dist - 1


def shanten_standard(hand: npt.ArrayLike, players: int = 4) -> int:
    return int(standard_distance_many(_check(hand), players)[0]) - 1


def shanten_chiitoitsu(hand: npt.ArrayLike) -> int:
    h = _check(hand)
    assert h.sum() >= 13
    return int(chiitoitsu_distance_many(h[None, :].astype(np.int16))[0]) - 1


def shanten_kokushi(hand: npt.ArrayLike) -> int:
    h = _check(hand)
    assert h.sum() >= 13
    return int(kokushi_distance_many(h[None, :].astype(np.int16))[0]) - 1


def shanten(hand: npt.ArrayLike, players: int = 4) -> int:
    """Minimum over the forms (seven pairs and thirteen orphans only for 13/14 tiles)."""
    return int(shanten_many(_check(hand), players)[0])


NO_DRAW = 99  #: shanten after drawing a tile the hand holds all four of: it cannot be drawn


def shanten_after_draw_many(hands: npt.NDArray[np.integer], players: int = 4) -> npt.NDArray[np.int64]:
    """(N, 34): shanten of each 3n+1 hand plus one tile of each type (:data:`NO_DRAW` if impossible,
    as is drawing 2m-8m with three players)."""
    hands = np.asarray(hands, dtype=np.int16).reshape(-1, NUM_TYPES)
    out = np.full((len(hands), NUM_TYPES), NO_DRAW, dtype=np.int64)
    step = _ROWS // NUM_TYPES
    for first in range(0, len(hands), step):
        part = hands[first : first + step]
        grown = np.repeat(part, NUM_TYPES, axis=0)
        grown[np.arange(len(grown)), np.tile(np.arange(NUM_TYPES), len(part))] += 1
        drawable = grown.max(axis=1) <= 4
        if players == 3:
            drawable &= ~grown[:, SANMA_ABSENT].any(axis=1)
        after = out[first : first + step].reshape(-1)
        after[drawable] = shanten_many(grown[drawable], players)
    return out


def waits(hand: npt.ArrayLike, players: int = 4) -> list[int]:
    """Tiles that complete a 3n+1 hand; a tile the hand holds four of cannot be drawn."""
    h = _check(hand)
    assert h.sum() % 3 == 1
    return [int(t) for t in np.flatnonzero(shanten_after_draw_many(h, players)[0] == -1)]


def ukeire(
    hand: npt.ArrayLike, visible: npt.ArrayLike | None = None, players: int = 4
) -> tuple[list[int], int]:
    """Tiles whose draw lowers the shanten of a 3n+1 hand, and their copies neither held nor seen."""
    h = _check(hand)
    assert h.sum() % 3 == 1
    seen = np.zeros(NUM_TYPES, dtype=np.int64) if visible is None else np.asarray(visible, np.int64)
    tiles = [int(t) for t in np.flatnonzero(shanten_after_draw_many(h, players)[0] < shanten(h, players))]
    return tiles, sum(4 - int(h[t]) - int(seen[t]) for t in tiles)


def mask_of(tiles: list[int]) -> int:
    """Bit t set for each tile type t, as in ``discard_analysis`` rows."""
    return sum(1 << t for t in tiles)


def discard_analysis(
    hand: npt.ArrayLike, visible: npt.ArrayLike | None = None, players: int = 4
) -> list[tuple[int, int, int, int]]:
    """For each distinct tile of a 3n+2 hand: (tile, shanten, ukeire mask, unseen) after discarding it.

    The discarded copy is seen from then on (it lies in the pond), so it is not counted as unseen.
    """
    seen = None if visible is None else np.asarray(visible)[None, :]
    return discard_analysis_many(_check(hand)[None, :], seen, players)[0]


def discard_analysis_many(
    hands: npt.NDArray[np.integer], visible: npt.NDArray[np.integer] | None = None, players: int = 4
) -> list[list[tuple[int, int, int, int]]]:
    """:func:`discard_analysis` of each row of an (N, 34) array of 3n+2 hands, with ``visible``
    an (N, 34) array of the tiles each has seen (or None): every discard of every hand at once."""
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, NUM_TYPES)
    for h in hands:
        assert _check(h).sum() % 3 == 2
    seen = np.zeros_like(hands) if visible is None else np.asarray(visible, np.int64).reshape(hands.shape)
    owner, discard = np.nonzero(hands)  # each hand's distinct tiles in order
    row = np.arange(len(owner))
    rests = hands[owner]
    rests[row, discard] -= 1
    now, drawn = shanten_many(rests, players), shanten_after_draw_many(rests, players)
    useful = drawn < now[:, None]
    unseen = ((4 - rests - seen[owner]) * useful).sum(axis=1) - useful[row, discard]
    masks = useful @ (np.int64(1) << np.arange(NUM_TYPES, dtype=np.int64))
    out: list[list[tuple[int, int, int, int]]] = [[] for _ in hands]
    for i, t, n, m, u in zip(owner.tolist(), discard.tolist(), now.tolist(), masks.tolist(), unseen.tolist()):
        out[i].append((t, n, m, u))
    return out


Reading = tuple[int, tuple[int, ...], tuple[int, ...]]


def decompositions(hand: npt.ArrayLike) -> list[Reading]:
    """Every (pair, run starts, triplets) that uses up exactly the tiles of a 3n+2 hand."""
    return decompositions_many(_check(hand)[None, :])[0]


def decompositions_many(hands: npt.NDArray[np.integer]) -> list[list[Reading]]:
    """:func:`decompositions` of each row of an (N, 34) array of 3n+2 hands."""
    hands = np.asarray(hands, dtype=np.int64).reshape(-1, NUM_TYPES)
    sizes = hands.sum(axis=1)
    assert hands.min(initial=0) >= 0 and hands.max(initial=0) <= 4, "a count outside 0-4"
    assert np.isin(sizes, LEGAL_SIZES).all() and (sizes % 3 == 2).all(), "a hand not of 3n+2 tiles"
    return [_readings(h) for h in hands.tolist()]


def readings(tiles: npt.ArrayLike) -> list[Reading]:
    """:func:`decompositions` of any counts, even five copies of a tile (what other engines accept)."""
    return _readings(np.asarray(tiles, dtype=np.int64).tolist())


def _readings(h: list[int]) -> list[Reading]:
    """:func:`readings` of the counts ``h`` (a list it changes and restores)."""
    found: set[Reading] = set()

    def walk(low: int, pair: int | None, runs: tuple[int, ...], triplets: tuple[int, ...]) -> None:
        # tiles below ``low`` are used up already
        t = next((i for i in range(low, NUM_TYPES) if h[i]), None)
        if t is None:
            if pair is not None:
                found.add((pair, runs, triplets))
            return
        # the lowest tile left must be the pair, a triplet or the lowest tile of a run
        if pair is None and h[t] >= 2:
            h[t] -= 2
            walk(t, t, runs, triplets)
            h[t] += 2
        if h[t] >= 3:
            h[t] -= 3
            walk(t, pair, runs, triplets + (t,))
            h[t] += 3
        if t < 27 and t % 9 <= 6 and h[t + 1] and h[t + 2]:
            for i in (t, t + 1, t + 2):
                h[i] -= 1
            walk(t, pair, runs + (t,), triplets)
            for i in (t, t + 1, t + 2):
                h[i] += 1

    walk(0, None, (), ())
    return sorted(found)
