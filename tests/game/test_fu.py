"""The fu of a win at the table under the fu options no preset sets away from its default
(``RuleSet.open_pinfu_fu``, ``RuleSet.rinshan_tsumo_fu``, ``RuleSet.double_wind_pair_fu``): each
played with the default and with the other value (``dataclasses.replace`` on ``ema``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Ankan, Chi, Ron, Tsumo
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import QUIET, discard, first, hora, pass_claims, riichi, table, throw


EMA = RuleSet.preset("ema")


@pytest.mark.parametrize(("fu", "points"), [(30, 2_000), (20, 1_300)])
def test_open_pinfu_fu(fu: int, points: int) -> None:
    # RULES.md example 3: chi 123s, closed 45678s234p66m, ron 9s, dora 7s: ittsu + dora, 2 han
    rules = replace(EMA, open_pinfu_fu=fu)
    state = table([QUIET[0], "23s45678s234p66m1z", QUIET[1], QUIET[2]], "1s9s", rules=rules,
                  dora="6s")
    throw(state)  # seat 0 throws 1s
    state.apply(first(state, 1, Chi))
    discard(state, 1, "1z")
    throw(state)  # seat 2 throws 9s
    state.apply(Ron(1))
    (win,) = hora(state)
    assert (win.han, win.fu, win.points) == (2, fu, points)
    assert win.deltas == (0, points, -points, 0)


@pytest.mark.parametrize(("tsumo_fu", "fu", "each"), [(True, 50, 1_600), (False, 40, 1_300)])
def test_rinshan_tsumo_fu(tsumo_fu: bool, fu: int, each: int) -> None:
    # dealer: concealed kan of 2m, closed 444p (4 fu), 234s, 67s wait, 99p; rinshan 5s:
    # 20 + 16 + 4 (+ 2 for the tsumo) = 40 or 42 -> 40 or 50 fu; rinshan + menzen tsumo, 2 han
    rules = replace(EMA, rinshan_tsumo_fu=tsumo_fu)
    state = table(["222m444p234s67s99p", None, None, None], "2m", rules=rules,
                  dora="8s1z", replacements="5s")
    state.apply(Ankan(0, parse_tile("2m")))
    state.apply(Tsumo(0))
    (win,) = hora(state)
    assert dict(win.yaku) == {"menzen_tsumo": 1, "rinshan": 1}
    assert (win.han, win.fu) == (2, fu)
    assert win.deltas == (3 * each, -each, -each, -each)


@pytest.mark.parametrize(("pair_fu", "fu", "points"), [(4, 50, 9_600), (2, 40, 7_700)])
def test_double_wind_pair_fu(pair_fu: int, fu: int, points: int) -> None:
    # The East dealer in the East round holds the 1z pair: 20 fu, 10 for the closed ron, 8 for the
    # concealed 111m, and the double-wind pair's 4 (50 fu) or 2 (40 fu, as mleague counts it).
    # Double riichi on the first discard and ippatsu on seat 1's 9s: 3 han.
    assert RuleSet.preset("mleague").double_wind_pair_fu == 2
    rules = replace(EMA, double_wind_pair_fu=pair_fu)
    quiet = "258m369p147s2347z"  # no 1z
    state = table(["111m234p456s78s11z", quiet, quiet, quiet], "9m9s", rules=rules,
                  dora="8p", ura="8p")
    riichi(state, 0, "9m")
    pass_claims(state)
    throw(state)  # seat 1 throws 9s
    state.apply(Ron(0))
    (win,) = hora(state)
    assert dict(win.yaku) == {"double_riichi": 2, "ippatsu": 1}
    assert (win.han, win.fu, win.points) == (3, fu, points)
