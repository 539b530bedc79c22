"""Liability (pao) for Big Three Dragons stacked with All Honours: how much the liable player
answers for (``RuleSet.pao_scope``) and who pays the counters of a ron from a third player
(``RuleSet.pao_honba``)."""

from __future__ import annotations

import pytest

from riichi.game import GameState, Ron, Tsumo
from riichi.rules import PaoHonba, PaoScope, RuleSet
from tests.support.game import hora, table, three_dragon_pons, throw, tsumogiri

# Seat 1 pons seat 0's three dragons (seat 0 is liable for the third) and waits on 2z with
# 1112z: Big Three Dragons and All Honours. Seats 2 and 3 hold no honour.
HANDS = ["147m258p369s1567z", "7p1s9s1112556677z", "258m369p147s3456m", "369m147p258s3467s"]
BETWEEN = "4z9m9m8p9m8p8p"  # the dealer's first draw, then the draws between the pons


def liable_dealer(rules: str, last: str, honba: int = 0) -> GameState:
    """Seat 1 pons 5z, 6z and 7z from seat 0; then the seats draw ``last`` in turn from seat 2."""
    state = table(HANDS, BETWEEN + last, rules=rules, honba=honba)
    three_dragon_pons(state)
    return state


@pytest.mark.parametrize(("rules", "deltas"), [
    # whole hand: the liable dealer pays the double yakuman alone
    ("tenhou", (-64_000, 64_000, 0, 0)),
    # the yakuman that made it liable only (a non-dealer's yakuman as a ron, 32,000); the other
    # yakuman is paid by everyone as a tsumo: 16,000 the dealer, 8,000 each other seat
    ("mahjongsoul", (-48_000, 64_000, -8_000, -8_000)),
])
def test_pao_scope(rules: str, deltas: tuple[int, ...]) -> None:
    ruleset = RuleSet.preset(rules)
    assert ruleset.yakuman_stacking
    scope = PaoScope.WHOLE_HAND if rules == "tenhou" else PaoScope.YAKUMAN_PART
    assert ruleset.pao_scope is scope
    state = liable_dealer(rules, "7s7s1p2z")
    tsumogiri(state, 3)
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"daisangen": 13, "tsuuiisou": 13} and win.pao == 0
    assert win.deltas == deltas


@pytest.mark.parametrize(("rules", "deltas"), [
    # seat 2's 2z, one counter: the discarder and the liable seat 0 share the hand; the counter's
    # 300 is the discarder's (ema: one yakuman, no stacking) or the liable player's (tenhou)
    ("ema", (-16_000, 32_300, -16_300, 0)),
    ("tenhou", (-32_300, 64_300, -32_000, 0)),
])
def test_pao_honba(rules: str, deltas: tuple[int, ...]) -> None:
    assert RuleSet.preset(rules).pao_honba is (
        PaoHonba.DISCARDER if rules == "ema" else PaoHonba.LIABLE)
    state = liable_dealer(rules, "2z", honba=1)
    throw(state)
    state.apply(Ron(1))
    (win,) = hora(state)
    assert win.pao == 0 and win.deltas == deltas
