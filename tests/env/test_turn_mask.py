"""The environments' mask of a caller's turn, marked from the turn's decision and the hand without
listing the turn's tuple (``fill_turn_row``), against ``fill_row`` over the tuple the table lists:
the same legal indices, and each index gives the very action the tuple's first action of that
index is. Every turn of self-play games of each preset family: four players with red fives
(tenhou) and without (ema-2016), three with kita (tenhou-3p), two (2p); the players call and
declare whatever they may half of the time, so riichi turns, turns after a chi or pon (kuikae),
kans and kitas are all met.
"""

from __future__ import annotations

import numpy as np
import pytest

from riichi.agents import EfficiencyAgent
from riichi.env.actions import (
    NUM_ACTIONS, action_index, fill_row, fill_turn_row, slot_of, turn_action,
)
from riichi.errors import RiichiError
from riichi.game import Game, Observation
from riichi.game.actions import Ankan, Chi, Discard, Kakan, Kita, NineTerminals, Pon, Riichi, Tsumo
from riichi.game.driver import Driver
from riichi.game.turn import listed

GAMES = {"tenhou": 8, "ema-2016": 8, "tenhou-3p": 8, "2p": 24}
BOLD = (Tsumo, Riichi, Ankan, Kakan, Kita, Chi, Pon, NineTerminals)


def rows() -> tuple[np.ndarray, np.ndarray]:
    return np.zeros((1, NUM_ACTIONS), np.uint8), np.zeros((1, NUM_ACTIONS), np.int16)


def check_turn(driver: Driver, red: bool, seen: set[str]) -> None:
    """The caller's turn waiting at ``driver``: its mask from the decision equals fill_row's."""
    turn = driver.decided
    assert turn is not None
    mask, index = rows()
    fill_turn_row(turn, red, mask, 0, index, 0)  # before the tuple is listed
    legal = driver.legal
    listed_mask, places = rows()
    fill_row(legal, turn.drawn, -1, red, listed_mask, 0, places, 0)
    assert mask.tolist() == listed_mask.tolist()
    for slot in np.flatnonzero(mask[0]):
        assert turn_action(turn, int(slot), int(index[0, slot])) is legal[places[0, slot]]
    seen.update(type(action).__name__ for action in legal)
    if turn.ban:
        seen.add("kuikae")
    if turn.player.riichi:
        seen.add("in riichi")


def bold_choice(legal: tuple, rng: np.random.Generator, driver: Driver | None = None) -> object:
    """A call or declaration when there is one, half of the time; else the efficiency player's
    choice for the seat deciding at ``driver`` (a hand played to win), or any action."""
    bold = [a for a in legal if isinstance(a, BOLD)]
    if bold and rng.random() < 0.5:
        return bold[int(rng.integers(len(bold)))]
    if driver is not None:
        return EfficiencyAgent(driver.seat).act(Observation(driver.state, driver.seat), legal)
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("preset", sorted(GAMES))
def test_the_turn_s_mask_is_fill_row_over_its_tuple(preset: str) -> None:
    seen: set[str] = set()
    for n in range(GAMES[preset]):
        game = Game(preset, seed=5, game_index=n)
        red = game.rules.red_fives
        rng = np.random.default_rng(n)
        driver = Driver(game.new_state(record_events=False), [None] * game.rules.players)
        seat = driver.advance()
        while seat >= 0:
            turn = driver.decided
            if turn is None:  # a claim: listed as before
                seat = driver.take(bold_choice(driver.legal, rng))
                continue
            check_turn(driver, red, seen)
            action = bold_choice(driver.legal, rng, driver)
            if n % 2:  # taken by its index, as the environments take it
                observation = Observation(driver.state, seat)
                mask, index = rows()
                fill_turn_row(turn, red, mask, 0, index, 0)
                slot = action_index(action, observation)
                seat = driver.take_decided(turn_action(turn, slot, int(index[0, slot])))
            else:
                seat = driver.take(action)
    expected = {"Discard", "Riichi", "Tsumo", "Ankan", "kuikae", "in riichi"}
    if preset == "tenhou-3p":
        expected.add("Kita")
    assert expected <= seen


def test_a_turn_taken_by_its_index_plays_the_game_the_tuple_plays() -> None:
    # The same choices, taken through the tuple and by the decision's index, make the same game,
    # event for event.
    def play(by_decision: bool) -> list[str]:
        driver = Driver(Game("tenhou", seed=9).new_state(), [None] * 4)
        rng = np.random.default_rng(3)
        seat = driver.advance()
        while seat >= 0:
            turn = driver.decided
            if turn is None:
                seat = driver.take(bold_choice(driver.legal, rng))
                continue
            action = bold_choice(listed(turn), rng)  # a tuple of its own: the driver's unlisted
            if by_decision:
                mask, index = rows()
                fill_turn_row(turn, True, mask, 0, index, 0)
                slot = slot_of(action, turn.drawn, -1, True)
                seat = driver.take_decided(turn_action(turn, slot, int(index[0, slot])))
            else:
                seat = driver.take(action)
        return [event.to_mjai() for event in driver.state.events]

    assert play(True) == play(False)


def test_take_decided_refuses_a_claim() -> None:
    driver = Driver(Game("tenhou", seed=1).new_state(record_events=False), [None] * 4)
    driver.advance()
    while driver.decided is not None:  # the first discard of each turn, until a claim waits
        seat = driver.take(next(a for a in driver.legal if isinstance(a, Discard)))
        assert seat >= 0
    with pytest.raises(RiichiError, match="claim"):
        driver.take_decided(driver.legal[0])
