"""Robbing a kan (chankan): an added kan may be robbed, and a concealed kan only by thirteen
orphans where ``RuleSet.kokushi_chankan_ankan`` allows it."""

from __future__ import annotations

import pytest

from riichi.game import Ankan, Kakan, Pass, Phase, Pon, Ron
from riichi.game import events as ev
from riichi.rules import RuleSet
from tests.support.game import PINFU, QUIET, discard, first, hora, pass_claims, table, tsumogiri


@pytest.mark.parametrize("rules", ["ema", "cardavia"])  # cardavia's page: added kans may be robbed
def test_chankan_robs_an_added_kan(rules: str) -> None:
    hands = ["148m258p369s1234z", "88m147p258s12345z", PINFU, QUIET[2]]
    state = table(hands, "9p7z7z7z8m", rules=rules)
    discard(state, 0, "8m")
    state.apply(Pass(2))  # a ron (renhou) seat 2 declines
    state.apply(first(state, 1, Pon))
    discard(state, 1, "5z")
    pass_claims(state)
    tsumogiri(state, 3)
    assert Kakan(1, 7) in state.legal_actions(1)
    state.apply(Kakan(1, 7))
    assert state.phase is Phase.CHANKAN and state.legal_actions(2) == [Ron(2), Pass(2)]
    state.apply(Ron(2))
    (win,) = hora(state)
    assert dict(win.yaku) == {"chankan": 1, "tanyao": 1, "pinfu": 1}
    assert win.deltas == (0, -3_900, 3_900, 0)
    assert not any(isinstance(e, ev.Dora) for e in state.events)


@pytest.mark.parametrize(("rules", "robbed"), [("ema", True), ("tenhou", False), ("cardavia", False)])
def test_thirteen_orphans_robs_a_concealed_kan(rules: str, robbed: bool) -> None:
    assert RuleSet.preset(rules).kokushi_chankan_ankan is robbed
    hands = ["258m147p369s1234z", "111m345p456s5566z", "99m19p19s1234567z", QUIET[2]]
    state = table(hands, "9p1m", rules=rules)
    tsumogiri(state)
    state.apply(Ankan(1, 0))
    if robbed:
        assert state.phase is Phase.CHANKAN and state.legal_actions(2) == [Ron(2), Pass(2)]
        state.apply(Ron(2))
        assert "kokushi" in dict(hora(state)[0].yaku)
    else:
        assert state.phase is Phase.TURN and state.turn == 1
