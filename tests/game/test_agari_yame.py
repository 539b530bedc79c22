"""The last hand's dealer ending the game while first (``RuleSet.agari_yame`` on a win,
``RuleSet.tenpai_yame`` on an exhaustive draw tenpai), only at ``RuleSet.target_points``."""

from __future__ import annotations

import pytest

from riichi.game import Position, Ron
from riichi.rules import RuleSet
from tests.support.game import QUIET, WIN_HAND, play_out, table, throw, tsumogiri

SOUTH_4 = {"round_wind": 1, "kyoku": 3}  # the last hand of a hanchan: seat 3 deals
NOTEN = ("258m258p258s6677z", "369m369p369s2567z", "24578m247p247s67z")


@pytest.mark.parametrize(("rules", "scores", "over"), [
    # the dealer's ron of 2,000 from seat 0 leaves it first with 28,000, 30,000 or 26,000
    ("tenhou", [25_000, 25_000, 24_000, 26_000], False),  # first, below the target
    ("tenhou", [25_000, 25_000, 22_000, 28_000], True),  # first at the target
    ("tenhou", [31_000, 25_000, 20_000, 24_000], False),  # at the target, but not first
    ("mahjongsoul", [25_000, 25_000, 22_000, 28_000], True),
    ("ema", [30_000, 30_000, 27_000, 33_000], False),  # no agari-yame
])
def test_agari_yame_needs_the_dealer_first_at_the_target(
    rules: str, scores: list[int], over: bool
) -> None:
    ruleset = RuleSet.preset(rules)
    assert (ruleset.agari_yame, ruleset.target_points) == (
        (False, None) if rules == "ema" else (True, 30_000))
    state = table([QUIET[0], QUIET[1], QUIET[2], WIN_HAND], "9m5z", rules=rules, scores=scores,
                  **SOUTH_4)
    tsumogiri(state)  # the dealer
    throw(state)  # seat 0's 5z
    state.apply(Ron(3))
    assert state.outcomes[0].deltas == (-2_000, 0, 0, 2_000)
    assert state.is_over is over
    if not over:
        assert state.position == Position(1, 3, 1, 0)  # the dealer repeats


@pytest.mark.parametrize(("rules", "scores", "over"), [
    # the tenpai dealer is paid 3,000 by the three noten seats: 29,000 or 30,000, first
    ("tenhou", [26_000, 25_000, 23_000, 26_000], False),  # below the target
    ("tenhou", [26_000, 25_000, 22_000, 27_000], True),
    ("mahjongsoul", [26_000, 25_000, 22_000, 27_000], False),  # no tenpai-yame
])
def test_tenpai_yame_needs_the_dealer_first_at_the_target(
    rules: str, scores: list[int], over: bool
) -> None:
    assert RuleSet.preset(rules).tenpai_yame is (rules == "tenhou")
    state = table([*NOTEN, "123456789m111p5z"], rules=rules, scores=scores, **SOUTH_4)
    play_out(state)
    assert state.outcomes[0].deltas == (-1_000, -1_000, -1_000, 3_000)
    assert state.is_over is over
    if not over:
        assert state.position == Position(1, 3, 1, 0)
