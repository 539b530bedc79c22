"""A built-in player's seed is an int or a numpy integer (the same player either way), never a
bool, a float or a str: those are refused with a WrongTypeError naming the seed."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import WrongTypeError
from riichi.game import play_game

PLAYERS = [RandomAgent, EfficiencyAgent, DefensiveAgent]


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
def test_a_numpy_seed_makes_the_same_player(player: type) -> None:
    with_numpy = play_game("tenhou", [player(np.int64(s)) for s in range(4)], seed=5)
    with_int = play_game("tenhou", [player(s) for s in range(4)], seed=5)
    assert with_numpy.final_scores == with_int.final_scores
    assert with_numpy.events == with_int.events


@pytest.mark.parametrize("player", PLAYERS, ids=lambda p: p.__name__)
@pytest.mark.parametrize("seed", [True, np.bool_(False), 1.0, "1"], ids=repr)
def test_a_seed_that_is_no_int_is_refused(player: type, seed: object) -> None:
    with pytest.raises(WrongTypeError, match=r"expected a seed \(an int\) or None, got "):
        player(seed)
