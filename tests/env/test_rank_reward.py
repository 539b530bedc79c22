"""The ``rank`` reward: +1 for first place down to -1 for last, evenly spaced; seats that tie
under rules that split ties (their uma shared, the same rank for each) share the rewards of the
places they tie for, so that a game's rank rewards always add up to 0, as its uma does."""

from __future__ import annotations

import pytest

from riichi.env.rewards import RANK, final_rewards
from riichi.game.flow import final_results
from riichi.rules import RuleSet


@pytest.mark.parametrize(("preset", "final", "expected"), [
    ("ema", [40_000, 30_000, 20_000, 10_000], [1.0, 1 / 3, -1 / 3, -1.0]),
    ("ema", [40_000, 30_000, 30_000, 0], [1.0, 0.0, 0.0, -1.0]),
    ("ema", [25_000] * 4, [0.0] * 4),
    ("mleague", [35_000, 35_000, 30_000, 0], [2 / 3, 2 / 3, -1 / 3, -1.0]),
    ("2p", [30_000, 30_000], [0.0, 0.0]),
    ("2p", [31_000, 29_000], [1.0, -1.0]),
    ("tenhou", [30_000, 30_000, 20_000, 20_000], [1.0, 1 / 3, -1 / 3, -1.0]),  # seat order
])
def test_tied_seats_share_the_places_they_tie_for(
        preset: str, final: list[int], expected: list[float]) -> None:
    rules = RuleSet.preset(preset)
    ranks, results = final_results(rules, final)
    rewards = final_rewards(RANK, rules, final, final, results, ranks)
    assert rewards == pytest.approx(expected)
    assert sum(rewards) == pytest.approx(0.0)
