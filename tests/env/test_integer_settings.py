"""The vector environment's numbers (the count of tables, a table's index, the seed) are ints or
numpy's integers, which environments hand out (the same tables either way); a bool, a float or a
str is refused with a WrongTypeError saying what was given and what was expected."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.errors import RiichiError, WrongTypeError

NO_INTS = [True, np.bool_(True), 2.0, "2"]


def test_numpy_integers_are_ints() -> None:
    by_numpy, by_int = VectorEnv(np.int64(2), seed=np.int64(4)), VectorEnv(2, seed=4)
    assert type(by_numpy.num_envs) is int and by_numpy.num_envs == 2
    obs, info = by_numpy.reset(seed=np.int64(9))
    expected, expected_info = by_int.reset(seed=9)
    assert np.array_equal(obs, expected)
    assert np.array_equal(info["action_mask"], expected_info["action_mask"])
    for table in (np.int64(1), np.uint8(1)):
        assert by_numpy.legal_actions(table) == by_int.legal_actions(1)
        assert by_numpy.observation(table).seat == by_int.observation(1).seat


@pytest.mark.parametrize("value", NO_INTS, ids=repr)
def test_a_count_of_tables_that_is_no_int_is_a_wrong_type(value: object) -> None:
    with pytest.raises(WrongTypeError, match=r"num_envs=.*: expected an int >= 1"):
        VectorEnv(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", NO_INTS, ids=repr)
def test_a_table_that_is_no_int_is_a_wrong_type(value: object) -> None:
    env = VectorEnv(2, seed=1)
    env.reset()
    with pytest.raises(WrongTypeError, match=r"table=.*: expected an int 0-1"):
        env.observation(value)  # type: ignore[arg-type]


def test_numbers_out_of_range_are_refused() -> None:
    with pytest.raises(RiichiError, match="num_envs=0: expected an int >= 1"):
        VectorEnv(np.int64(0))
    env = VectorEnv(2, seed=1)
    env.reset()
    with pytest.raises(RiichiError, match="table=2: expected an int 0-1"):
        env.state(np.int64(2))
