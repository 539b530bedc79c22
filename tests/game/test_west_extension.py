"""The West extension (``RuleSet.west_extension``): with nobody at ``RuleSet.target_points`` after
the last round, play goes on into the next round, ending as soon as someone reaches it, at the
latest after that round."""

from __future__ import annotations

import pytest

from riichi.game import Position
from riichi.rules import RuleSet
from tests.support.game import NOTEN, play_out, table

LOW = [26_000, 25_000, 25_000, 24_000]  # nobody at 30,000
REACHED = [31_000, 25_000, 20_000, 24_000]


@pytest.mark.parametrize(("rules", "position", "scores", "after"), [
    ("tenhou", (1, 3), LOW, Position(2, 0, 1, 0)),  # after South 4: into the West round
    ("mahjongsoul", (1, 3), LOW, Position(2, 0, 1, 0)),
    ("tenhou", (1, 3), REACHED, None),  # someone at the target: over
    ("ema", (1, 3), [31_000, 30_000, 29_000, 30_000], None),  # no extension, no target
    ("tenhou", (2, 0), LOW, Position(2, 1, 1, 0)),  # West 1: on while nobody reaches it
    ("tenhou", (2, 0), REACHED, None),  # ... and over as soon as someone does
    ("tenhou", (2, 3), LOW, None),  # over after West 4 at the latest
])
def test_west_extension_until_someone_reaches_the_target(
    rules: str, position: tuple[int, int], scores: list[int], after: Position | None
) -> None:
    ruleset = RuleSet.preset(rules)
    assert ruleset.west_extension is (rules != "ema")
    assert ruleset.target_points == (None if rules == "ema" else 30_000)
    round_wind, kyoku = position
    state = table(list(NOTEN), rules=rules, round_wind=round_wind, kyoku=kyoku, scores=scores)
    play_out(state)  # nobody tenpai: no payments, the deal passes
    assert state.outcomes[0].deltas == (0, 0, 0, 0)
    assert state.is_over is (after is None)
    if after is not None:
        assert state.position == after


def test_tenhou_goes_into_the_west_round_when_nobody_has_30000() -> None:
    scores = [26_000, 25_000, 25_000, 24_000]
    state = table(list(NOTEN), rules="tenhou", round_wind=1, kyoku=3, scores=scores)
    play_out(state)
    assert not state.is_over and state.position == Position(2, 0, 1, 0)
