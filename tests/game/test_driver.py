"""The table's loop, :class:`riichi.game.driver.Driver`: the seats the caller keeps are answered
through ``take``, the others by their agents inside ``advance``; the caller's answers given by the
agents ``play_game`` would have asked play ``play_game``'s game; the caller's observation is one
object lent again at each of its decisions and expired in between; and a step out of order is
refused with a clear error."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.agents import EfficiencyAgent, RandomAgent
from riichi.errors import ExpiredObservationError, RiichiError, WrongTypeError
from riichi.game import Game, play_game
from riichi.game.driver import Driver


def line_up(game: int) -> list[RandomAgent | EfficiencyAgent]:
    return [RandomAgent(4 * game), EfficiencyAgent(4 * game + 1), RandomAgent(4 * game + 2),
            EfficiencyAgent(4 * game + 3)]


@pytest.mark.parametrize(("preset", "kept"), [
    ("tenhou", (0,)), ("ema", (0, 1, 2, 3)), ("mleague", (1, 3)), ("cardavia", (2,)),
])
def test_the_callers_seats_answered_by_play_games_agents_play_its_game(
        preset: str, kept: tuple[int, ...]) -> None:
    for game in range(3):
        expected = play_game(preset, line_up(game), seed=9, game_index=game)
        agents = line_up(game)
        driver = Driver(Game(preset, 9, game).new_state(),
                        [None if s in kept else agents[s] for s in range(4)])
        seat = driver.advance()
        asked = 0
        while seat >= 0:
            assert seat in kept and driver.legal == driver.state.legal(seat)
            action = agents[seat].act(driver.observe(), driver.legal)
            seat = driver.take(action)
            asked += 1
        assert asked > 5 * len(kept)
        assert driver.seat == -1 and driver.legal == ()
        assert [e.to_mjai() for e in driver.state.events] == [e.to_mjai() for e in expected.events]
        assert driver.state.final_scores == expected.final_scores


def test_the_callers_observation_is_lent_again_and_expires_between_its_decisions() -> None:
    driver = Driver(Game("tenhou", seed=3).new_state(), [None, RandomAgent(1), RandomAgent(2),
                                                          RandomAgent(3)])
    assert driver.advance() == 0
    observation = driver.observe()
    first_hand = observation.hand
    assert len(first_hand) == 14 and driver.observe() is observation
    driver.take(driver.legal[0])
    with pytest.raises(ExpiredObservationError):
        observation.hand  # noqa: B018 - the read is the test
    assert driver.observe() is observation  # lent again, for the decision now
    assert observation.seat == 0 and observation.hand != first_hand


def test_steps_out_of_order_are_refused() -> None:
    state = Game("tenhou", seed=1).new_state()
    with pytest.raises(RiichiError, match="expected 4 agents or None, got 3"):
        Driver(state, [None, None, None])
    driver = Driver(state, [None] * 4)
    with pytest.raises(RiichiError, match="call advance\\(\\) first"):
        driver.take(state.legal(0)[0])
    with pytest.raises(RiichiError, match="there is nothing to observe"):
        driver.observe()
    ended = Driver(Game("tenhou", seed=1).new_state(), line_up(0))
    assert ended.advance() == -1  # every seat an agent: one advance plays the whole game
    assert ended.state.final_scores is not None
    with pytest.raises(RiichiError, match="take no action once the game is over"):
        ended.take(state.legal(0)[0])


def test_an_answer_taken_by_its_place_in_legal_plays_the_game_take_plays() -> None:
    agents = line_up(1)
    by_action = Driver(Game("tenhou", 5).new_state(), [None] * 4)
    by_place = Driver(Game("tenhou", 5).new_state(), [None] * 4)
    seat = by_action.advance()
    assert by_place.advance() == seat
    claims = 0
    while seat >= 0:
        legal = by_action.legal
        assert by_place.legal == legal
        place = legal.index(agents[seat].act(by_action.observe(), legal))
        claims += by_action.decided is None
        seat = by_action.take(legal[place])
        assert by_place.take_listed(place) == seat
    assert claims > 10
    assert [e.to_mjai() for e in by_place.state.events] == \
        [e.to_mjai() for e in by_action.state.events]


@pytest.mark.parametrize("place", [-1, 99])
def test_a_place_outside_legal_is_refused_and_changes_nothing(place: int) -> None:
    driver = Driver(Game("tenhou", seed=1).new_state(), [None] * 4)
    with pytest.raises(RiichiError, match="call advance\\(\\) first"):
        driver.take_listed(0)
    seat = driver.advance()
    legal = driver.legal
    before = driver.state.snapshot()
    with pytest.raises(RiichiError, match=f"expected the place of an action in legal, 0 to "
                                          f"{len(legal) - 1}, got {place}"):
        driver.take_listed(place)
    assert driver.state.snapshot() == before and driver.seat == seat and driver.legal == legal


@pytest.mark.parametrize("place", ["0", 0.0, True, None])
def test_a_place_not_an_integer_is_refused_and_changes_nothing(place: object) -> None:
    driver = Driver(Game("tenhou", seed=1).new_state(), [None] * 4)
    seat = driver.advance()
    before = driver.state.snapshot()
    with pytest.raises(WrongTypeError, match="expected an int, the place of an action in legal"):
        driver.take_listed(place)  # type: ignore[arg-type]
    assert driver.state.snapshot() == before and driver.seat == seat


def test_a_place_may_be_a_numpy_integer() -> None:
    by_int = Driver(Game("tenhou", seed=1).new_state(), [None] * 4)
    by_numpy = Driver(Game("tenhou", seed=1).new_state(), [None] * 4)
    by_int.advance()
    by_numpy.advance()
    assert by_numpy.take_listed(np.int64(0)) == by_int.take_listed(0)
    assert by_numpy.state.snapshot() == by_int.state.snapshot()
