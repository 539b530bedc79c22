"""``action_index`` names the index of one of the decision's actions: an action of another seat,
a claim where nothing is offered, or a turn's action at a claim is refused by name, where each
was given an index of the space as if it were legal (a chi on a turn was "chi lowest")."""

from __future__ import annotations

import pytest

from riichi.env import VectorEnv, action_index, legal_indices
from riichi.env.actions import PASS
from riichi.errors import IllegalActionError
from riichi.game import Game, Observation
from riichi.game.actions import Chi, Discard, Pass, Pon, Ron, Tsumo


def test_actions_that_are_not_of_the_decision_are_refused() -> None:
    state = Game("tenhou", seed=3).new_state()
    turn = Observation(state, 0)  # seat 0's first turn: nothing is offered
    cases = [
        (Discard(seat=1, tile=100), r"seat 1: discard 8s is seat 1's: expected an action of "
                                    r"seat 0, whose decision the observation shows"),
        (Chi(seat=0, tiles=(0, 4)), r"seat 0: chi 12m claims a tile, and this decision is seat "
                                    r"0's turn: expected an action of its turn"),
        (Pon(seat=0, tiles=(0, 1)), r"seat 0: pon 11m claims a tile"),
        (Ron(seat=0), r"seat 0: ron claims a tile"),
        (Pass(seat=0), r"seat 0: pass claims a tile"),
    ]
    for action, message in cases:
        with pytest.raises(IllegalActionError, match=message):
            action_index(action, turn)
    assert legal_indices(state.legal(0), turn)  # the decision's own actions are indexed
    claim = to_a_claim()
    with pytest.raises(IllegalActionError, match=rf"seat {claim.seat}: tsumo is an action of a "
                                                 r"turn, and this decision is a claim"):
        action_index(Tsumo(seat=claim.seat), claim)


def to_a_claim() -> Observation:
    """The observation of the first claim of a seeded game played with the first legal index."""
    env = VectorEnv(1, "tenhou", seed=1)
    _, info = env.reset()
    while not info["action_mask"][0, PASS]:
        _, _, _, _, info = env.step(info["action_mask"].argmax(axis=1))
    return env.observation(0)
