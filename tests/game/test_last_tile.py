"""The last tile: a tsumo on it is haitei, a ron on its discard houtei with no call allowed, no kan
on it, and a replacement draw after a kan on it counts haitei only where
``RuleSet.haitei_rinshan_combine`` says."""

from __future__ import annotations

import pytest

from riichi.game import Ankan, Game, Pass, Ron, Tsumo, Wall
from riichi.game import events as ev
from riichi.rules import RuleSet
from tests.support.game import QUIET, WIN_HAND, move_to_last_live_place, play_to_last_tile, throw


def test_haitei_tsumo_on_the_last_tile() -> None:
    wall = Wall.arranged([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], dora_indicators="8s",
                         ura_indicators="8s", replacements="5z6z6z")
    move_to_last_live_place(wall, 31)  # the last copy of 5z
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    assert state.turn == 1 and Tsumo(1) in state.legal_actions(1)
    state.apply(Tsumo(1))
    win = next(e for e in state.events if isinstance(e, ev.Hora))
    assert dict(win.yaku) == {"menzen_tsumo": 1, "haitei": 1, "haku": 1}
    assert win.deltas == (-2_600, 5_200, -1_300, -1_300)


@pytest.mark.parametrize(
    ("rules", "haitei"),
    [("ema", True), ("ema-2016", False), ("wrc", False), ("tenhou", False), ("mleague", False)],
)
def test_rinshan_on_the_last_tile_counts_haitei_only_if_they_combine(
    rules: str, haitei: bool
) -> None:
    assert RuleSet.preset(rules).haitei_rinshan_combine is haitei
    # The dealer draws its fourth 2m with one live tile left and declares the kan: the kan takes
    # that tile into the dead wall, so the replacement 5s is the hand's last tile.
    wall = Wall.arranged(["222m444p234s67s99p", QUIET[0], "147m369p258s1234z", QUIET[2]],
                         dora_indicators="8s1z", ura_indicators="8s", replacements="5s")
    move_to_last_live_place(wall, 1, left=1)  # the last copy of 2m
    state = Game(rules).new_state(walls=[wall])
    play_to_last_tile(state, left=1)
    assert state.turn == 0 and Ankan(0, 1) in state.legal_actions(0)
    state.apply(Ankan(0, 1))
    assert state.wall.live_remaining == 0 and state.rinshan
    state.apply(Tsumo(0))
    (win,) = [e for e in state.events if isinstance(e, ev.Hora)]
    yaku = dict(win.yaku)
    assert yaku["rinshan"] == 1 and yaku["menzen_tsumo"] == 1
    assert ("haitei" in yaku) is haitei
    assert win.han == 2 + haitei + yaku.get("aka_dora", 0) + yaku.get("dora", 0)


def test_houtei_ron_and_no_calls_on_the_last_discard() -> None:
    pinfu = "234m345p456s67m22s"
    wall = Wall.arranged([QUIET[0], QUIET[1], pinfu, QUIET[2]], dora_indicators="8s8m",
                         ura_indicators="8s", replacements="0m5m5m8m")
    move_to_last_live_place(wall, 7)  # the last live 8m, drawn by seat 1
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    throw(state)  # seat 1 throws the last tile, 8m
    assert state.legal_actions(2) == [Ron(2), Pass(2)]  # no chi on the last discard
    state.apply(Ron(2))
    win = next(e for e in state.events if isinstance(e, ev.Hora))
    assert dict(win.yaku) == {"houtei": 1, "tanyao": 1, "pinfu": 1}
    assert win.deltas == (0, -3_900, 3_900, 0)


def test_no_kan_on_the_last_tile() -> None:
    hands = ["258m147p369s1234z", "111m345p456s5566z", QUIET[1], QUIET[2]]
    wall = Wall.arranged(hands, dora_indicators="8s", ura_indicators="8s", replacements="5z6z6z")
    move_to_last_live_place(wall, 0)  # the fourth 1m is the last tile, drawn by seat 1
    state = Game("ema").new_state(walls=[wall])
    play_to_last_tile(state)
    assert state.turn == 1 and state.players[1].counts[0] == 4
    assert not any(type(a).__name__ == "Ankan" for a in state.legal_actions(1))
