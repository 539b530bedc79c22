"""Red fives (``RuleSet.red_fives``): the same 136-id is a red five worth a han, or a plain five."""

from __future__ import annotations

import pytest

from riichi.game import Ron
from riichi.rules import RuleSet
from tests.support.game import GO_AROUND, QUIET, hora, table, throw, tsumogiri

RED_FIVE_M = 16


@pytest.mark.parametrize(("rules", "yaku", "deltas"), [
    ("ema", {"haku": 1, "aka_dora": 1}, (-2_600, 2_600, 0, 0)),  # 2 han 40 fu
    ("ema-2016", {"haku": 1}, (-1_300, 1_300, 0, 0)),  # 1 han 40 fu
])
def test_red_fives_count_only_where_the_rules_have_them(
    rules: str, yaku: dict[str, int], deltas: tuple[int, ...]
) -> None:
    assert RuleSet.preset(rules).red_fives is (rules == "ema")
    state = table([QUIET[0], "034m345p456s5566z", QUIET[1], QUIET[2]], GO_AROUND + "5z",
                  rules=rules)
    assert RED_FIVE_M in state.players[1].hand
    tsumogiri(state, 4)
    throw(state)  # seat 0's 5z
    state.apply(Ron(1))
    (win,) = hora(state)
    assert dict(win.yaku) == yaku and win.deltas == deltas
