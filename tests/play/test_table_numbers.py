"""A human's table takes numpy's integers for its seed and the human's seat (the same table as
with ints, kept as ints) and refuses a bool or a float there with a WrongTypeError naming the
argument (seat=1.0 sat the human at seat 1.0, True at seat 1)."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.errors import PlayError, RiichiError, WrongTypeError
from riichi.play.human_game import HumanGame, make_opponents


def test_numpy_integers_make_the_table_of_ints() -> None:
    by_numpy = HumanGame("ema", np.int64(3), make_opponents(["random"], seed=np.int64(3)), np.int8(2))
    by_int = HumanGame("ema", 3, make_opponents(["random"], seed=3), 2)
    assert (type(by_numpy.seat), type(by_numpy.seed)) == (int, int)
    assert (by_numpy.seat, by_numpy.seed) == (2, 3)
    while by_int.ai_pending():  # the opponents play up to the human's first decision
        assert by_numpy.ai_step() == by_int.ai_step()
    assert by_numpy.human_actions() == by_int.human_actions() != []
    assert by_numpy.observation.hand == by_int.observation.hand


@pytest.mark.parametrize("value", [True, np.bool_(True), 1.0], ids=repr)
def test_a_seat_or_seed_that_is_no_int_is_refused(value: object) -> None:
    opponents = make_opponents(["random"], seed=1)
    with pytest.raises(WrongTypeError, match=f"seat={value!r}: expected a seat 0-3"):
        HumanGame("ema", 1, opponents, value)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=f"seed={value!r}: expected a whole number >= 0"):
        make_opponents(["random"], seed=value)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match=f"seed={value!r}: expected an int >= 0"):
        HumanGame("ema", value, opponents)  # type: ignore[arg-type]


def test_a_negative_seed_is_refused() -> None:
    with pytest.raises(PlayError, match="seed=-1: expected a whole number >= 0"):
        make_opponents(["random"], seed=-1)
