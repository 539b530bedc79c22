"""The game between hands: rotation, counters, the end of the game, uma and ties."""

from __future__ import annotations

import re
from dataclasses import replace

import numpy as np
import pytest

from riichi.errors import RiichiError, UnsupportedRuleError, WrongTypeError
from riichi.game import Game, play_game
from riichi.game.flow import (
    Position, dealer_of, dealer_seat, final_results, game_over, next_position, seat_winds,
    share_sticks,
)
from riichi.rules import PRESET_NAMES, Nagashi, RuleSet

EMA = RuleSet.preset("ema")
TENHOU = RuleSet.preset("tenhou")
CARDAVIA = RuleSet.preset("cardavia")


def test_rotation_and_counters() -> None:
    pos = Position(0, 3, 2, 1)
    assert next_position(pos, dealer_stays=True, add_counter=True, sticks=1) == Position(0, 3, 3, 1)
    assert next_position(pos, False, add_counter=False, sticks=0) == Position(1, 0, 0, 0)
    assert next_position(pos, False, add_counter=True, sticks=2) == Position(1, 0, 3, 2)


def test_ema_ends_after_south_4_without_agari_yame() -> None:
    scores = [40_000, 30_000, 30_000, 20_000]
    assert not game_over(EMA, Position(1, 2), scores, dealer_stays=False, how="win")
    assert game_over(EMA, Position(1, 3), scores, dealer_stays=False, how="win")
    assert not game_over(EMA, Position(1, 3), [20_000, 30_000, 30_000, 40_000], True, "win")
    assert not game_over(EMA, Position(1, 3), scores, dealer_stays=True, how="draw")
    assert not game_over(EMA, Position(0, 1), [-5_000, 50_000, 40_000, 35_000], False, "win")


def test_cardavia_is_one_hand() -> None:
    assert game_over(CARDAVIA, Position(0, 0), [25_000] * 4, dealer_stays=True, how="draw")


def test_tenhou_bust_agari_yame_and_west_extension() -> None:
    assert game_over(TENHOU, Position(0, 1), [-100, 40_000, 35_000, 25_100], False, "win")
    assert not game_over(TENHOU, Position(0, 1), [0, 40_000, 35_000, 25_000], False, "win")
    # South 4, the dealer (seat 3) wins while first with 30,000 or more: agari-yame
    leading = [20_000, 20_000, 25_000, 35_000]
    assert game_over(TENHOU, Position(1, 3), leading, dealer_stays=True, how="win")
    assert game_over(TENHOU, Position(1, 3), leading, dealer_stays=True, how="draw")
    assert not game_over(TENHOU, Position(1, 3), leading, dealer_stays=True, how="abort")
    assert not game_over(TENHOU, Position(1, 3), [35_000, 20_000, 20_000, 25_000], True, "win")
    # Mahjong Soul: agari-yame but no tenpai-yame
    soul = RuleSet.preset("mahjongsoul")
    assert game_over(soul, Position(1, 3), leading, dealer_stays=True, how="win")
    assert not game_over(soul, Position(1, 3), leading, dealer_stays=True, how="draw")
    # nobody at 30,000 after South 4: West round, sudden death
    low = [26_000, 25_000, 25_000, 24_000]
    assert not game_over(TENHOU, Position(1, 3), low, dealer_stays=False, how="draw")
    assert not game_over(TENHOU, Position(2, 0), low, dealer_stays=False, how="draw")
    assert game_over(TENHOU, Position(2, 0), [31_000, 25_000, 20_000, 24_000], False, "draw")
    assert game_over(TENHOU, Position(2, 3), low, dealer_stays=False, how="draw")


def test_ema_uma_and_ties_split() -> None:
    ranks, results = final_results(EMA, [45_000, 30_000, 30_000, 15_000])
    assert ranks == [1, 2, 2, 4]
    assert results == [45_000, 0, 0, -45_000]
    ranks, results = final_results(EMA, [30_000] * 4)
    assert ranks == [1, 1, 1, 1] and results == [0, 0, 0, 0]


def test_oka_and_ties_by_seat_order() -> None:
    ranks, results = final_results(TENHOU, [35_000, 25_000, 25_000, 15_000])
    assert ranks == [1, 2, 3, 4]
    assert results == [35_000 - 30_000 + 20_000 + 20_000, 5_000, -15_000, -35_000]
    assert sum(results) == 0


@pytest.mark.parametrize(
    ("rules", "scores", "owners", "expected"),
    [
        (EMA, [30_000, 32_000, 32_000, 20_000], [0, 3], [0, 1_000, 1_000, 0]),
        (TENHOU, [30_000, 32_000, 32_000, 20_000], [0, 3], [0, 2_000, 0, 0]),
        (CARDAVIA, [24_000, 26_000, 25_000, 25_000], [0, 3], [1_000, 0, 0, 1_000]),
    ],
)
def test_leftover_sticks(
    rules: RuleSet, scores: list[int], owners: list[int], expected: list[int]
) -> None:
    assert share_sticks(rules, scores, 2, owners) == expected


@pytest.mark.parametrize(("field", "value"), [("nagashi", Nagashi.WIN)])
def test_rules_the_engine_does_not_play_are_refused(field: str, value: object) -> None:
    rules = replace(RuleSet.preset("ema"), **{field: value})
    with pytest.raises(UnsupportedRuleError, match=f"does not play {field}="):
        Game(rules)


def test_play_game_without_a_seed_plays_new_games_each_reproducible_from_its_seed() -> None:
    from riichi.agents import EfficiencyAgent

    def players() -> list[EfficiencyAgent]:
        return [EfficiencyAgent() for _ in range(4)]  # no tie-break seed: the walls alone differ

    games = [play_game("tenhou", players()) for _ in range(3)]
    assert len({g.seed for g in games}) == 3
    assert len({g.events for g in games}) == 3
    for game in games:
        again = play_game("tenhou", players(), game.seed, game.game_index)
        assert again.events == game.events and again.final_scores == game.final_scores
    assert play_game("tenhou", players(), 5).events == play_game("tenhou", players(), 5).events


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"round_wind": 1.0}, WrongTypeError, "Position.round_wind=1.0: expected an int >= 0"),
        ({"kyoku": True}, WrongTypeError, "Position.kyoku=True: expected an int >= 0"),
        ({"honba": "2"}, WrongTypeError, "Position.honba='2': expected an int >= 0"),
        ({"sticks": -1}, RiichiError, "Position.sticks=-1: expected an int >= 0"),
    ],
)
def test_a_position_refuses_a_field_that_is_no_count_when_it_is_made(
        fields: dict[str, object], error: type[Exception], message: str) -> None:
    # as the actions check their fields: Position(round_wind=1.0) was made, shown and compared
    # equal to Position(1) until a game refused it
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        Position(**fields)  # type: ignore[arg-type]
    assert Position(np.int64(1), 2, 3, 4) == Position(1, 2, 3, 4)
    assert type(Position(np.int64(1)).round_wind) is int


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_dealer_is_the_seat_of_the_lowest_wind(preset: str) -> None:
    rules = RuleSet.preset(preset)
    for kyoku in range(rules.winds):
        winds = seat_winds(rules, kyoku)
        lowest = min(range(rules.players), key=lambda seat: winds[seat])
        assert dealer_of(winds) == dealer_seat(rules, kyoku) == lowest
