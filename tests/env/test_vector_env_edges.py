"""The vector environment's refusals at its edges: calls out of order and action arrays whose
values do not fit the index type, each refused with riichi's error naming what was wrong."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.errors import RiichiError


def test_a_step_after_close_says_the_environment_was_closed() -> None:
    # it said "step() before reset()" of an environment reset and stepped already
    env = VectorEnv(2, "tenhou", seed=1)
    _, info = env.reset()
    env.step(info["action_mask"].argmax(axis=1))
    env.close()
    with pytest.raises(RiichiError, match=r"step\(\) before reset\(\) or after close\(\): call "
                                          r"reset\(\) first"):
        env.step(np.zeros(2, np.int64))

