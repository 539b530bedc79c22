"""The riichi sticks: put down when the riichi discard passes (and not when it is won on), taken by
the winner with the counters, and under ``cardavia`` those left unclaimed returned as the game
ends (``RuleSet.leftover_sticks``; its other values are in test_final_results.py, several
winners' share in test_multi_ron.py)."""

from __future__ import annotations

from riichi.game import Position, Riichi, Ron
from riichi.game import events as ev
from tests.support.game import (
    GO_AROUND, NOTEN, QUIET, TENPAI, WIN_HAND, discard, hora, pass_claims, play_out, riichi, table,
    tile_in_hand, tsumogiri,
)


def test_riichi_puts_a_stick_down_when_the_discard_passes() -> None:
    state = table([QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], GO_AROUND + "8s9m")
    tsumogiri(state, 5)
    riichis = [a for a in state.legal_actions(1) if isinstance(a, Riichi)]
    assert riichis == [Riichi(1, tile_in_hand(state, 1, "9m"))]  # only 9m keeps the hand tenpai
    riichi(state, 1, "9m")
    pass_claims(state)
    tail = [e for e in state.events if isinstance(e, (ev.Reach, ev.Dahai, ev.ReachAccepted))][-3:]
    assert [e.type for e in tail] == ["reach", "dahai", "reach_accepted"]
    assert tail[2] == ev.ReachAccepted(1, (0, -1000, 0, 0), (30_000, 29_000, 30_000, 30_000))
    assert state.position.sticks == 1
    assert state.players[1].riichi and not state.players[1].double_riichi


def test_a_riichi_discard_won_on_is_void() -> None:
    hands = [QUIET[0], WIN_HAND, "78m345p456s777z22p", QUIET[2]]
    state = table(hands, GO_AROUND + "8s9m")
    tsumogiri(state, 5)
    riichi(state, 1, "9m")
    assert state.legal_actions(2)[0] == Ron(2)
    state.apply(Ron(2))
    assert not any(isinstance(e, ev.ReachAccepted) for e in state.events)
    assert hora(state)[0].deltas == (0, -1_300, 1_300, 0)
    assert state.scores == [30_000, 28_700, 31_300, 30_000]
    assert state.position.sticks == 0


def test_cardavia_returns_unclaimed_sticks_and_ends() -> None:
    state = table([NOTEN[0], TENPAI[1], NOTEN[2], NOTEN[3]], "2m", rules="cardavia")
    tsumogiri(state)
    state.apply(Riichi(1, state.drawn))  # type: ignore[arg-type]
    pass_claims(state)
    play_out(state)
    assert state.is_over
    assert state.final_scores == (24_000, 28_000, 24_000, 24_000)
    assert [e.type for e in state.events[-3:]] == ["ryukyoku", "end_kyoku", "end_game"]


def test_counters_and_sticks_go_to_the_winner() -> None:
    state = table(
        [QUIET[0], WIN_HAND, QUIET[1], QUIET[2]], "7z7z7z7z5z", honba=2, sticks=1,
        scores=[30_000, 30_000, 30_000, 29_000],
    )
    tsumogiri(state, 4)
    discard(state, 0, "5z")
    state.apply(Ron(1))
    assert hora(state)[0].deltas == (-1900, 2900, 0, 0)
    assert state.position == Position(0, 1, 0, 0)
