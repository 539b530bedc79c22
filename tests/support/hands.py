"""Hand generators for the core's correctness tests (seeded, vectorised where it matters).

Sizes of the big loops are constants at the top of each test file; ``RIICHI_TEST_SCALE`` (default
1) multiplies them (:func:`scaled`), so a developer can run a quick pass with
``RIICHI_TEST_SCALE=0.05``.
"""

from __future__ import annotations

import itertools
import os

import numpy as np
import numpy.typing as npt
from hypothesis import strategies as st

from tests.support import reference as ref

Hands = npt.NDArray[np.uint8]

NUM_TYPES = 34
NUM_IDS = 136
#: tile types of each "suit" for draws limited to a few suits: m, p, s, honours
SUIT_TYPES = (range(0, 9), range(9, 18), range(18, 27), range(27, 34))


def scaled(n: int) -> int:
    """``n`` times ``RIICHI_TEST_SCALE`` (at least 1)."""
    return max(1, round(n * float(os.environ.get("RIICHI_TEST_SCALE", "1"))))


def _draw(rng: np.random.Generator, pool: npt.NDArray[np.int64], size: int, n: int) -> Hands:
    """``n`` hands of ``size`` tiles, each the first tiles of its own shuffle of ``pool`` (136-ids).

    The shuffles are Fisher-Yates stopped after ``size`` places: each place takes a uniform pick
    of the ids not yet placed, which is all the hand needs of a whole shuffle.
    """
    ids = np.array(np.broadcast_to(pool.astype(np.uint8), (n, len(pool))))
    rows = np.arange(n)
    for k in range(size):
        pick = rng.integers(k, len(pool), size=n)
        ids[rows, k], ids[rows, pick] = ids[rows, pick], ids[rows, k]
    flat = (rows[:, None] * NUM_TYPES + ids[:, :size] // 4).ravel()
    return np.bincount(flat, minlength=n * NUM_TYPES).astype(np.uint8).reshape(n, NUM_TYPES)


def wall_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """Hands dealt from a shuffled 136-tile wall: realistic counts."""
    return _draw(rng, np.arange(NUM_IDS), size, n)


def few_suit_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """Hands dealt from the tiles of one or two suits only: many overlapping, complex shapes."""
    choices = [c for k in (1, 2) for c in itertools.combinations(range(4), k)]
    pick = rng.integers(len(choices), size=n)
    out = np.empty((n, NUM_TYPES), dtype=np.uint8)
    for i, suits in enumerate(choices):
        rows = np.flatnonzero(pick == i)
        pool = np.array([t * 4 + c for s in suits for t in SUIT_TYPES[s] for c in range(4)])
        out[rows] = _draw(rng, pool, size, len(rows))
    return out


def complete_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """``n`` random complete hands of ``size`` (3n+2) tiles: random sets (a run where one can
    start, six times in ten) and a pair, counts <= 4 (a hand over the limit is dealt again)."""
    out = np.empty((n, NUM_TYPES), dtype=np.uint8)
    todo = np.arange(n)
    while len(todo):
        m = len(todo)
        hands = np.zeros((m, NUM_TYPES), dtype=np.int64)
        rows = np.arange(m)
        np.add.at(hands, (rows, rng.integers(NUM_TYPES, size=m)), 2)
        for _ in range(size // 3):
            t = rng.integers(NUM_TYPES, size=m)
            run = (t < 27) & (t % 9 <= 6) & (rng.random(m) < 0.6)
            for k in range(3):  # a run adds t, t+1, t+2; a triplet adds t three times
                np.add.at(hands, (rows, np.where(run, t + k, t)), 1)
        fits = hands.max(axis=1) <= 4
        out[todo[fits]] = hands[fits]
        todo = todo[~fits]
    return out


def _one_type_where(rng: np.random.Generator, allowed: npt.NDArray[np.bool_]) -> npt.NDArray[np.int64]:
    """For each row, one tile type drawn uniformly among those ``allowed`` (each row has one)."""
    keys = rng.random(allowed.shape)
    keys[~allowed] = -1.0
    return keys.argmax(axis=1)


def near_complete_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """Complete hands with none, one or two tiles swapped for random ones (a type held for a type
    not held four times), cut to ``size`` by a random held type: low shanten."""
    hands = complete_hands(rng, size + 1 if size % 3 == 1 else size, n).astype(np.int64)
    rows = np.arange(n)
    swaps = rng.integers(0, 3, size=n)
    for k in range(2):
        on = swaps > k
        hands[rows, _one_type_where(rng, hands > 0)] -= on
        hands[rows, _one_type_where(rng, hands < 4)] += on
    if size % 3 == 1:
        hands[rows, _one_type_where(rng, hands > 0)] -= 1
    return hands.astype(np.uint8)


def mixed_hands(rng: np.random.Generator, size: int, n: int) -> Hands:
    """Half wall deals, 3/10 one-or-two-suit deals, 1/5 near-complete hands, shuffled together."""
    n_wall, n_few = n // 2, 3 * n // 10
    parts = [
        wall_hands(rng, size, n_wall),
        few_suit_hands(rng, size, n_few),
        near_complete_hands(rng, size, n - n_wall - n_few),
    ]
    return rng.permutation(np.concatenate(parts))


def visible_for(rng: np.random.Generator, hand: Hands) -> Hands:
    """Random visible counts (0-40 tiles) drawn from the copies the hand does not hold."""
    pool = np.repeat(np.arange(NUM_TYPES), 4 - hand.astype(np.int64))
    seen = rng.permutation(pool)[: rng.integers(0, 41)]
    return np.bincount(seen, minlength=NUM_TYPES).astype(np.uint8)


def hand_strategy(sizes: tuple[int, ...] = ref.LEGAL_SIZES) -> st.SearchStrategy[Hands]:
    """Hypothesis hands: distinct 136-ids from the whole wall or from the tiles of one suit."""

    def build(size: int) -> st.SearchStrategy[Hands]:
        whole = st.lists(st.integers(0, NUM_IDS - 1), min_size=size, max_size=size, unique=True)
        one_suit = st.sampled_from(SUIT_TYPES).flatmap(
            lambda types: st.lists(
                st.integers(types[0] * 4, types[-1] * 4 + 3), min_size=size, max_size=size, unique=True
            )
        )
        return st.one_of(whole, one_suit).map(
            lambda ids: np.bincount(np.array(ids) // 4, minlength=NUM_TYPES).astype(np.uint8)
        )

    return st.sampled_from(sizes).flatmap(build)


def notation(hand: npt.ArrayLike) -> str:
    """Compact notation of counts for failure messages (independent of ``riichi.tiles``)."""
    h = np.asarray(hand)
    parts = []
    for suit, types in zip("mpsz", SUIT_TYPES):
        digits = "".join(str(t - types[0] + 1) * int(h[t]) for t in types)
        parts.append(digits + suit if digits else "")
    return "".join(parts)


def assert_rows_equal(hands: npt.ArrayLike, got: npt.ArrayLike, want: npt.ArrayLike, what: str) -> None:
    """Fail with the first few hands (in notation) whose ``got`` differs from ``want``."""
    got_a, want_a = np.asarray(got), np.asarray(want)
    bad = np.flatnonzero(np.any((got_a != want_a).reshape(len(got_a), -1), axis=1))
    rows = np.asarray(hands)
    shown = [f"{notation(rows[i])}: core {got_a[i]!r}, reference {want_a[i]!r}" for i in bad[:10]]
    assert not bad.size, f"{what}: {bad.size} of {len(got_a)} hands differ\n" + "\n".join(shown)
