"""Several seats winning on one tile (``RuleSet.multi_ron``): an added kan robbed by two, a triple
ron, the counters of a double ron (``RuleSet.multi_ron_honba``) and its riichi sticks
(``RuleSet.multi_ron_sticks``)."""

from __future__ import annotations

import pytest

from riichi.game import Kakan, Pass, Phase, Pon, Position, Riichi, Ron
from riichi.rules import MultiRon, MultiRonSticks, RuleSet
from tests.support.game import PINFU, QUIET, discard, first, hora, pass_claims, table, tsumogiri

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


TRIPLE = ["148m19p19s123457z", PINFU, "67m234p345p678s55s", "67m456p678p234s88p"]


@pytest.mark.parametrize(
    ("rules", "deltas", "reason"),
    [
        ("ema", (-6_900, 3_300, 2_300, 2_300), None),
        ("tenhou", (0, 0, 0, 0), "triple_ron"),
        ("cardavia", (-2_300, 3_300, 0, 0), None),
    ],
)
def test_triple_ron(rules: str, deltas: tuple[int, ...], reason: str | None) -> None:
    state = table(TRIPLE, "9m9m9m9m5z", rules=rules, honba=1, sticks=1)
    tsumogiri(state, 4)
    discard(state, 0, "8m")
    assert state.acting_seats == [1, 2, 3]
    for seat in (1, 2, 3):
        state.apply(Ron(seat))
    outcome = state.outcomes[0]
    assert outcome.deltas == deltas
    if reason:
        assert outcome.ending == "abort" and outcome.reason == reason
        assert state.position.honba == 2 and state.position.sticks == 1


def test_double_ron_in_tenhou_counters_to_the_nearest() -> None:
    assert RuleSet.preset("tenhou").multi_ron_honba is MultiRonSticks.NEAREST
    state = table(TRIPLE, "9m9m9m9m5z", rules="tenhou", honba=1, sticks=1)
    tsumogiri(state, 4)
    discard(state, 0, "8m")
    state.apply(Ron(1))
    state.apply(Ron(2))
    state.apply(Pass(3))
    assert [h.deltas for h in hora(state)] == [(-2_300, 3_300, 0, 0), (-2_000, 0, 2_000, 0)]
    assert state.position == Position(0, 1, 0, 0)


@pytest.mark.parametrize(
    ("rules", "deltas"),
    [("ema", (-16_000, 10_000, 9_000, 0)), ("tenhou", (-16_000, 11_000, 8_000, 0))],
)
def test_double_ron_riichi_sticks(rules: str, deltas: tuple[int, ...]) -> None:
    sticks = RuleSet.preset(rules).multi_ron_sticks
    assert sticks is (MultiRonSticks.ALL if rules == "ema" else MultiRonSticks.NEAREST)
    # seats 1 and 2 declare (double) riichi, one stick was already on the table
    hands = [TRIPLE[0], TRIPLE[1], TRIPLE[2], "369m147p369s1234z"]
    start = RuleSet.preset(rules).start_points
    scores = [start, start, start, start - 1_000]  # the stick on the table came from seat 3
    state = table(hands, "9m9m9m7z6z", rules=rules, sticks=1, scores=scores)
    tsumogiri(state)
    for seat in (1, 2):
        state.apply(Riichi(seat, state.drawn))  # type: ignore[arg-type]
        pass_claims(state)
    tsumogiri(state)
    discard(state, 0, "8m")
    state.apply(Ron(1))
    state.apply(Ron(2))
    assert state.outcomes[0].deltas == deltas
