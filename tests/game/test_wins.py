"""Wins: arranged walls, scripted actions, exact events and point changes; a ron and a tsumo paid,
the dealer's win repeating the deal, a win needing a yaku (an open all simples only with kuitan)
and two han from five counters."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.game import Chi, Game, Pass, Phase, Pon, Position, Ron, Tsumo, Wall
from riichi.rules import RuleSet
from tests.support.game import (
    QUIET,
    WIN_HAND,
    discard,
    first,
    hora,
    pass_claims,
    table,
    throw,
    tsumogiri,
)


def test_ron_pays_the_hand_and_ends_the_hand() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z")
    tsumogiri(state, 4)  # one go-around: no more renhou
    discard(state, 0, "5z")
    assert state.acting_seats == [1]
    assert state.legal_actions(1) == [Ron(1), Pon(1, (124, 125)), Pass(1)]
    state.apply(Ron(1))
    (win,) = hora(state)
    assert (win.actor, win.target, win.han, win.fu, win.points) == (1, 0, 1, 40, 1300)
    assert win.deltas == (-1300, 1300, 0, 0)
    assert dict(win.yaku) == {"haku": 1}
    assert state.scores == [28_700, 31_300, 30_000, 30_000]
    assert state.outcomes[0].ending == "win" and state.outcomes[0].winners == (1,)
    # a non-dealer win: the deal passes, counters are cleared
    assert state.position == Position(0, 1, 0, 0)
    assert [e.type for e in state.events[-4:]] == ["hora", "end_kyoku", "start_kyoku", "tsumo"]


def test_tsumo_pays_dealer_double() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z9m5z")
    tsumogiri(state, 5)  # seat 1 draws 5z on its second draw
    assert Tsumo(1) in state.legal_actions(1)
    state.apply(Tsumo(1))
    (win,) = hora(state)
    assert dict(win.yaku) == {"menzen_tsumo": 1, "haku": 1}
    assert (win.han, win.fu) == (2, 40)
    assert win.deltas == (-1300, 2700, -700, -700)


def test_dealer_win_repeats_the_deal_with_a_counter() -> None:
    state = table([WIN_HAND, QUIET[0], QUIET[1], QUIET[2]], "7z7z7z7z5z")
    tsumogiri(state, 4)
    state.apply(Tsumo(0))
    # dealer: menzen tsumo + haku, 40 fu 2 han = 1,300 all
    assert hora(state)[0].deltas == (3900, -1300, -1300, -1300)
    assert state.position == Position(0, 0, 1, 0)


def test_a_closed_hand_without_yaku_cannot_ron_but_can_tsumo() -> None:
    hand = "234m678p345s789s1p"  # tanki on 1p: no yaku by ron
    state = table([QUIET[0], hand, QUIET[1], QUIET[2]], "7z7z7z7z1p7m7m7m9m1p")
    tsumogiri(state, 4)
    throw(state)  # seat 0 discards 1p: no claim at all, so no ron for seat 1
    assert state.phase is Phase.TURN and state.turn == 1
    tsumogiri(state, 4)
    assert state.turn == 1 and Tsumo(1) in state.legal_actions(1)


@pytest.mark.parametrize(("tile", "offered"), [("1s", False), ("4s", True)])
def test_ron_is_offered_only_on_a_tile_that_gives_a_yaku(tile: str, offered: bool) -> None:
    # waits 1s (two tanki readings, no yaku) and 4s (ittsu)
    state = table([QUIET[0], "234m1234s456s789s", QUIET[1], QUIET[2]], "7z7z7z7z" + tile)
    tsumogiri(state, 4)
    throw(state)
    assert state.players[1].waits_mask >> (state.last_discard >> 2) & 1
    assert (Ron(1) in state.legal_actions(1)) is offered


def test_two_han_minimum_from_five_counters() -> None:
    rules = replace(RuleSet.preset("ema"), ryanhan_shibari=5)
    wall = Wall.arranged([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z",
                         dora_indicators="8s", ura_indicators="8s")
    for honba, can_win in ((4, True), (5, False)):
        state = Game(rules).new_state(walls=[wall], position=Position(0, 0, honba, 0))
        tsumogiri(state, 4)
        discard(state, 0, "5z")  # haku alone is one han
        assert (Ron(1) in state.legal_actions(1)) is can_win


@pytest.mark.parametrize(("rules", "kuitan"), [("ema", False), ("ema-2016", True),
                                                ("tenhou", True), ("mleague", True)])
def test_open_all_simples_wins_only_with_kuitan(rules: str, kuitan: bool) -> None:
    # seat 1 chis seat 0's 2s and throws 9p: 234s open, 45678s234p66m waits 3s/6s/9s; a ron on
    # 6s is all simples and nothing else
    state = table([QUIET[0], "34s45678s234p66m9p", QUIET[1], QUIET[2]], "2s6s", rules=rules)
    throw(state)
    state.apply(first(state, 1, Chi))
    discard(state, 1, "9p")
    pass_claims(state)
    throw(state)  # seat 2 throws 6s
    assert (Ron(1) in state.legal_actions(1)) is kuitan
    if kuitan:
        state.apply(Ron(1))
        assert dict(hora(state)[0].yaku) == {"tanyao": 1}
