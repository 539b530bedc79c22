"""The Cython kernels equal the slow reference (tests/support/reference.py).

* Exhaustive: every hand of one suit (counts 0-4 on its nine types) of every legal size up to 14
  tiles, in each of m, p and s, and every honours-only hand: shanten (all forms), waits and ukeire
  of the 3n+1 hands, discard analysis and decompositions of the 3n+2 hands.
* Random: ``RANDOM_HANDS_PER_SIZE`` hands of every legal size (wall deals, one-or-two-suit deals,
  near-complete hands) for shanten; smaller samples, with random visible tiles, for the rest.

The reference is computed once for the m suit and relabelled for p and s: the rules treat the
three suits alike, so swapping two suits' tiles swaps the answers' tiles the same way.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt
import pytest

import riichi
from tests.support import reference as ref
from tests.support.hands import (
    assert_rows_equal,
    complete_hands,
    mixed_hands,
    notation,
    scaled,
    visible_for,
)

SEED = 20240602
RANDOM_HANDS_PER_SIZE = scaled(200_000)  # shanten, for each of the ten legal sizes
UKEIRE_HANDS = scaled(20_000)  # waits and ukeire (with visible tiles) of 3n+1 hands
DISCARD_HANDS = scaled(5_000)  # discard analysis (with visible tiles) of 3n+2 hands
COMPLETE_HANDS = scaled(20_000)  # decompositions of random complete hands

SUIT_OFFSET = {"m": 0, "p": 9, "s": 18}
Hands = npt.NDArray[np.uint8]


# --- the oracle itself ----------------------------------------------------------------------------


def test_reference_suit_tables_equal_their_definition() -> None:
    rng = np.random.default_rng(SEED)
    for _ in range(400):
        n, runs = (9, True) if rng.random() < 0.8 else (7, False)
        hand = rng.integers(0, 5, n)
        sets, pairs = int(rng.integers(0, 5)), int(rng.integers(0, 2))
        code = int(hand @ 5 ** np.arange(n - 1, -1, -1))
        table = ref._suit_distance_table(n, runs)[code, sets, pairs]
        assert table == ref.suit_distance_bruteforce(hand, runs, sets, pairs), (hand, sets, pairs)


@pytest.mark.parametrize(
    ("hand", "shanten"),
    [
        ("11m", -1),
        ("1m", 0),
        ("19m", 0),
        ("123m456p789s1122z", 0),
        ("123m456p789s11223z", 0),
        ("19m19p19s1234567z", 0),
        ("11223344556677m", -1),
        ("147m258p369s1234z", 6),  # seven pairs: 13 singles; standard would be 8, kokushi 7
        ("123456789m1111p", 1),
        ("1111m", 1),
    ],
)
def test_reference_hand_checked(hand: str, shanten: int) -> None:
    assert ref.shanten(ref.counts(hand)) == shanten


def test_reference_ignoring_the_copy_limit_finds_the_fifth_copy_wait() -> None:
    assert ref.shanten_standard_uncapped(ref.counts("123456789m1111p")) == 0


# --- exhaustive single-suit and honours-only hands ------------------------------------------------


@dataclass(frozen=True)
class Exhaustive:
    """Every legal hand inside one suit (tile types ``first`` to ``first + n - 1``), with answers."""

    first: int
    n: int
    hands: Hands  # (N, 34)
    shanten: npt.NDArray[np.int64]
    standard: npt.NDArray[np.int64]
    after_draw: npt.NDArray[np.int8]  # (N, 34) shanten after drawing each tile; for the 3n+1 rows
    readings: dict[int, list[ref.Reading]]  # row -> decompositions, for the 3n+2 rows

    @property
    def short(self) -> npt.NDArray[np.intp]:
        return np.flatnonzero(self.hands.sum(axis=1) % 3 == 1)

    @property
    def full(self) -> npt.NDArray[np.intp]:
        return np.flatnonzero(self.hands.sum(axis=1) % 3 == 2)

    def codes(self) -> npt.NDArray[np.int64]:
        """Each hand's counts in the suit read as a base-5 number."""
        return self.hands[:, self.first : self.first + self.n].astype(np.int64) @ 5 ** np.arange(self.n)


def _suit_grid(first: int, n: int) -> Hands:
    counts = np.indices((5,) * n).reshape(n, -1).T
    counts = counts[np.isin(counts.sum(axis=1), ref.LEGAL_SIZES)]
    hands = np.zeros((len(counts), 34), dtype=np.uint8)
    hands[:, first : first + n] = counts
    return hands


def _solve(first: int, n: int) -> Exhaustive:
    hands = _suit_grid(first, n)
    short = hands.sum(axis=1) % 3 == 1
    after = np.full(hands.shape, ref.NO_DRAW, dtype=np.int8)
    after[short] = ref.shanten_after_draw_many(hands[short])
    full = np.flatnonzero(~short)
    readings = dict(zip(full.tolist(), ref.decompositions_many(hands[full])))
    return Exhaustive(
        first, n, hands, ref.shanten_many(hands), ref.standard_distance_many(hands) - 1, after, readings
    )


def _relabel_reading(reading: ref.Reading, perm: npt.NDArray[np.intp]) -> ref.Reading:
    pair, runs, triplets = reading
    return int(perm[pair]), tuple(int(perm[t]) for t in runs), tuple(int(perm[t]) for t in triplets)


@functools.cache
def exhaustive(suit: str) -> Exhaustive:
    if suit == "z":
        return _solve(27, 7)
    if suit == "m":
        return _solve(0, 9)
    base, offset = exhaustive("m"), SUIT_OFFSET[suit]
    perm = np.arange(34)  # swaps the m suit with this one: an involution
    perm[0:9], perm[offset : offset + 9] = np.arange(offset, offset + 9), np.arange(9)
    return Exhaustive(
        offset,
        9,
        np.ascontiguousarray(base.hands[:, perm]),
        base.shanten,
        base.standard,
        base.after_draw[:, perm],
        {i: sorted(_relabel_reading(r, perm) for r in rs) for i, rs in base.readings.items()},
    )


SUITS = ["m", "p", "s", "z"]
BITS = np.int64(1) << np.arange(34, dtype=np.int64)


def _mask(tiles: list[int]) -> int:
    return sum(1 << t for t in tiles)


@pytest.mark.parametrize("suit", SUITS)
def test_exhaustive_shanten(suit: str) -> None:
    ex = exhaustive(suit)
    assert_rows_equal(ex.hands, riichi.shanten_batch(ex.hands), ex.shanten, "shanten_batch")
    assert_rows_equal(ex.hands, [riichi.shanten(h) for h in ex.hands], ex.shanten, "shanten")
    assert_rows_equal(
        ex.hands, [riichi.shanten_standard(h) for h in ex.hands], ex.standard, "shanten_standard"
    )
    closed = ex.hands[ex.hands.sum(axis=1) >= 13]
    for kernel, want in (
        (riichi.shanten_chiitoitsu, ref.chiitoitsu_distance_many),
        (riichi.shanten_kokushi, ref.kokushi_distance_many),
    ):
        got = [kernel(h) for h in closed]
        assert_rows_equal(closed, got, want(closed.astype(np.int16)) - 1, kernel.__name__)


@pytest.mark.parametrize("suit", SUITS)
def test_exhaustive_waits_and_ukeire(suit: str) -> None:
    ex = exhaustive(suit)
    rows = ex.short
    hands, after, before = ex.hands[rows], ex.after_draw[rows], ex.shanten[rows]
    assert_rows_equal(hands, [_mask(riichi.waits(h)) for h in hands], (after == -1) @ BITS, "waits")
    useful = after < before[:, None]
    want = np.stack([useful @ BITS, ((4 - hands.astype(np.int64)) * useful).sum(axis=1)], axis=1)
    got = [(_mask(tiles), unseen) for tiles, unseen in map(riichi.ukeire, hands)]
    assert_rows_equal(hands, got, want, "ukeire (tile mask, unseen)")


@pytest.mark.parametrize("suit", SUITS)
def test_exhaustive_discard_analysis(suit: str) -> None:
    """Each row is the reference's shanten and ukeire of the 3n+1 hand left by that discard."""
    ex = exhaustive(suit)
    row_of_code = np.full(5**ex.n, -1, dtype=np.int64)
    row_of_code[ex.codes()[ex.short]] = ex.short
    full = ex.full
    hands, codes = ex.hands[full].astype(np.int64), ex.codes()[full]
    held = hands[:, ex.first : ex.first + ex.n] > 0
    want = np.zeros((len(full), ex.n, 4), dtype=np.int64)  # [hand, discard position, field]
    for pos in range(ex.n):
        t = ex.first + pos
        left = row_of_code[codes[held[:, pos]] - 5**pos]  # the 3n+1 hands after discarding t
        rest = ex.hands[left].astype(np.int64)
        useful = ex.after_draw[left] < ex.shanten[left][:, None]
        # the discarded copy lies in the pond: seen, so not unseen
        unseen = ((4 - rest) * useful).sum(axis=1) - useful[:, t]
        rows = np.stack([np.full(len(left), t), ex.shanten[left], useful @ BITS, unseen], axis=1)
        want[held[:, pos], pos] = rows
    got = [riichi.discard_analysis(h) for h in ex.hands[full]]
    assert all(g.dtype == np.int64 and g.ndim == 2 and g.shape[1] == 4 for g in got)
    assert_rows_equal(ex.hands[full], [len(g) for g in got], held.sum(axis=1), "discard_analysis rows")
    wrong = np.any(np.concatenate(got) != want[held], axis=1)
    owners = np.unique(np.repeat(np.arange(len(full)), held.sum(axis=1))[wrong])
    shown = [
        f"{notation(hands[i])}: core {got[i].tolist()}, reference {want[i][held[i]].tolist()}"
        for i in owners[:5]
    ]
    assert not owners.size, f"discard_analysis: {owners.size} hands differ\n" + "\n".join(shown)


@pytest.mark.parametrize("suit", SUITS)
def test_exhaustive_decompositions(suit: str) -> None:
    ex = exhaustive(suit)
    for i in ex.full:
        got = riichi.decompositions(ex.hands[i])
        assert len(set(got)) == len(got), f"{notation(ex.hands[i])}: repeated readings {got}"
        assert sorted(got) == ex.readings[int(i)], f"{notation(ex.hands[i])}: core {got}"


# --- random hands of every legal size --------------------------------------------------------------


def _random_hands(sizes: tuple[int, ...], total: int, salt: int) -> Hands:
    rng = np.random.default_rng([SEED, salt])
    return np.concatenate([mixed_hands(rng, size, max(1, total // len(sizes))) for size in sizes])


def test_random_shanten() -> None:
    hands = _random_hands(ref.LEGAL_SIZES, RANDOM_HANDS_PER_SIZE * len(ref.LEGAL_SIZES), 1)
    want = ref.shanten_many(hands)
    out = np.full(len(hands), 99, dtype=np.int8)
    assert riichi.shanten_batch(hands, out=out) is out
    assert_rows_equal(hands, out, want, "shanten_batch")
    assert_rows_equal(hands, [riichi.shanten(h) for h in hands], want, "shanten")
    standard = ref.standard_distance_many(hands) - 1
    assert_rows_equal(hands, [riichi.shanten_standard(h) for h in hands], standard, "shanten_standard")
    closed = hands[hands.sum(axis=1) >= 13]
    chiitoitsu = ref.chiitoitsu_distance_many(closed.astype(np.int16)) - 1
    kokushi = ref.kokushi_distance_many(closed.astype(np.int16)) - 1
    assert_rows_equal(closed, [riichi.shanten_chiitoitsu(h) for h in closed], chiitoitsu, "chiitoitsu")
    assert_rows_equal(closed, [riichi.shanten_kokushi(h) for h in closed], kokushi, "kokushi")


def test_random_waits_and_ukeire_with_visible_tiles() -> None:
    hands = _random_hands((1, 4, 7, 10, 13), UKEIRE_HANDS, 2)
    rng = np.random.default_rng([SEED, 3])
    visible = np.array([visible_for(rng, h) for h in hands])
    after = ref.shanten_after_draw_many(hands)
    useful = after < ref.shanten_many(hands)[:, None]
    assert_rows_equal(hands, [_mask(riichi.waits(h)) for h in hands], (after == -1) @ BITS, "waits")
    no_visible: list[Hands | None] = [None] * len(hands)
    for seen, given in ((np.zeros_like(visible), no_visible), (visible, list(visible))):
        want = np.stack([useful @ BITS, ((4 - hands.astype(np.int64) - seen) * useful).sum(axis=1)], axis=1)
        got = [(_mask(t), n) for t, n in (riichi.ukeire(h, v) for h, v in zip(hands, given))]
        assert_rows_equal(hands, got, want, f"ukeire (visible tiles: {given[0] is not None})")


def test_random_discard_analysis_with_visible_tiles() -> None:
    hands = _random_hands((2, 5, 8, 11, 14), DISCARD_HANDS, 4)
    rng = np.random.default_rng([SEED, 5])
    visible = np.array([visible_for(rng, hand) for hand in hands])
    with_visible = ref.discard_analysis_many(hands, visible)
    without = ref.discard_analysis_many(hands)
    for hand, seen, want, want_unseen in zip(hands, visible, with_visible, without):
        got = [tuple(row) for row in riichi.discard_analysis(hand, seen).tolist()]
        assert got == want, f"{notation(hand)} visible {notation(seen)}: core {got}, reference {want}"
        assert [tuple(row) for row in riichi.discard_analysis(hand).tolist()] == want_unseen


def test_random_decompositions() -> None:
    rng = np.random.default_rng([SEED, 6])
    sizes = (2, 5, 8, 11, 14)
    complete = np.concatenate([complete_hands(rng, s, COMPLETE_HANDS // len(sizes)) for s in sizes])
    hands = np.concatenate([complete, _random_hands(sizes, COMPLETE_HANDS, 7)])
    for hand, want in zip(hands, ref.decompositions_many(hands)):
        got = riichi.decompositions(hand)
        assert len(set(got)) == len(got), f"{notation(hand)}: repeated readings {got}"
        assert sorted(got) == want, f"{notation(hand)}: core {got}, reference {want}"
