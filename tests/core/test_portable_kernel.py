"""The SSE2 distance kernel equals the portable one it falls back to on other machines."""

from __future__ import annotations

import numpy as np

from riichi import _core

HANDS_PER_SIZE = 20_000
SUIT_IDS = [np.arange(36 * s, min(36 * s + 36, 136)) for s in range(4)]


def test_fast_and_portable_kernels_agree() -> None:
    rng = np.random.default_rng(20261129)
    for size in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
        for _ in range(HANDS_PER_SIZE):
            # Tiles from one or two suits as often as from all four, to reach the long shapes.
            suits = rng.choice(4, size=rng.integers(1, 5), replace=False)
            pool = np.concatenate([SUIT_IDS[s] for s in suits])
            if len(pool) < size:
                pool = np.arange(136)
            tiles = rng.choice(pool, size=size, replace=False) // 4
            counts = np.bincount(tiles, minlength=34).astype(np.uint8)
            assert _core.shanten_standard(counts) == _core._shanten_standard_portable(counts), counts


def _one_suit_hands(first: int, kinds: int) -> np.ndarray:
    """Every legal-size hand whose tiles all lie in tile types first .. first + kinds - 1."""
    grid = np.indices((5,) * kinds).reshape(kinds, -1).T
    sizes = grid.sum(axis=1)
    legal = (sizes <= 14) & (sizes % 3 != 0)
    hands = np.zeros((int(legal.sum()), 34), dtype=np.uint8)
    hands[:, first : first + kinds] = grid[legal]
    return hands


def test_fast_and_portable_kernels_agree_on_every_one_suit_hand() -> None:
    for first, kinds in ((0, 9), (27, 7)):
        for counts in _one_suit_hands(first, kinds):
            assert _core.shanten_standard(counts) == _core._shanten_standard_portable(counts), counts
