"""Red fives (``RuleSet.red_fives``): the same 136-id is a red five worth a han, or a plain five."""

from __future__ import annotations

import pytest

from riichi.game import Chi, Observation, Pon, Ron
from riichi.rules import RuleSet
from tests.support.game import GO_AROUND, QUIET, discard, hora, table, throw, tsumogiri

RED_FIVE_M = 16


@pytest.mark.parametrize(("rules", "yaku", "deltas"), [
    ("ema", {"haku": 1, "aka_dora": 1}, (-2_600, 2_600, 0, 0)),  # 2 han 40 fu
    ("ema-2016", {"haku": 1}, (-1_300, 1_300, 0, 0)),  # 1 han 40 fu
])
def test_red_fives_count_only_where_the_rules_have_them(
    rules: str, yaku: dict[str, int], deltas: tuple[int, ...]
) -> None:
    assert RuleSet.preset(rules).red_fives is (rules == "ema")
    state = table([QUIET[0], "034m345p456s5566z", QUIET[1], QUIET[2]], GO_AROUND + "5z",
                  rules=rules)
    assert RED_FIVE_M in state.players[1].hand
    tsumogiri(state, 4)
    throw(state)  # seat 0's 5z
    state.apply(Ron(1))
    (win,) = hora(state)
    assert dict(win.yaku) == yaku and win.deltas == deltas


# Seat 1 holds 4m and 5m ids 16, 18, 19 (seat 0 the 17): 16 is the red five at ema, a plain five at ema-2016.
CALLER = "4055m258p369s123z"
CALL_TABLE = ["358m258p369s1234z", CALLER, "369m147p258s1234z", "147m369p147s1234z"]


@pytest.mark.parametrize(("rules", "thrown", "kind", "offered"), [
    ("ema", "5m", Pon, [(18, 19), (16, 18)]),  # with or without the red five: two calls
    ("ema-2016", "5m", Pon, [(16, 18)]),  # three plain fives: one call
    ("ema", "3m", Chi, [(12, 18), (12, 16)]),
    ("ema-2016", "3m", Chi, [(12, 16)]),
])
def test_a_claim_lists_each_call_once(
    rules: str, thrown: str, kind: type, offered: list[tuple[int, int]]
) -> None:
    # Without red fives every copy of a five is the same tile: a call that differs only in which
    # copy it uses is the same decision and is listed once.
    state = table(CALL_TABLE, "7z", rules=rules)
    assert {16, 18, 19} <= set(state.players[1].hand)
    discard(state, 0, thrown)
    calls = [a for a in state.legal_actions(1) if isinstance(a, kind)]
    assert [a.tiles for a in calls] == offered  # type: ignore[attr-defined]


@pytest.mark.parametrize("tiles", [(18, 19), (16, 19), (19, 16)])
def test_without_red_fives_a_pon_may_use_any_copies(tiles: tuple[int, int]) -> None:
    state = table(CALL_TABLE, "7z", rules="ema-2016")
    discard(state, 0, "5m")
    thrown = state.events[-1].pai  # type: ignore[attr-defined]
    state.apply(Pon(1, tiles))
    assert state.players[1].melds[-1].tiles == tuple(sorted((*tiles, thrown)))


@pytest.mark.parametrize("rules", ["ema", "ema-2016"])
def test_an_observation_shows_red_fives_only_where_the_rules_have_them(rules: str) -> None:
    state = table(CALL_TABLE, "7z", rules=rules)
    assert Observation(state, 1).red_fives == ((16,) if rules == "ema" else ())
