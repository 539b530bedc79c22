"""Calls: chi only from the left, claim priority (ron over pon over chi), the copies a call may
use, and kuikae (``RuleSet.kuikae_forbidden`` and ``RuleSet.kuikae_forbidden_after_chi`` played both
ways on ``ema``). Kans are in test_kans.py and its neighbours, several winners in
test_multi_ron.py, liability in test_pao.py."""

from __future__ import annotations

from dataclasses import replace

import pytest

from riichi.errors import IllegalActionError
from riichi.game import (
    Chi,
    Discard,
    Pon,
    Ron,
)
from riichi.game import events as ev
from riichi.rules import RuleSet
from riichi.tiles import parse_tile
from tests.support.game import (
    PINFU,
    QUIET,
    WIN_HAND,
    discard,
    first,
    table,
    throw,
)

EMA = RuleSet.preset("ema")


def test_chi_only_from_the_left_and_kuikae() -> None:
    hands = [QUIET[0], "1234m147p258s556z", QUIET[1], "239m369p147s1234z"]
    state = table(hands, "7z")
    discard(state, 0, "1m")
    # seat 3 also holds 2m3m but is not next: no chi for it
    assert state.acting_seats == [1]
    chi = first(state, 1, Chi)
    state.apply(chi)
    called = state.events[-1]
    assert isinstance(called, ev.ChiCalled) and (called.target, called.pai >> 2) == (0, 0)
    legal = state.legal_actions(1)
    banned = {t for t in state.players[1].hand if t >> 2 in (0, 3)}  # 1m and 4m
    assert banned and not banned & {a.tile for a in legal if isinstance(a, Discard)}
    before = state.snapshot()
    with pytest.raises(IllegalActionError):
        state.apply(Discard(1, min(banned)))
    assert state.snapshot() == before
    assert all(isinstance(a, Discard) for a in legal)  # no kan or riichi right after a call


def test_pon_beats_chi() -> None:
    hands = ["347m258p369s1234z", "1234m147p258s556z", "336m369p147s1234z", "147m369p147s1234z"]
    state = table(hands, "7z")
    discard(state, 0, "3m")
    assert state.acting_seats == [1, 2]
    hand1 = sorted(state.players[1].hand)
    state.apply(first(state, 1, Chi))
    state.apply(first(state, 2, Pon))
    assert isinstance(state.events[-1], ev.PonCalled) and state.events[-1].actor == 2
    assert sorted(state.players[1].hand) == hand1
    assert state.turn == 2 and state.drawn is None


def test_ron_beats_pon() -> None:
    hands = ["157m258p369s1234z", PINFU, "558m369p147s1234z", QUIET[2]]
    state = table(hands, "7z")
    discard(state, 0, "5m")
    state.apply(first(state, 2, Pon))
    state.apply(Ron(1))
    assert [e.type for e in state.events if e.type in ("pon", "hora")] == ["hora"]


def test_pon_kuikae_forbids_the_third_copy() -> None:
    hands = ["147m258p369s1237z", WIN_HAND, "258m369p147s1777z", QUIET[2]]
    state = table(hands, "9p")
    discard(state, 0, "7z")
    state.apply(first(state, 2, Pon))
    last_red = {t for t in state.players[2].hand if t >> 2 == 33}
    assert last_red and not any(
        isinstance(a, Discard) and a.tile in last_red for a in state.legal_actions(2)
    )


def test_a_call_may_use_any_copies_of_the_listed_tiles() -> None:
    hands = ["0147m258p369s123z", "555m147p258s5567z", "248m369p147s1234z", QUIET[2]]
    state = table(hands, "9p")
    state.apply(Discard(0, 16))  # the red five
    assert [a for a in state.legal_actions(1) if isinstance(a, Pon)] == [Pon(1, (17, 18))]
    state.apply(Pon(1, (18, 19)))  # the same call with other plain copies
    assert state.players[1].melds[-1].tiles == (16, 18, 19) and 17 in state.players[1].hand


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
