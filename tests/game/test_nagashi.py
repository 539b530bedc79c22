"""Nagashi mangan (``RuleSet.nagashi``): at the exhaustive draw, a seat that discarded only
terminals and honours, none of them called, is paid a mangan tsumo where the rules have it."""

from __future__ import annotations

import pytest

from riichi.game import Game, Pass, Pon, Wall
from riichi.game import events as ev
from riichi.game.draws import noten_payments
from tests.support.game import first, pass_claims, play_out, throw, tsumogiri

# Nobody can win on what the others throw; seat 2 holds 99m, a pon of seat 1's first discard.
HANDS = ["2345m2345p2345s2m", "2345m2345p2345s3m", "678m678p678s4m4p99m", "678m678p678s3p3s4m4s"]
NINE_M = 32  # 9m's first 136-id: its two copies nobody holds are 34 and 35


def wall_for_seat_1(called: bool) -> Wall:
    """Seat 1 draws the 9m first, then only honours to the end of the live wall (the pon of
    its 9m makes seat 3 draw next, which moves seat 1's later draws one place up)."""
    wall = Wall.arranged(HANDS)
    yama = wall.yama
    first_draw = 82  # the dealer draws from 83, then each seat in turn one place lower
    spare = yama.index(34)
    yama[first_draw], yama[spare] = yama[spare], yama[first_draw]
    for j, tile in enumerate(range(108, 125), start=1):  # 1z-4z and one 5z
        place, here = 83 - 4 * j - (0 if called else 1), yama.index(tile)
        yama[place], yama[here] = yama[here], yama[place]
    return wall


@pytest.mark.parametrize("called", [False, True])
def test_a_called_discard_loses_nagashi_mangan(called: bool) -> None:
    state = Game("tenhou").new_state(walls=[wall_for_seat_1(called)])
    tsumogiri(state)  # the dealer
    throw(state)  # seat 1's 9m
    if called:
        state.apply(first(state, 2, Pon))
        state.apply(next(a for a in state.legal_actions(2) if a.tile >> 2 == 3))  # 4m
        pass_claims(state)
    else:
        state.apply(Pass(2))
        pass_claims(state)
    play_out(state)
    end = next(i for i, e in enumerate(state.events) if isinstance(e, ev.Ryukyoku))
    drawn = state.events[end]
    discarded = [e.pai >> 2 for e in state.events[:end] if isinstance(e, ev.Dahai) and e.actor == 1]
    assert set(discarded) <= {8, *range(27, 34)} and len(discarded) == 18  # 9m and honours
    outcome = state.outcomes[0]
    if called:  # seat 1's discard was called: noten payments, as if it had no nagashi
        assert outcome.reason == "exhaustive"
        assert outcome.deltas == tuple(noten_payments(3_000, drawn.tenpai, 4))
    else:
        assert outcome.reason == "nagashi_mangan"
        assert outcome.deltas == (-4_000, 8_000, -2_000, -2_000)


@pytest.mark.parametrize(
    ("rules", "reason", "deltas"),
    [
        ("tenhou", "nagashi_mangan", (-4_000, 8_000, -2_000, -2_000)),
        ("ema", "exhaustive", None),
    ],
)
def test_nagashi_mangan(rules: str, reason: str, deltas: tuple[int, ...] | None) -> None:
    hands = [
        "2345m2345p2345s2m", "2345m2345p2345s3m", "678m678p678s4m4p4s7m", "678m678p678s3p3s4m4s"
    ]
    wall = Wall.arranged(hands)
    yama = wall.yama
    honors = list(range(108, 126))  # 1z-4z and two 5z: seat 1 draws nothing else
    for j, tile in enumerate(honors):
        place, here = 83 - (1 + 4 * j), yama.index(tile)
        yama[place], yama[here] = yama[here], yama[place]
    state = Game(rules).new_state(walls=[wall])
    play_out(state)
    outcome = state.outcomes[0]
    assert outcome.reason == reason
    if deltas is not None:
        assert outcome.deltas == deltas
