"""Kans: an added kan nobody robs turns a dora indicator and draws a replacement tile, a
concealed kan draws its replacement (rinshan), and an open kan's dora indicator is turned when
``RuleSet.kan_dora_timing`` says."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Ankan, Daiminkan, Kakan, Pon, Ron, Tsumo
from riichi.game import events as ev
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import (
    QUIET, WIN_HAND, discard, first, hora, pass_claims, riichi, table, throw, tsumogiri,
)

EMA = RuleSet.preset("ema")


def test_added_kan_without_robber_turns_dora_and_draws_a_replacement() -> None:
    hands = ["148m258p369s1234z", "88m147p258s12345z", "259m369p147s1234z", QUIET[2]]
    state = table(hands, "9p7z7z7z8m", replacements="9m")
    discard(state, 0, "8m")
    state.apply(first(state, 1, Pon))
    discard(state, 1, "5z")
    pass_claims(state)
    tsumogiri(state, 3)
    state.apply(Kakan(1, 7))
    assert [e.type for e in state.events[-3:]] == ["kakan", "dora", "tsumo"]
    drawn = state.events[-1]
    assert isinstance(drawn, ev.Draw) and drawn.rinshan and drawn.pai >> 2 == 8  # 9m


def test_rinshan_after_a_concealed_kan() -> None:
    hands = ["247m258p369s1234z", "111m345p456s5566z", QUIET[1], QUIET[2]]
    state = table(hands, "9p1m", dora="8s8s", replacements="5z")
    tsumogiri(state)
    assert Ankan(1, 0) in state.legal_actions(1)
    state.apply(Ankan(1, 0))
    assert [e.type for e in state.events[-3:]] == ["ankan", "dora", "tsumo"]
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"menzen_tsumo": 1, "rinshan": 1, "haku": 1}
    assert win.deltas == (-4_000, 8_000, -2_000, -2_000)  # 3 han 70 fu: mangan


@pytest.mark.parametrize(("rules", "immediate"), [("ema", True), ("tenhou", False)])
def test_open_kan_dora_timing(rules: str, immediate: bool) -> None:
    hands = ["147m258p369s1237z", "777z147p258s369m1z", QUIET[1], QUIET[2]]
    state = table(hands, "9p", rules=rules)
    discard(state, 0, "7z")
    state.apply(Daiminkan(1))
    types = [e.type for e in state.events[-3:]]
    expected = ["daiminkan", "dora", "tsumo"] if immediate else ["dahai", "daiminkan", "tsumo"]
    assert types == expected
    throw(state)
    if not immediate:
        assert [e.type for e in state.events[-3:-1]] == ["dahai", "dora"]
    assert len(state.wall.dora_indicators) == 2


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
