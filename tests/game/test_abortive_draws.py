"""Abortive draws (``RuleSet.abortive_draws``): four kans by more than one player, four winds
and four riichi end the hand where the rules have them."""

from __future__ import annotations

import pytest

from riichi.game import Ankan, Discard, GameState, Kakan, Pass, Phase, Position, Riichi
from tests.support.game import QUIET, TENPAI, discard, pass_claims, table, throw, tsumogiri


def kinds(state: GameState, seat: int) -> list[str]:
    return [type(a).__name__ for a in state.legal_actions(seat)]


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_kans(rules: str, aborts: bool) -> None:
    hands = ["789m258p367s1234z", "111m222m333m5z6z7z4p", "456m369p147s999s5z", "789m777p258s1234z"]
    state = table(hands, "9p1m9s", rules=rules, replacements="2m3m8p7p")
    tsumogiri(state)
    for kind in (0, 1, 2):  # three concealed kans in a row, each on its replacement tile
        state.apply(Ankan(1, kind))
    tsumogiri(state)  # seat 1 throws 8p
    state.apply(Ankan(2, 26))  # the fourth kan, by a second player
    assert not any(isinstance(a, (Ankan, Kakan)) for a in state.legal_actions(2))  # no fifth
    throw(state)  # seat 2 throws 7p: seat 3 holds 777p but may not kan
    if aborts:  # nor pon: the hand ends unless the discard is won on, so nobody is asked
        assert state.outcomes[0].reason == "four_kans"
        assert state.position == Position(0, 0, 1, 0)
    else:
        assert "Daiminkan" not in kinds(state, 3) and "Pon" in kinds(state, 3)
        state.apply(Pass(3))
        assert state.phase is Phase.TURN and state.turn == 3


@pytest.mark.parametrize("rules", ["ema", "tenhou", "mahjongsoul"])
def test_four_kans_by_one_player_do_not_abort(rules: str) -> None:
    # seat 1 declares all four kans (it may yet make four quads): no abort, but no fifth kan
    hands = [None, "111m222m333m444m5z", None, None]
    state = table(hands, "9p1m", rules=rules, replacements="2m3m4m7p")
    tsumogiri(state)
    for kind in (0, 1, 2, 3):
        state.apply(Ankan(1, kind))
    assert state.kan_seats == [1, 1, 1, 1]
    assert not any(isinstance(a, (Ankan, Kakan)) for a in state.legal_actions(1))
    discard(state, 1, "7p")
    pass_claims(state)
    assert state.outcomes == [] and state.phase is Phase.TURN and state.turn == 2


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_winds(rules: str, aborts: bool) -> None:
    hands = [QUIET[0], QUIET[1], QUIET[2], "258m147p369s1567z"]
    state = table(hands, "7s8s9s7z", rules=rules)
    for seat in range(4):
        tile = next(t for t in sorted(state.players[seat].hand) if t >> 2 == 27)
        state.apply(Discard(seat, tile))
        pass_claims(state)
    assert (bool(state.outcomes) and state.outcomes[0].reason == "four_winds") is aborts


@pytest.mark.parametrize(("rules", "aborts"), [("ema", False), ("tenhou", True)])
def test_four_riichi(rules: str, aborts: bool) -> None:
    state = table(list(TENPAI), "5m5p5s5m", rules=rules)
    for _ in range(4):
        state.apply(Riichi(state.turn, state.drawn))  # type: ignore[arg-type]
        pass_claims(state)
    if aborts:
        assert state.outcomes[0].reason == "four_riichi"
        assert state.position == Position(0, 0, 1, 4)  # the sticks stay on the table
    else:
        assert not state.outcomes and state.position.sticks == 4
