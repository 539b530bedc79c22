"""The red plane of ``compact-v1`` (and the oracle's hidden red planes) against the observation's
own account of the red fives held: at every decision of tables of four and three players with
red fives, 1 at 5m, 5p and 5s exactly where :attr:`Observation.red_fives` (or the seat's hand,
for the oracle) holds 16, 52 and 88."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.env.actions import sample_actions
from riichi.env.encoders import PLANES

FIVES = {16: 4, 52: 13, 88: 22}  # a red five's id: its tile type


def plane(encoding: str, name: str) -> int:
    return [p[0] for p in PLANES[encoding]].index(name)


def expected(reds: object) -> np.ndarray:
    row = np.zeros(34, np.float32)
    for tile in reds:  # type: ignore[attr-defined]
        if tile in FIVES:
            row[FIVES[tile]] = 1.0
    return row


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p"])
def test_the_red_plane_shows_the_red_fives_held(preset: str) -> None:
    env = VectorEnv(4, preset, seed=5, encoding="oracle-v1")
    red = plane("oracle-v1", "red")
    hidden = plane("oracle-v1", "hidden red right")
    rng = np.random.default_rng(5)
    obs, info = env.reset()
    shown = 0
    for _ in range(400):
        for table in range(env.num_envs):
            if info["seat"][table] < 0:
                continue
            observation = env.observation(table)
            assert np.array_equal(obs[table, red], expected(observation.red_fives))
            shown += int(obs[table, red].sum())
            right = env.state(table).players[(observation.seat + 1) % env.players]
            assert np.array_equal(obs[table, hidden], expected(right.hand))
        obs, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    assert shown > 100
