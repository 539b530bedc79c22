"""The worked examples (1-10) and hard cases (11-22) of RULES.md, one named test each.

Non-dealer is South in the East round unless a case says otherwise.
"""

from __future__ import annotations

import pytest

import riichi
from riichi.errors import NoYakuError
from riichi.scoring import HandResult, Win, score_hand, settle


def score(concealed: str, win: str, melds: tuple[str, ...] = (), *, dealer: bool = False,
          **kwargs: object) -> HandResult:
    kwargs.setdefault("round_wind", "E")
    return score_hand(concealed, win, melds, seat_wind="E" if dealer else "S", **kwargs)  # type: ignore[arg-type]


def tsumo_payments(r: HandResult) -> tuple[int, int]:
    return r.payments.dealer, r.payments.non_dealer


# ---- worked examples (seed 000, section 4.3) ---------------------------------------------------


def test_example_01_riichi_tsumo_pinfu_ittsu_is_mangan() -> None:
    dealer = score("12345678s234p66m", "9s", dealer=True, tsumo=True, riichi=True)
    assert dealer.yaku == {"riichi": 1, "menzen_tsumo": 1, "pinfu": 1, "ittsu": 2}
    assert (dealer.han, dealer.limit) == (5, "mangan")
    assert tsumo_payments(dealer) == (0, 4000) and dealer.points == 12000
    other = score("12345678s234p66m", "9s", tsumo=True, riichi=True)
    assert tsumo_payments(other) == (4000, 2000) and other.points == 8000


def test_example_02_riichi_ron_pinfu_ittsu_is_4_han_30_fu() -> None:
    dealer = score("12345678s234p66m", "9s", dealer=True, tsumo=False, riichi=True)
    assert (dealer.han, dealer.fu, dealer.points) == (4, 30, 11600)
    other = score("12345678s234p66m", "9s", tsumo=False, riichi=True)
    assert (other.han, other.fu, other.points, other.limit) == (4, 30, 7700, None)
    assert other.yaku == {"riichi": 1, "pinfu": 1, "ittsu": 2}


def test_example_03_open_ittsu_with_dora_is_2_han_30_fu() -> None:
    args = dict(tsumo=False, dora_indicators="6s")
    dealer = score("45678s234p66m", "9s", ("chi:123s",), dealer=True, **args)
    other = score("45678s234p66m", "9s", ("chi:123s",), **args)
    assert other.yaku == {"ittsu": 1, "dora": 1}
    assert (other.han, other.fu) == (2, 30)
    assert other.fu_details == [("base", 20), ("open pinfu", 2)]
    assert (dealer.points, other.points) == (2900, 2000)


def test_example_04_four_concealed_triplets_tsumo_is_yakuman() -> None:
    dealer = score("222m444p666s88s33m", "8s", dealer=True, tsumo=True)
    other = score("222m444p666s88s33m", "8s", tsumo=True)
    assert dealer.yaku == {"suuankou": 13} and dealer.limit == "yakuman"
    assert tsumo_payments(dealer) == (0, 16000) and dealer.points == 48000
    assert tsumo_payments(other) == (16000, 8000) and other.points == 32000


def test_example_05_same_hand_by_ron_is_baiman() -> None:
    args = dict(tsumo=False, dora_indicators="3p")
    dealer = score("222m444p666s88s33m", "8s", dealer=True, **args)
    other = score("222m444p666s88s33m", "8s", **args)
    assert other.yaku == {"tanyao": 1, "toitoi": 2, "sanankou": 2, "dora": 3}
    assert (other.han, other.limit) == (8, "baiman")
    assert (dealer.points, other.points) == (24000, 16000)


def test_example_06_seven_pairs_riichi_ippatsu_tsumo_red_five_is_haneman() -> None:
    args = dict(tsumo=True, riichi=True, ippatsu=True)
    dealer = score("22m05m33p77p4s66s88s", "4s", dealer=True, **args)
    other = score("22m05m33p77p4s66s88s", "4s", **args)
    assert other.yaku == {
        "riichi": 1, "ippatsu": 1, "menzen_tsumo": 1, "tanyao": 1, "chiitoitsu": 2, "aka_dora": 1,
    }
    assert (other.han, other.fu, other.limit) == (7, 25, "haneman")
    assert tsumo_payments(dealer) == (0, 6000)
    assert tsumo_payments(other) == (6000, 3000) and other.points == 12000


def test_example_07_seven_pairs_with_red_five_ron_is_3_han_25_fu() -> None:
    dealer = score("22m05m33p77p4s66s77z", "4s", dealer=True, tsumo=False)
    other = score("22m05m33p77p4s66s77z", "4s", tsumo=False)
    assert other.yaku == {"chiitoitsu": 2, "aka_dora": 1}
    assert (other.han, other.fu) == (3, 25)
    assert other.fu_details == [("chiitoitsu", 25)]
    assert (dealer.points, other.points) == (4800, 3200)


def test_example_08_ryanpeikou_beats_seven_pairs() -> None:
    dealer = score("223344m667788p7z", "7z", dealer=True, tsumo=True)
    other = score("223344m667788p7z", "7z", tsumo=True)
    assert other.yaku == {"menzen_tsumo": 1, "ryanpeikou": 3}
    assert (other.han, other.fu) == (4, 30)
    assert other.fu_details == [
        ("base", 20), ("tsumo", 2), ("tanki wait", 2), ("dragon pair 7z", 2),
    ]
    assert tsumo_payments(dealer) == (0, 3900) and dealer.points == 11700
    assert tsumo_payments(other) == (3900, 2000) and other.points == 7900


def test_example_09_open_honitsu_chanta_double_east_is_haneman() -> None:
    r = score("123s789s99s33z", "3z", ("pon:111z",), dealer=True, tsumo=False,
              dora_indicators="6s")
    assert r.yaku == {
        "seat_wind": 1, "round_wind": 1, "chanta": 1, "honitsu": 2, "dora": 1,
    }
    assert (r.han, r.limit, r.points) == (6, "haneman", 18000)
    assert r.payments.ron == 18000


def test_example_10_edge_wait_reading_scores_most() -> None:
    r = score("1123456789p444z", "7p", tsumo=True)
    assert r.yaku == {"menzen_tsumo": 1, "honitsu": 3}
    assert (r.han, r.fu, r.limit, r.wait) == (4, 40, "mangan", "penchan")
    assert r.fu_details == [
        ("base", 20), ("tsumo", 2), ("penchan wait", 2), ("closed triplet 4z", 8),
    ]
    assert tsumo_payments(r) == (4000, 2000) and r.points == 8000


# ---- hard cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("rules", "non_dealer", "dealer"),
    [("ema", 7700, 11600), ("ema-2016", 7700, 11600), ("tenhou", 7700, 11600),
     ("wrc", 8000, 12000), ("mleague", 8000, 12000)],
)
def test_case_11_kiriage(rules: str, non_dealer: int, dealer: int) -> None:
    args = dict(tsumo=False, riichi=True, rules=rules)
    assert score("12345678s234p66m", "9s", **args).points == non_dealer
    assert score("12345678s234p66m", "9s", dealer=True, **args).points == dealer


@pytest.mark.parametrize(("rules", "fu", "points"), [("ema", 50, 2400), ("mleague", 40, 2000)])
def test_case_12_double_wind_pair(rules: str, fu: int, points: int) -> None:
    r = score("23m456p789s111s11z", "4m", dealer=True, tsumo=False, riichi=True, rules=rules)
    assert (r.han, r.fu, r.points) == (1, fu, points)
    assert ("double wind pair 1z", 4 if rules == "ema" else 2) in r.fu_details


def test_case_13_shanpon_ron_makes_the_triplet_open() -> None:
    ron = score("111m444p55p234s99s", "9s", tsumo=False, riichi=True)
    assert ron.yaku == {"riichi": 1}
    assert (ron.han, ron.fu, ron.points) == (1, 50, 1600)
    assert ("open triplet 9s", 4) in ron.fu_details
    tsumo = score("111m444p55p234s99s", "9s", tsumo=True, riichi=True)
    assert tsumo.yaku == {"riichi": 1, "menzen_tsumo": 1, "sanankou": 2}
    assert (tsumo.han, tsumo.fu, tsumo.limit) == (4, 50, "mangan")
    assert tsumo_payments(tsumo) == (4000, 2000)


def test_case_14_best_reading_prefers_pinfu() -> None:
    ron = score("123456m789p2344s", "4s", tsumo=False, riichi=True)
    assert ron.yaku == {"riichi": 1, "pinfu": 1}
    assert (ron.han, ron.fu, ron.points, ron.wait) == (2, 30, 2000, "ryanmen")
    tsumo = score("123456m789p2344s", "4s", tsumo=True, riichi=True)
    assert (tsumo.han, tsumo.fu) == (3, 20)
    assert tsumo_payments(tsumo) == (1300, 700)


def test_case_15_ryanpeikou_over_seven_pairs() -> None:
    r = score("112233s33m22344p", "3p", tsumo=False)
    assert r.yaku == {"ryanpeikou": 3}
    assert (r.han, r.fu, r.points) == (3, 40, 5200)


@pytest.mark.parametrize(("rules", "points"), [("ema", 32000), ("tenhou", 32000), ("mahjongsoul", 64000)])
def test_case_16_thirteen_orphans(rules: str, points: int) -> None:
    # RULES.md writes the 13-sided hand with an extra 1s (14 tiles); the 13-sided wait holds one
    # of each orphan, and the single wait holds a pair and misses the winning tile.
    thirteen = score("19m19p19s1234567z", "1s", tsumo=False, rules=rules)
    assert thirteen.points == points
    assert thirteen.yaku == ({"kokushi_13": 26} if points == 64000 else {"kokushi": 13})
    single = score("19m19p11s1234567z", "9s", tsumo=False, rules=rules)
    assert single.yaku == {"kokushi": 13} and single.points == 32000


@pytest.mark.parametrize(("rules", "each"), [("ema", 16000), ("mahjongsoul", 32000)])
def test_case_17_nine_gates(rules: str, each: int) -> None:
    pure = score("1112345678999m", "5m", dealer=True, tsumo=True, rules=rules)
    assert tsumo_payments(pure) == (0, each)
    assert pure.yaku == ({"chuuren_9": 26} if each == 32000 else {"chuuren": 13})
    impure = score("1123456789999m", "1m", tsumo=False, rules=rules)
    assert impure.yaku == {"chuuren": 13} and impure.points == 32000


def test_case_17_nine_gates_not_with_a_concealed_kan() -> None:
    r = score("1112345678m", "5m", ("ankan:9999m",), tsumo=False)
    assert not r.is_yakuman
    assert "chinitsu" in r.yaku and "chuuren" not in r.yaku


@pytest.mark.parametrize(
    ("rules", "points", "limit"),
    [("ema", 32000, "kazoe_yakuman"), ("tenhou", 32000, "kazoe_yakuman"),
     ("ema-2016", 24000, "sanbaiman"), ("wrc", 24000, "sanbaiman"), ("mleague", 24000, "sanbaiman")],
)
def test_case_18_counted_yakuman(rules: str, points: int, limit: str) -> None:
    r = score("4446667788m", "7m", ("ankan:2222m",), tsumo=False, riichi=True,
              dora_indicators="1m1m1m1m", rules=rules)
    assert r.han == 28 and r.dora == 16
    assert (r.points, r.limit, r.is_yakuman) == (points, limit, False)


@pytest.mark.parametrize(
    ("rules", "points"),
    [("ema", 64000), ("ema-2016", 32000), ("tenhou", 64000), ("mahjongsoul", 96000)],
)
def test_case_19_big_four_winds_and_all_honours(rules: str, points: int) -> None:
    r = score("1112223334455z", "4z", tsumo=False, rules=rules)
    assert r.points == points
    expected = {
        "ema": {"daisuushii": 26},
        "ema-2016": {"daisuushii": 13},
        "tenhou": {"daisuushii": 13, "tsuuiisou": 13},
        "mahjongsoul": {"daisuushii": 26, "tsuuiisou": 13},
    }[rules]
    assert r.yaku == expected


@pytest.mark.parametrize(("rules", "points"), [("ema", 32000), ("mahjongsoul", 64000)])
def test_case_20_four_concealed_triplets_on_the_pair_wait(rules: str, points: int) -> None:
    r = score("111444s333m444p5p", "5p", tsumo=False, rules=rules)
    assert r.points == points
    assert r.yaku == ({"suuankou_tanki": 26} if points == 64000 else {"suuankou": 13})


def test_case_20_shanpon_ron_is_not_four_concealed_triplets() -> None:
    r = score("111444s333m44p55p", "4p", tsumo=False)
    assert r.yaku == {"toitoi": 2, "sanankou": 2}
    assert (r.han, r.fu, r.points, r.is_yakuman) == (4, 50, 8000, False)


def test_case_21_counters_and_sticks() -> None:
    r = score("234567m2345p678s", "5p", tsumo=True, riichi=True, honba=2, riichi_sticks=1)
    assert (r.han, r.fu) == (3, 30)
    assert tsumo_payments(r) == (2200, 1200)
    assert r.payments.total == 5600 and r.payments.honba == 600 and r.payments.sticks == 1000
    assert settle([Win(1, r)], dealer=0, honba=2, riichi_sticks=1) == (-2200, 5600, -1200, -1200)


def test_case_22_all_four_copies_of_the_only_wait_is_not_tenpai() -> None:
    assert riichi.shanten("123456789m1111p") == 1
    assert riichi.shanten("12233466669999m") == 1
    assert riichi.shanten("19m19p19s12345z") == 6


def test_a_yakuless_complete_hand_cannot_win() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        score("123m456p78s99s", "9s", ("chi:123p",), tsumo=False)
