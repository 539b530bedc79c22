"""The edges of the single-seat and multi-agent interfaces as their users meet them: settings
that make no sense refused by name when the environment is made, calls out of order refused with
riichi's errors, and Gymnasium's and PettingZoo's conventions kept."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env.gym import SeatEnv
from riichi.errors import RiichiError


def test_a_single_seat_env_with_no_opponents_is_refused() -> None:
    # None for every other seat would leave every seat to the learner: no single seat at all
    with pytest.raises(RiichiError, match=r"opponents=None: expected who keeps the other seats"):
        SeatEnv("tenhou", opponents=None)
