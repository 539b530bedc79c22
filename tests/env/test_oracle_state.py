"""``oracle-v1`` reads the table the observation was lent from: another table given as
``state=`` is refused by name, where its hidden planes were those of another game."""

from __future__ import annotations

import pytest

from riichi.env import encode
from riichi.errors import RiichiError
from riichi.game import Game, Observation


@pytest.mark.parametrize("other", ["tenhou", "tenhou-3p"])
def test_the_oracle_refuses_the_state_of_another_table(other: str) -> None:
    # of another four-player game it encoded that game's hands and wall beside this one's
    # planes; of a three-player game it failed with a TypeError of Cython's
    state = Game("tenhou", seed=1).new_state()
    observation = Observation(state, 0)
    with pytest.raises(RiichiError, match=r"state=<.*GameState.*: expected the GameState the "
                                          r"observation was made from"):
        encode(observation, "oracle-v1", state=Game(other, seed=2).new_state())
    planes = encode(observation, "oracle-v1", state=state)
    assert planes[48].sum() * 4 == observation.wall_remaining  # its own table: its live wall
