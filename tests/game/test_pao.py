"""Liability (pao): the liable player pays a tsumo and splits a ron with the discarder; for Big
Three Dragons stacked with All Honours, how much the liable player answers for
(``RuleSet.pao_scope``) and who pays the counters of a ron from a third player
(``RuleSet.pao_honba``); Big Four Winds liability on the fourth wind's pon only."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Daiminkan, GameState, Pon, Ron, Tsumo
from riichi.rules import DoubleYakuman, PaoHonba, PaoScope, PaoYaku, RuleSet
from tests.support.game import (
    QUIET, discard, first, hora, pass_claims, table, three_dragon_pons, throw, tsumogiri,
)

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


PAO_DRAWS = "4z9m9m8p9m8p8p"


def _three_dragon_pons(last: str) -> GameState:
    hands = ["147m258p369s1567z", "34m99p1s9s7p556677z", QUIET[1], QUIET[2]]
    state = table(hands, PAO_DRAWS + last)
    three_dragon_pons(state)
    return state


def test_pao_on_tsumo_the_liable_player_pays_all() -> None:
    state = _three_dragon_pons("7s7s1p5m")
    tsumogiri(state, 3)
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert "daisangen" in dict(win.yaku) and win.pao == 0
    assert win.deltas == (-32_000, 32_000, 0, 0)


def test_pao_on_ron_the_discarder_and_the_liable_player_split() -> None:
    state = _three_dragon_pons("5m")
    throw(state)  # seat 2 throws 5m
    state.apply(Ron(1))
    assert hora(state)[0].deltas == (-16_000, 32_000, -16_000, 0)


# seat 0 throws the four winds in turn; seat 1 holds a pair of each (seats 2 and 3 hold none)
WIND_HANDS = (QUIET[0], None, "258m369p147s5677z", "369m147p258s5667z")


WIND_THROWS = ("1s", "9s", "9p", "1m")


def _wind_pons(seat_1: str, pons: int, last_draws: str, rules: RuleSet | str = "ema") -> GameState:
    """Seat 1 (``seat_1``) pons seat 0's first ``pons`` winds, throwing one of WIND_THROWS after
    each; then seats 2, 3 and 0 throw their next draws and seat 1 draws the last of
    ``last_draws``."""
    draws = "9m" + "9m9m8p8p8p6p6p6p2m"[: 6 * (pons - 1)] + last_draws
    state = table([WIND_HANDS[0], seat_1, *WIND_HANDS[2:]], draws, rules=rules)
    for k in range(pons):
        discard(state, 0, "1234"[k] + "z")
        state.apply(first(state, 1, Pon))
        discard(state, 1, WIND_THROWS[k])
        pass_claims(state)
        if k < 3:
            assert state.pao == {}  # up to three wind sets: nobody is liable yet
        if k < pons - 1:
            tsumogiri(state, 2)
    tsumogiri(state, 3)
    return state


def test_no_daisuushii_pao_when_the_fourth_wind_is_drawn() -> None:
    # three wind pons from seat 0, the fourth wind set concealed: seat 1 tsumos 4z for a double
    # yakuman (64,000 non-dealer) that everyone pays as usual: 32,000 dealer, 16,000 each other
    assert DoubleYakuman.DAISUUSHII in RuleSet.preset("ema").double_yakuman
    state = _wind_pons("55m1s9s9p11223344z", 3, "6p6p1p4z")
    assert state.pao == {}
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"daisuushii": 26} and win.pao is None
    assert win.deltas == (-32_000, 64_000, -16_000, -16_000)


@pytest.mark.parametrize(("pao", "liable"), [(frozenset({"daisangen", "daisuushii"}), True),
                                             (frozenset({"daisangen"}), False)])
def test_daisuushii_pao_for_the_fourth_wind_pon(pao: frozenset[str], liable: bool) -> None:
    # four wind pons from seat 0; seat 1 tsumos its 5m tanki: seat 0 pays it all if liable
    rules = replace(RuleSet.preset("ema"), pao=pao)
    state = _wind_pons("5m1m1s9s9p11223344z", 4, "2m2m1p5m", rules)
    assert state.pao == ({1: 0} if liable else {})
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert "daisuushii" in dict(win.yaku) and win.pao == (0 if liable else None)
    assert win.deltas == ((-64_000, 64_000, 0, 0) if liable
                          else (-32_000, 64_000, -16_000, -16_000))


@pytest.mark.parametrize(("pao", "liable"), [(frozenset({PaoYaku.SUUKANTSU}), True),
                                             (frozenset({PaoYaku.DAISANGEN}), False)])
def test_suukantsu_pao_for_the_fourth_open_kan(pao: frozenset[PaoYaku], liable: bool) -> None:
    # seat 1 calls open kans on seat 0's 1m, 4m, 2p and 3s, throwing each replacement tile; the
    # fourth kan makes seat 0 liable where the rules name four kans (one player's: no abort)
    rules = replace(RuleSet.preset("ema"), pao=pao)
    hands = ["147m258p369s5566z", "111444m222p333s7z", QUIET[1], QUIET[2]]
    state = table(hands, "8m8m7p9p8m7p9p7p9p4p", rules=rules, replacements="9m9m6p6p")
    for k, name in enumerate(("1m", "4m", "2p", "3s")):
        if k:
            tsumogiri(state, 2)  # seats 2 and 3; then seat 0 draws
        discard(state, 0, name)
        state.apply(first(state, 1, Daiminkan))
        if k < 3:
            assert state.pao == {}  # up to three kans: nobody is liable yet
            throw(state)
            pass_claims(state)
    assert len(state.kan_seats) == 4 and state.phase is not None
    assert state.pao == ({1: 0} if liable else {})
