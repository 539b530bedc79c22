"""Nine terminals (``AbortiveDraw.NINE_TERMINALS``): offered on a seat's first draw, where the
rules have it, only while the first go-around is uninterrupted."""

from __future__ import annotations

import pytest

from riichi.game import NineTerminals, Position
from riichi.rules import AbortiveDraw, RuleSet
from tests.support.game import QUIET, one_call_or_none, table

# Seat 2 holds nine different terminals and honours; seat 1 may pon seat 0's first discard, 1z.
HANDS = [QUIET[0], "258m369p147s1123z", "19m19p19s1234z258m", "369m147p258s2347z"]


@pytest.mark.parametrize("rules", ["tenhou", "mahjongsoul"])
@pytest.mark.parametrize("called", [False, True])
def test_nine_terminals_are_not_offered_after_a_call(rules: str, called: bool) -> None:
    assert AbortiveDraw.NINE_TERMINALS in RuleSet.preset(rules).abortive_draws
    state = table(HANDS, "7z6z" if called else "7z6z6z", rules=rules)
    one_call_or_none(state, 1, "2z", called)
    assert state.turn == 2 and not state.players[2].discards
    assert (NineTerminals(2) in state.legal_actions(2)) is not called


@pytest.mark.parametrize(("rules", "offered"), [("ema", False), ("tenhou", True)])
def test_nine_terminals(rules: str, offered: bool) -> None:
    state = table(["19m19p19s1234z258m", QUIET[0], QUIET[1], QUIET[2]], "7z", rules=rules)
    assert (NineTerminals(0) in state.legal_actions(0)) is offered
    if offered:
        state.apply(NineTerminals(0))
        assert state.outcomes[0].reason == "nine_terminals"
        assert state.position == Position(0, 0, 1, 0)
