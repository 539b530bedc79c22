"""Scenario tests of the RuleSet options no preset sets away from its default: each is played at
the table with the default and with the other value (``dataclasses.replace`` on ``ema``)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Ankan, Chi, Discard, Pon, Ron, Tsumo
from riichi.game import events as ev
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import (
    QUIET,
    WIN_HAND,
    discard,
    first,
    hora,
    pass_claims,
    play_out,
    riichi,
    table,
    throw,
    tsumogiri,
)

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


@pytest.mark.parametrize(("total", "deltas"), [(3_000, (-1_000, 3_000, -1_000, -1_000)),
                                               (1_500, (-500, 1_500, -500, -500))])
def test_noten_total(total: int, deltas: tuple[int, ...]) -> None:
    rules = replace(EMA, noten_total=total)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], rules=rules)
    play_out(state)
    outcome = state.outcomes[0]
    assert (outcome.reason, outcome.deltas) == ("exhaustive", deltas)


@pytest.mark.parametrize(("ron", "tsumo"), [(300, 100), (1_000, 200)])
def test_honba_ron(ron: int, tsumo: int) -> None:
    rules = replace(EMA, honba_ron=ron, honba_tsumo=tsumo)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z", rules=rules, honba=2)
    tsumogiri(state, 4)
    discard(state, 0, "5z")
    state.apply(Ron(1))
    assert hora(state)[0].deltas == (-1_300 - 2 * ron, 1_300 + 2 * ron, 0, 0)


@pytest.mark.parametrize(("ron", "tsumo"), [(300, 100), (1_000, 200)])
def test_honba_tsumo(ron: int, tsumo: int) -> None:
    rules = replace(EMA, honba_ron=ron, honba_tsumo=tsumo)
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z9m5z", rules=rules, honba=2)
    tsumogiri(state, 5)
    state.apply(Tsumo(1))
    # menzen tsumo + haku, 2 han 40 fu: 1,300 from the dealer, 700 from each other
    c = 2 * tsumo
    assert hora(state)[0].deltas == (-1_300 - c, 2_700 + 3 * c, -700 - c, -700 - c)


@pytest.mark.parametrize(
    ("option", "dora", "ura", "ura_han"),
    [
        ({}, 2, 2, 3),
        ({"kan_ura": False}, 2, 1, 0),
        ({"ura_dora": False}, 2, 0, 0),
        ({"kan_dora": False}, 1, 1, 0),
    ],
)
def test_kan_dora_and_ura_dora(option: dict[str, bool], dora: int, ura: int, ura_han: int) -> None:
    # seat 0 declares a concealed kan of 9s; seat 1 wins a riichi ippatsu ron on 5z (haku);
    # the kan's ura indicator 7z makes the winner's three 5z ura dora
    rules = replace(EMA, **option)
    state = table(
        ["147m258p999s1234z", WIN_HAND, QUIET[1], QUIET[2]], "9s2s3s7s8s9m5z", rules=rules,
        dora="8s1z", ura="8s7z", replacements="1s",
    )
    state.apply(Ankan(0, parse_tile("9s")))
    tsumogiri(state, 5)  # seat 0's replacement tile, then one draw each
    riichi(state, 1, "9m")
    pass_claims(state)
    discard(state, 2, "5z")
    state.apply(Ron(1))
    (win,) = hora(state)
    assert (len(win.dora_markers), len(win.ura_markers)) == (dora, ura)
    assert dict(win.yaku).get("ura_dora", 0) == ura_han
    assert dict(win.yaku)["riichi"] == dict(win.yaku)["ippatsu"] == dict(win.yaku)["haku"] == 1
    assert sum(isinstance(e, ev.Dora) for e in state.events) == dora - 1


@pytest.mark.parametrize("forbidden", [True, False])
def test_kuikae_forbidden(forbidden: bool) -> None:
    # seat 3 holds three 7z, pons seat 0's fourth with two of them: may it throw the third?
    rules = replace(EMA, kuikae_forbidden=forbidden)
    state = table([QUIET[0], QUIET[1], QUIET[2], "369m147p258s1777z"], "7z", rules=rules)
    throw(state)
    state.apply(first(state, 3, Pon))
    thrown = {a.tile >> 2 for a in state.legal_actions(3) if isinstance(a, Discard)}
    assert (parse_tile("7z") in thrown) is not forbidden
    assert len(thrown) == 10 + (not forbidden)  # 369m 147p 258s 1z, and the third 7z if allowed


@pytest.mark.parametrize("forbidden", [True, False])
def test_kuikae_forbidden_after_chi(forbidden: bool) -> None:
    # seat 1 chis 1s with 23s and also holds 1s and 4s: both are kuikae
    rules = replace(EMA, kuikae_forbidden=forbidden)
    state = table([QUIET[0], "1234s258m369p123z", QUIET[1], QUIET[2]], "1s", rules=rules)
    throw(state)
    state.apply(next(a for a in state.legal_actions(1) if isinstance(a, Chi)
                     and {t >> 2 for t in a.tiles} == {parse_tile("2s"), parse_tile("3s")}))
    thrown = {a.tile >> 2 for a in state.legal_actions(1) if isinstance(a, Discard)}
    banned = {parse_tile("1s"), parse_tile("4s")}
    assert thrown & banned == (set() if forbidden else banned)


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
