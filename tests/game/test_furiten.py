"""Furiten: a seat's own discard of a wait blocks ron on every wait but not tsumo, a passed win is
temporary furiten until what ``RuleSet.temp_furiten_clear`` names, and riichi furiten lasts the hand."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Chi, Daiminkan, Pass, Phase, Pon, Ron, Tsumo
from riichi.rules import RuleSet, TempFuritenClear
from tests.support.game import (
    GO_AROUND, PINFU, QUIET, WIN_HAND, discard, first, hora, pass_claims, riichi, table, throw,
    tsumogiri,
)


@pytest.mark.parametrize(("second", "furiten"), [("8m", True), ("9p", False)])
def test_own_discard_furiten_blocks_ron_on_every_wait_but_not_tsumo(
    second: str, furiten: bool
) -> None:
    # seat 1 throws its second draw: 8m (a wait: furiten on 5m too) or 9p (no wait: no furiten)
    state = table([QUIET[0], PINFU, QUIET[1], QUIET[2]], f"1s{second}5m3s7s5m")
    tsumogiri(state)
    assert (Tsumo(1) in state.legal_actions(1)) is furiten  # 8m completes the hand
    tsumogiri(state)
    throw(state)  # seat 2 discards 5m
    assert (Ron(1) in state.legal_actions(1)) is not furiten
    pass_claims(state)
    tsumogiri(state, 2)
    assert Tsumo(1) in state.legal_actions(1)


def test_passing_a_win_is_temporary_furiten_until_the_own_draw() -> None:
    state = table([QUIET[0], QUIET[1], PINFU, QUIET[2]], "5m8m1s8m")
    throw(state)  # seat 0 discards 5m
    assert Ron(2) in state.legal_actions(2)
    state.apply(Pass(2))
    assert state.players[2].temp_furiten
    throw(state)  # seat 1 discards 8m: seat 2 may chi but not ron
    assert Ron(2) not in state.legal_actions(2) and any(
        isinstance(a, Chi) for a in state.legal_actions(2)
    )
    state.apply(Pass(2))
    assert not state.players[2].temp_furiten  # cleared by its draw
    tsumogiri(state)
    throw(state)  # seat 3 discards 8m
    assert Ron(2) in state.legal_actions(2)
    state.apply(Ron(2))
    assert hora(state)[0].deltas == (0, 0, 2_000, -2_000)


@pytest.mark.parametrize(
    ("rules", "cleared"),
    [("ema", True), ("ema-2016", False), ("wrc", False), ("tenhou", False),
     ("mahjongsoul", False), ("mleague", False), ("cardavia", False)],
)
def test_temporary_furiten_and_others_calls(rules: str, cleared: bool) -> None:
    clear = RuleSet.preset(rules).temp_furiten_clear
    assert (clear is TempFuritenClear.OWN_DRAW_OR_ANY_CALL) is cleared
    # seat 2 passes 5m; seat 3 pons seat 1's 7z and discards 8m before seat 2 draws again:
    # only under EMA 2012 does anyone's call end the furiten
    hands = [QUIET[0], QUIET[1], PINFU, "368m147p258s1277z"]
    state = table(hands, "5m7z", rules=rules)
    throw(state)
    state.apply(Pass(2))
    throw(state)
    state.apply(first(state, 3, Pon))
    discard(state, 3, "8m")
    assert (Ron(2) in state.legal_actions(2)) is cleared


@pytest.mark.parametrize(
    ("rules", "ended"),
    [("ema", True), ("ema-2016", True), ("wrc", True), ("tenhou", True), ("mahjongsoul", True),
     ("mleague", True), ("cardavia", False)],
)
def test_temporary_furiten_ends_with_the_own_claim(rules: str, ended: bool) -> None:
    # seat 2 (haku, waits 5m/8m) passes seat 0's 5m, then calls a kan on seat 1's 9p and throws
    # the replacement tile: its own claim (EMA 2016, WRC), any call (EMA 2012) or its own discard
    # (Tenhou) has ended the furiten by seat 3's 8m; on the cardavia page only its next draw
    # from the wall does (a replacement tile is none)
    clear = RuleSet.preset(rules).temp_furiten_clear
    assert (clear is not TempFuritenClear.OWN_DRAW) is ended
    hands = [QUIET[0], QUIET[1], "234m555z999p22s67m", QUIET[2]]
    state = table(hands, "5m1s8m", rules=rules, replacements="1p")
    throw(state)  # seat 0 throws 5m
    state.apply(Pass(2))
    assert state.players[2].temp_furiten
    discard(state, 1, "9p")
    state.apply(Daiminkan(2))
    assert state.turn == 2 and state.rinshan  # a replacement draw is no draw from the wall
    throw(state)
    pass_claims(state)
    throw(state)  # seat 3 throws 8m
    assert (Ron(2) in state.legal_actions(2)) is ended
    if ended:
        state.apply(Ron(2))
        assert "haku" in dict(hora(state)[0].yaku)
    else:
        assert state.players[2].temp_furiten


@pytest.mark.parametrize(
    ("rules", "by_the_draw"),
    [("ema", True), ("ema-2016", True), ("wrc", True), ("tenhou", False),
     ("mahjongsoul", False), ("mleague", False), ("cardavia", True)],
)
def test_temporary_furiten_ends_at_the_own_draw_or_discard(rules: str, by_the_draw: bool) -> None:
    assert (RuleSet.preset(rules).temp_furiten_clear is not TempFuritenClear.OWN_DISCARD) \
        is by_the_draw
    state = table([QUIET[0], QUIET[1], PINFU, QUIET[2]], "5m1s1s", rules=rules)
    throw(state)  # seat 0 throws 5m: seat 2 passes its win
    state.apply(Pass(2))
    tsumogiri(state)
    assert state.turn == 2 and state.players[2].temp_furiten is not by_the_draw
    throw(state)
    assert not state.players[2].temp_furiten


@pytest.mark.parametrize(("thrown", "passed"), [("5z", True), ("1p", False)])
def test_riichi_furiten_lasts_the_hand(thrown: str, passed: bool) -> None:
    # seat 2 throws 5z (seat 1 passes its win: furiten for the hand) or 1p (nothing to pass)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], GO_AROUND + f"8s9m{thrown}6z4m6z")
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    pass_claims(state)
    throw(state)
    assert (Ron(1) in state.legal_actions(1)) is passed
    pass_claims(state)
    assert state.players[1].riichi_furiten is passed
    throw(state)  # seat 3 discards 6z, a wait of seat 1
    assert (Ron(1) in state.legal_actions(1)) is not passed
    pass_claims(state)
    tsumogiri(state)
    assert Tsumo(1) in state.legal_actions(1)


# Waits 1s (no yaku by ron: two tanki readings, no pinfu) and 4s (ittsu).
ITTSU_OR_NOTHING = "234m1234s456s789s"


@pytest.mark.parametrize("rules", ["ema", "tenhou"])
@pytest.mark.parametrize(("first_throw", "furiten"), [("1s", True), ("9m", False)])
def test_a_passed_tile_without_yaku_is_temporary_furiten(
    rules: str, first_throw: str, furiten: bool
) -> None:
    # after a go-around (no more renhou), seat 0 throws 1s (completes seat 2's hand without a
    # yaku: no ron, nobody asked) or 9m; seat 1 then throws 4s before seat 2 draws
    state = table(
        [QUIET[0], QUIET[1], ITTSU_OR_NOTHING, QUIET[2]], f"7z7z7z7z{first_throw}4s", rules=rules
    )
    tsumogiri(state, 4)
    throw(state)
    assert state.phase is Phase.TURN and state.turn == 1  # no claim: no ron on a yakuless 1s
    assert state.players[2].temp_furiten is furiten
    throw(state)
    assert (Ron(2) in state.legal_actions(2)) is not furiten


@pytest.mark.parametrize("preset", ["ema", "tenhou"])
@pytest.mark.parametrize(("thrown", "furiten"), [("1s", True), ("2p", False)])
def test_riichi_furiten_from_a_tile_that_was_not_offered(
    preset: str, thrown: str, furiten: bool
) -> None:
    # with the two-han minimum from 5 counters, riichi alone cannot ron 1s (riichi + ittsu can
    # ron 4s); passing 1s without an offer still makes the riichi seat furiten for the hand
    rules = replace(RuleSet.preset(preset), ryanhan_shibari=5)
    draws = "7z7z7z7z" + "6z9m6z6z" + "6z5z" + thrown + "5z4s"
    state = table([QUIET[0], ITTSU_OR_NOTHING, QUIET[1], QUIET[2]], draws, rules=rules, honba=5)
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    pass_claims(state)
    tsumogiri(state, 4)  # seat 1 draws and throws 5z: no more ippatsu
    throw(state)  # seat 2 throws 1s or 2p
    assert state.phase is Phase.TURN and state.turn == 3
    assert state.players[1].riichi_furiten is furiten
    tsumogiri(state)
    throw(state)  # seat 0 throws 4s
    assert (Ron(1) in state.legal_actions(1)) is not furiten
