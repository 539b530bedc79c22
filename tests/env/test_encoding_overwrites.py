"""An encoding writes every value of its planes: written over NaN, or over the planes of the
decision before, it is what it is written over zeros (the encodings clear only the planes they
write a few columns at a time; a buffer of decisions, like ``encode_record``'s, is not zeroed).
At every decision of games of four, three and two players, for every encoding. An array too small
for the encoding is refused before anything is written.
"""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import PLANES
from riichi.env.encoders import encoding_code, write
from riichi.errors import OutputArrayError
from riichi.game import Game, Observation
from riichi.game.driver import Driver
from riichi.game.game import start_game


@pytest.mark.parametrize("encoding", list(PLANES))
@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p", "2p"])
def test_every_value_of_the_planes_is_written(preset: str, encoding: str) -> None:
    code = encoding_code(encoding)
    shape = (len(PLANES[encoding]), 34)
    rng = np.random.default_rng(5)
    game = Game(preset, 7, 0)
    players = game.rules.players
    driver = Driver(start_game(game, [None] * players), [None] * players)
    before = np.full(shape, np.nan, np.float32)  # then the decision before's planes
    decisions = 0
    seat = driver.advance()
    while seat >= 0:
        observation = driver.observe()
        zeros = np.zeros(shape, np.float32)
        over_nan = np.full(shape, np.nan, np.float32)
        for out in (zeros, over_nan, before):
            write(code, observation, driver.state, out)
        assert np.array_equal(over_nan, zeros), decisions
        assert np.array_equal(before, zeros), decisions
        decisions += 1
        legal = driver.legal
        seat = driver.take(legal[int(rng.integers(len(legal)))])
    assert decisions > 300


@pytest.mark.parametrize("encoding", list(PLANES))
@pytest.mark.parametrize("shape", [(-1, 34), (0, 33), (0, 35)])
def test_an_array_of_the_wrong_shape_is_refused_untouched(
        encoding: str, shape: tuple[int, int]) -> None:
    state = Game("tenhou", 3).new_state()
    observation = Observation(state, 0)
    out = np.full((len(PLANES[encoding]) + shape[0], shape[1]), 7.0, np.float32)
    with pytest.raises(OutputArrayError, match=r"rows or more of 34 columns"):
        write(encoding_code(encoding), observation, state, out)
    assert (out == 7.0).all()
