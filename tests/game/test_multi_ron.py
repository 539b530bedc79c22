"""Several seats winning on one tile (``RuleSet.multi_ron``), here on an added kan robbed by two."""

from __future__ import annotations

import pytest

from riichi.game import Kakan, Pass, Phase, Pon, Ron
from riichi.rules import MultiRon, RuleSet
from tests.support.game import QUIET, discard, first, hora, pass_claims, table, tsumogiri

# Seat 1 pons seat 0's 8m and adds its drawn fourth 8m to the pon; seats 2 (tanyao pinfu, on
# 5m/8m) and 3 (kanchan 79m) both complete their hands on it.
HANDS = ["148m258p369s1234z", "88m147p258s12345z", "234m345p456s67m22s", "79m234p345p678s99p"]


@pytest.mark.parametrize(("rules", "winners", "deltas"), [
    # chankan tanyao pinfu, 3 han 30 fu: 3,900; chankan, 1 han 40 fu: 1,300
    ("ema", (2, 3), (0, -5_200, 3_900, 1_300)),  # all
    ("tenhou", (2, 3), (0, -5_200, 3_900, 1_300)),  # double
    ("wrc", (2,), (0, -3_900, 3_900, 0)),  # head bump: the first seat after the kan's
])
def test_multi_ron_on_a_robbed_kan(rules: str, winners: tuple[int, ...],
                                   deltas: tuple[int, ...]) -> None:
    assert (RuleSet.preset(rules).multi_ron is MultiRon.HEAD_BUMP) is (len(winners) == 1)
    state = table(HANDS, "9p7z7z7z8m", rules=rules)
    discard(state, 0, "8m")
    for seat in [s for s in state.acting_seats if s != 1]:
        state.apply(Pass(seat))  # the ron (renhou, where it is a yaku) seats 2 and 3 decline
    state.apply(first(state, 1, Pon))
    discard(state, 1, "5z")
    pass_claims(state)
    tsumogiri(state, 3)
    state.apply(Kakan(1, 7))
    assert state.phase is Phase.CHANKAN and state.acting_seats == [2, 3]
    for seat in (2, 3):
        state.apply(Ron(seat))
    assert state.outcomes[0].winners == winners
    assert [w.actor for w in hora(state)] == list(winners)
    assert all("chankan" in dict(w.yaku) for w in hora(state))
    assert state.outcomes[0].deltas == deltas
