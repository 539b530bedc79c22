"""A built-in player's seed is an int or a numpy integer (the same player either way), never a
bool, a float or a str: those are refused with a WrongTypeError naming the seed."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import RiichiError, WrongTypeError
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


@pytest.mark.parametrize("knob, value, expected", [
    ("fold_threshold", "2000", "an int"),
    ("push_waits", None, "an int"),
    ("dora_weight", 1.5, "an int"),
    ("dama_points", "5200", "an int or None"),
    ("calls", 1, "True or False"),
    ("riichi", "false", "True or False"),
    ("caution", "2", "a number"),
    ("open_threat_weight", True, "a number"),
])
def test_a_knob_of_the_wrong_type_is_refused_when_the_player_is_made(
    knob: str, value: object, expected: str
) -> None:
    # each of these was taken, and failed with a bare TypeError at the first decision it weighed
    with pytest.raises(WrongTypeError, match=f"^{knob}={value!r}: expected {expected}$"):
        DefensiveAgent(1, **{knob: value})


@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan"), 1e400])
def test_a_weight_that_is_no_finite_number_is_refused_when_the_player_is_made(value: float) -> None:
    # an infinite caution scaled every danger estimate to inf (or nan), and the fold decisions
    # became arbitrary
    with pytest.raises(RiichiError, match=r"^caution=(inf|-inf|nan): expected a finite number$"):
        DefensiveAgent(1, caution=value)


def test_numpy_knobs_make_the_same_player() -> None:
    plain = play_game("tenhou", [DefensiveAgent(s, fold_threshold=2000, caution=1.5)
                                 for s in range(4)], seed=5)
    numpy = play_game("tenhou", [DefensiveAgent(s, fold_threshold=np.int64(2000),
                                                caution=np.float64(1.5)) for s in range(4)], seed=5)
    assert plain.events == numpy.events
