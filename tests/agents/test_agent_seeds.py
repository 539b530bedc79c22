"""A built-in player's seed is an int or a numpy integer (the same player either way), never a
bool, a float or a str: those are refused with a WrongTypeError naming the seed."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent, RandomAgent
from riichi.errors import PlayerSettingError, WrongTypeError
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
    ("fold_threshold", "2000", "an int 0 or more"),
    ("push_waits", None, "an int 0 to 136"),
    ("dora_weight", 1.5, "an int 0 to 51"),
    ("dama_points", "5200", "an int 0 or more or None"),
    ("calls", 1, "True or False"),
    ("riichi", "false", "True or False"),
    ("caution", "2", "a finite number 0 or more"),
    ("open_threat_weight", True, "a finite number 0 or more"),
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
    with pytest.raises(PlayerSettingError,
                       match=r"^caution=(inf|-inf|nan): expected a finite number 0 or more$"):
        DefensiveAgent(1, caution=value)


OUT_OF_RANGE = [
    ("fold_threshold", -5, "an int 0 or more"),
    ("push_value", -1, "an int 0 or more"),
    ("push_waits", -1, "an int 0 to 136"),
    ("push_waits", 137, "an int 0 to 136"),
    ("push_wall", -1, "an int 0 to 136"),
    ("threat_melds", 0, "an int 1 to 4"),
    ("threat_melds", 5, "an int 1 to 4"),
    ("threat_dora", -1, "an int 0 or more"),
    ("tanyao_slack", -1, "an int 0 to 14"),
    ("flush_slack", 15, "an int 0 to 14"),
    ("flush_tiles", -1, "an int 0 to 14 or None"),
    ("flush_tiles", 10**20, "an int 0 to 14 or None"),
    ("dama_points", -1, "an int 0 or more or None"),
    ("cheap_call_shanten", -1, "an int 0 to 8"),
    ("toitoi_shanten", 9, "an int 0 to 8"),
    ("dora_weight", -1, "an int 0 to 51"),
    ("dora_weight", 52, "an int 0 to 51"),
    ("caution", -1.0, "a finite number 0 or more"),
    ("open_threat_weight", -0.5, "a finite number 0 or more"),
]


@pytest.mark.parametrize("knob, value, expected", OUT_OF_RANGE)
def test_a_knob_out_of_its_range_is_refused_when_the_player_is_made(
    knob: str, value: object, expected: str
) -> None:
    # each was taken: most silently changed the play (fold_threshold=-5 pushed every hand), a
    # dora_weight of -1 or 300 failed at the first dora with a bare ValueError about a byte
    with pytest.raises(PlayerSettingError, match=f"^{knob}={value!r}: expected {expected}$"):
        DefensiveAgent(1, **{knob: value})


@pytest.mark.parametrize("knob, value", [
    ("fold_threshold", 0), ("push_waits", 136), ("push_wall", 0), ("threat_melds", 4),
    ("threat_melds", 1), ("tanyao_slack", 14), ("flush_tiles", 0), ("cheap_call_shanten", 0),
    ("toitoi_shanten", 8), ("dora_weight", 51), ("dora_weight", 0), ("caution", 0.0),
])
def test_the_ends_of_a_knobs_range_are_taken(knob: str, value: object) -> None:
    assert getattr(DefensiveAgent(1, **{knob: value}), knob) == value


def test_the_efficiency_player_checks_its_knobs_alike() -> None:
    with pytest.raises(PlayerSettingError, match=r"^dora_weight=-1: expected an int 0 to 51$"):
        EfficiencyAgent(dora_weight=-1)


def test_numpy_knobs_make_the_same_player() -> None:
    plain = play_game("tenhou", [DefensiveAgent(s, fold_threshold=2000, caution=1.5)
                                 for s in range(4)], seed=5)
    numpy = play_game("tenhou", [DefensiveAgent(s, fold_threshold=np.int64(2000),
                                                caution=np.float64(1.5)) for s in range(4)], seed=5)
    assert plain.events == numpy.events
