"""``sample_actions`` picks, in each row, the ``floor(draw * legal)``-th legal index of the mask,
``draw`` the row's value of ``rng.random(rows)``: the same picks for the same random source as a
plain reference, whatever the mask (any number of legal indices, at any place, a bool array
holding bytes other than 1 for True, a view of another array's rows), and 0 where none is legal.
"""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from riichi.env.actions import NUM_ACTIONS, sample_actions


def reference(mask_bytes: np.ndarray, seed: int) -> list[int]:
    """The picks worked out from the mask's nonzero bytes and the same draws."""
    draws = np.random.default_rng(seed).random(len(mask_bytes))
    picks = []
    for row, draw in zip(mask_bytes, draws):
        legal = np.flatnonzero(row)
        picks.append(int(legal[min(int(draw * len(legal)), len(legal) - 1)]) if len(legal) else 0)
    return picks


@given(rows=st.integers(1, 12), density=st.floats(0, 1), seed=st.integers(0, 2**32 - 1),
       truth=st.integers(1, 255))
@settings(max_examples=200, deadline=None)
def test_each_row_gets_the_reference_pick(rows: int, density: float, seed: int,
                                          truth: int) -> None:
    rng = np.random.default_rng(seed)
    mask_bytes = (rng.random((rows, NUM_ACTIONS)) < density).astype(np.uint8) * np.uint8(truth)
    mask = mask_bytes.view(np.bool_)
    assert sample_actions(mask, np.random.default_rng(seed)).tolist() == reference(mask_bytes, seed)


def test_every_place_of_a_row_is_picked_where_it_is_the_only_legal_index() -> None:
    mask = np.eye(NUM_ACTIONS, dtype=np.bool_)
    assert sample_actions(mask, np.random.default_rng(0)).tolist() == list(range(NUM_ACTIONS))
    mask[:, -1] = True  # two legal indices a row (one in the last row): each drawn by the draws
    assert sample_actions(mask, np.random.default_rng(3)).tolist() == reference(
        mask.view(np.uint8), 3)


def test_a_view_of_every_other_row_is_read_as_its_rows() -> None:
    rng = np.random.default_rng(9)
    mask = rng.random((20, NUM_ACTIONS)) < 0.1
    mask[4] = False  # a row with none legal: 0
    view = mask[::2]
    picks = sample_actions(view, np.random.default_rng(9)).tolist()
    assert picks == reference(np.ascontiguousarray(view).view(np.uint8), 9)
    assert picks[2] == 0


def test_the_random_source_goes_on_as_after_one_draw_a_row() -> None:
    mask = np.ones((5, NUM_ACTIONS), np.bool_)
    rng, same = np.random.default_rng(4), np.random.default_rng(4)
    sample_actions(mask, rng)
    same.random(5)
    assert rng.random() == same.random()
