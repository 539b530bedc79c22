"""The concealed kan (ankan): it keeps the hand closed, a riichi hand may declare it only where
``RuleSet.riichi_kan_policy`` allows (never changing the wait, nor under some rules the hand's
reading, nor of a plain triplet), and its dora indicator is turned at once whatever
``RuleSet.kan_dora_timing`` says of open kans."""

from __future__ import annotations

import pytest

from riichi.game import Ankan, Daiminkan, Riichi, Tsumo
from riichi.rules import RiichiKanPolicy, RuleSet
from riichi.tiles import parse_tile
from tests.support.game import QUIET, discard, hora, pass_claims, riichi, table, tsumogiri

KAN_HAND = "111m345p456s5566z"  # seat 1: a kan of 1m leaves a shanpon wait on 5z/6z


@pytest.mark.parametrize("concealed", [True, False])
def test_a_concealed_kan_keeps_the_hand_closed_for_riichi(concealed: bool) -> None:
    # seat 1 kans its 1m, concealed on its own draw or open on seat 0's discard, and draws 9s
    # from the dead wall: riichi on the 9s only with the hand still closed
    hands = ["247m258p369s1234z" if concealed else QUIET[0], KAN_HAND, QUIET[1], QUIET[2]]
    state = table(hands, "9p1m" if concealed else "9p", replacements="9s")
    if concealed:
        tsumogiri(state)
        state.apply(Ankan(1, 0))
    else:
        discard(state, 0, "1m")
        state.apply(Daiminkan(1))
    assert state.turn == 1 and state.drawn is not None and state.drawn >> 2 == parse_tile("9s")
    assert state.players[1].is_closed is concealed
    assert (Riichi(1, state.drawn) in state.legal_actions(1)) is concealed


# Seat 1 declares riichi on 3334m456p789p555s, waiting on 2m, 4m and 5m, then draws a fourth 3m
# (a kan would leave only the 4m: the wait changes) or the red 5s (the wait stays).
RIICHI_HANDS = [QUIET[0], "3334m456p789p555s", QUIET[1], QUIET[0]]


@pytest.mark.parametrize(("rules", "fourth", "allowed"), [
    ("tenhou", "3m", False), ("tenhou", "0s", True),  # wait_only
    ("ema", "3m", False), ("ema", "0s", True),  # wait_and_reading
    ("cardavia", "0s", False),  # none
])
def test_a_riichi_kan_may_not_change_the_wait(rules: str, fourth: str, allowed: bool) -> None:
    policy = RuleSet.preset(rules).riichi_kan_policy
    assert policy is {"tenhou": RiichiKanPolicy.WAIT_ONLY, "ema": RiichiKanPolicy.WAIT_AND_READING,
                      "cardavia": RiichiKanPolicy.NONE}[rules]
    state = table(RIICHI_HANDS, "9m9p1s2s7s" + fourth, rules=rules)
    tsumogiri(state)
    riichi(state, 1, "9p")
    pass_claims(state)
    tsumogiri(state, 3)
    assert state.turn == 1 and state.drawn is not None and state.drawn >> 2 == parse_tile(fourth)
    assert (Ankan(1, parse_tile(fourth)) in state.legal_actions(1)) is allowed


@pytest.mark.parametrize("rules", ["ema", "tenhou"])
def test_a_concealed_kans_dora_is_turned_before_its_replacement_draw(rules: str) -> None:
    # kan_dora_timing: immediate (ema) or open_after_discard (tenhou): either way a concealed
    # kan's indicator, 4p, is turned at once, and the win on the replacement 5z counts its dora
    timing = RuleSet.preset(rules).kan_dora_timing
    hands = ["247m258p369s1234z", KAN_HAND, QUIET[1], QUIET[2]]
    state = table(hands, "9p1m", rules=rules, dora="8s4p", replacements="5z")
    tsumogiri(state)
    state.apply(Ankan(1, 0))
    assert [e.type for e in state.events[-3:]] == ["ankan", "dora", "tsumo"], timing
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"menzen_tsumo": 1, "rinshan": 1, "haku": 1, "dora": 1}


@pytest.mark.parametrize(
    ("rules", "allowed"), [("ema", False), ("tenhou", True), ("cardavia", False)]
)
def test_riichi_concealed_kan_that_changes_the_reading(rules: str, allowed: bool) -> None:
    hands = [QUIET[0], "333444055m67p11s", QUIET[1], "789m147p258s1234z"]
    state = table(hands, "9m9p1s2s7s3m", rules=rules)
    tsumogiri(state)
    riichi(state, 1, "9p")
    pass_claims(state)
    tsumogiri(state, 3)
    assert (Ankan(1, 2) in state.legal_actions(1)) is allowed


@pytest.mark.parametrize(
    ("rules", "allowed"), [("ema", True), ("tenhou", True), ("cardavia", False)]
)
def test_riichi_concealed_kan_of_a_plain_triplet(rules: str, allowed: bool) -> None:
    hands = ["258m147p369s1234z", "111m456p789p23s55s", QUIET[1], QUIET[2]]
    state = table(hands, "9m9p2z3z9s1m", rules=rules)
    tsumogiri(state)
    riichi(state, 1, "9p")
    pass_claims(state)
    tsumogiri(state, 3)
    assert (Ankan(1, 0) in state.legal_actions(1)) is allowed
