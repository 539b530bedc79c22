"""The game's end: final results (``RuleSet.return_points``, ``RuleSet.oka``, ``RuleSet.uma``,
ties by ``RuleSet.uma_tie``) and the riichi sticks left on the table (``RuleSet.leftover_sticks``),
played to the end of the last hand on arranged walls."""

from __future__ import annotations

import pytest

from riichi.game import Riichi
from riichi.rules import LeftoverSticks, RuleSet, UmaTie
from tests.support.game import NOTEN, play_out, table, tsumogiri

TENPAI = "123456789p111s6z"  # seat 1's riichi hand: a 6z tanki
SOUTH_4 = {"round_wind": 1, "kyoku": 3}


@pytest.mark.parametrize(("rules", "scores", "results", "ranks"), [
    # seats 1 and 2 tie for second: split (uma and rank shared) or by seat order
    ("ema", [45_000, 30_000, 30_000, 15_000], (45_000, 0, 0, -45_000), (1, 2, 2, 4)),
    ("tenhou", [40_000, 25_000, 25_000, 10_000], (50_000, 5_000, -15_000, -40_000), (1, 2, 3, 4)),
    ("mahjongsoul", [40_000, 25_000, 25_000, 10_000], (30_000, 5_000, -5_000, -30_000),
     (1, 2, 3, 4)),
    ("mleague", [40_000, 25_000, 25_000, 10_000], (60_000, -5_000, -5_000, -50_000), (1, 2, 2, 4)),
    ("cardavia", [40_000, 25_000, 25_000, 10_000], (15_000, 0, 0, -15_000), (1, 2, 2, 4)),
])
def test_final_results_return_points_oka_uma_and_ties(
    rules: str, scores: list[int], results: tuple[int, ...], ranks: tuple[int, ...]
) -> None:
    ruleset = RuleSet.preset(rules)
    # results: points less return_points, plus the uma of the place, plus oka for first place
    assert (ruleset.return_points, ruleset.oka, ruleset.uma_tie) == {
        "ema": (30_000, 0, UmaTie.SPLIT), "tenhou": (30_000, 20_000, UmaTie.SEAT_ORDER),
        "mahjongsoul": (25_000, 0, UmaTie.SEAT_ORDER), "mleague": (30_000, 20_000, UmaTie.SPLIT),
        "cardavia": (25_000, 0, UmaTie.SPLIT)}[rules]
    # cardavia is a single_hand game: its first hand is the last
    position = {} if ruleset.single_hand else SOUTH_4
    state = table(list(NOTEN), rules=rules, scores=scores, **position)
    play_out(state)  # nobody tenpai: no payments
    assert state.is_over and state.final_scores == tuple(scores)
    assert state.results == results and sum(results) == 0
    assert state.ranks == ranks


@pytest.mark.parametrize(("rules", "final"), [
    ("ema", (38_000, 30_000, 35_000, 17_000)),  # first_place: seat 0
    ("wrc", (37_000, 30_000, 35_000, 17_000)),  # lost
    ("cardavia", (32_000, 26_000, 30_000, 12_000)),  # returned to seat 1, who put it down
])
def test_leftover_sticks_at_the_end_of_the_game(rules: str, final: tuple[int, ...]) -> None:
    ruleset = RuleSet.preset(rules)
    assert ruleset.leftover_sticks is {
        "ema": LeftoverSticks.FIRST_PLACE, "wrc": LeftoverSticks.LOST,
        "cardavia": LeftoverSticks.RETURNED}[rules]
    # the table's total: 5,000 less a seat where the game starts at 25,000
    below = 30_000 - ruleset.start_points
    scores = [38_000 - below, 28_000 - below, 36_000 - below, 18_000 - below]
    position = {} if ruleset.single_hand else SOUTH_4
    state = table([NOTEN[0], TENPAI, NOTEN[2], NOTEN[3]], rules=rules, scores=scores, **position)
    while state.turn != 1:
        tsumogiri(state)
    state.apply(Riichi(1, state.drawn))  # type: ignore[arg-type]
    play_out(state)  # seat 1 alone tenpai: 1,000 from each other seat
    assert state.is_over and state.position.sticks == 1
    assert state.final_scores == final


def test_ema_game_ends_after_south_4_sticks_to_first_and_uma() -> None:
    scores = [35_000, 30_000, 25_000, 28_000]
    state = table(list(NOTEN), round_wind=1, kyoku=3, sticks=2, scores=scores)  # South 4
    play_out(state)
    assert state.is_over
    assert state.final_scores == (37_000, 30_000, 25_000, 28_000)
    assert state.results == (37_000, 10_000, -35_000, -12_000)
    assert state.ranks == (1, 2, 4, 3)


def test_three_tied_first_places_share_the_sticks_and_the_uma() -> None:
    # one stick over three: 334 + 333 + 333 points; the odd point seat 0 takes broke the tie:
    # seat 0 alone was first (+30,000 uma), seats 1 and 2 shared second and third (0 each)
    state = table(list(NOTEN), round_wind=1, kyoku=3, sticks=1,
                  scores=[33_000, 33_000, 33_000, 20_000])  # South 4
    play_out(state)  # nobody tenpai: no payments
    assert state.is_over
    assert state.final_scores == (33_334, 33_333, 33_333, 20_000)
    assert state.ranks == (1, 1, 1, 4)
    # the uma of places 1-3 (30,000 + 10,000 - 10,000) shared, the odd point kept by seat 0
    assert state.results == (13_334, 13_333, 13_333, -40_000)
