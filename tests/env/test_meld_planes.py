"""The ``melds`` planes of ``compact-v1`` against the melds themselves: at every decision of
tables whose players make every call they may (chi, pon, open and concealed kans, added kans),
each seat's plane holds, at each tile type, the tiles of that type in the seat's melds / 4,
counted here from the 136-ids of the table's melds.
"""

from __future__ import annotations

import numpy as np

from riichi.env import PLANES, VectorEnv
from riichi.env.actions import CHI, RON, sample_actions
from riichi.meld import MeldKind

MELDS = [name for name, _, _, _ in PLANES["compact-v1"]].index("melds self")
TABLES = 4


def melds_expected(state: object, seat: int) -> np.ndarray:
    """The four melds planes of ``seat``'s decision, counted from the melds' tiles."""
    planes = np.zeros((4, 34), np.float32)
    for r in range(4):
        for meld in state.players[(seat + r) % 4].melds:  # type: ignore[attr-defined]
            for tile in meld.tiles:
                planes[r, tile >> 2] += 0.25
    return planes


def test_melds_planes_count_the_tiles_of_every_kind_of_meld() -> None:
    env = VectorEnv(TABLES, "tenhou", seed=3, encoding="compact-v1")
    obs, info = env.reset()
    rng = np.random.default_rng(3)
    kinds: set[MeldKind] = set()
    for _ in range(1500):
        actions = sample_actions(info["action_mask"], rng)
        for t in range(TABLES):
            seat = int(info["seat"][t])
            if seat < 0:
                continue
            state = env.state(t)
            assert np.array_equal(obs[t, MELDS:MELDS + 4], melds_expected(state, seat))
            kinds.update(m.kind for p in state.players for m in p.melds)
            calls = np.flatnonzero(info["action_mask"][t, CHI:RON])
            if calls.size:  # a call whenever it may, kans first, to see melds of every kind
                actions[t] = CHI + calls[-1]
        obs, _, _, _, info = env.step(actions)
    assert kinds == set(MeldKind)
