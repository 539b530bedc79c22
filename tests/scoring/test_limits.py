"""The scorer's limits at their edges, per rule set: a counted yakuman from exactly 13 han
(``RuleSet.kazoe_limit``), and red fives counted in the han, not only named among the yaku
(``RuleSet.red_fives``)."""

from __future__ import annotations

import pytest

from riichi.scoring import score_hand

# riichi, pinfu, ittsu: 4 han 30 fu on a ron of 9s; the dora indicators 5m5m5m add six dora
# (66m), each ura indicator one (8s, 2s, 3s)
HAND, WIN, DORA = "12345678s234p66m", "9s", "5m5m5m"
URA = {11: "7s", 12: "7s1s", 13: "7s1s2s"}


@pytest.mark.parametrize(("rules", "han", "points", "limit"), [
    ("ema", 11, 24_000, "sanbaiman"),
    ("ema", 12, 24_000, "sanbaiman"),
    ("ema", 13, 32_000, "kazoe_yakuman"),  # kazoe_limit yakuman
    ("ema-2016", 12, 24_000, "sanbaiman"),
    ("ema-2016", 13, 24_000, "sanbaiman"),  # kazoe_limit sanbaiman
    ("mleague", 13, 24_000, "sanbaiman"),
])
def test_kazoe_limit_from_exactly_13_han(rules: str, han: int, points: int, limit: str) -> None:
    r = score_hand(HAND, WIN, tsumo=False, riichi=True, seat_wind="S", round_wind="E",
                   dora_indicators=DORA, ura_indicators=URA[han], rules=rules)
    assert (r.han, r.fu) == (han, 30)
    assert (r.points, r.limit, r.is_yakuman) == (points, limit, False)


@pytest.mark.parametrize("rules", ["ema", "tenhou", "ema-2016"])
def test_a_yakuman_reading_beats_a_counted_yakuman_that_pays_the_same(rules: str) -> None:
    # 777888999s read as triplets is four concealed triplets on a pair wait (a yakuman); read as
    # three 789s runs it is riichi, chinitsu, iipeikou, six dora and a red five: 15 han, which
    # pays a yakuman too where 13+ han counts as one; the true yakuman names the hand.
    r = score_hand("1777888999s", "1s", ["ankan:0555s"], tsumo=False, riichi=True, seat_wind="S",
                   round_wind="E", dora_indicators="6s7s", rules=rules)
    assert (r.yaku, r.points, r.limit, r.is_yakuman) == ({"suuankou": 13}, 32_000, "yakuman", True)


@pytest.mark.parametrize(("rules", "han", "yaku"), [
    ("ema", 2, {"haku": 1, "aka_dora": 1}),
    # the same 136-ids: without red fives, id 52 is a plain 5p
    ("ema-2016", 1, {"haku": 1}),
    ("wrc", 1, {"haku": 1}),
])
def test_red_fives_count_in_the_han_only_where_the_rules_have_them(
    rules: str, han: int, yaku: dict[str, int]
) -> None:
    r = score_hand("22m234m78s555z", "9s", ("kakan:0555p",), tsumo=False, seat_wind="S",
                   round_wind="E", rules=rules)
    assert r.yaku == yaku
    assert (r.han, r.fu, r.points) == (han, 40, {1: 1_300, 2: 2_600}[han])
