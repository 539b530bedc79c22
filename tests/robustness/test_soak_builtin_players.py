"""The built-in players over many whole games of every preset: each answer is one of the legal
actions the player was given, the game accepts it, and tiles and points are conserved.

The fast suite plays a few dozen games per preset; ``-m slow`` plays 2,000 per preset.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from riichi.agents import DefensiveAgent, EfficiencyAgent
from riichi.game import Action, Game, Observation
from riichi.rules import PRESET_NAMES, LeftoverSticks
from tests.support.soak import check_conservation


class Checked:
    """Passes each decision to ``inner`` and checks that its answer is an element of the list."""

    def __init__(self, inner: EfficiencyAgent) -> None:
        self.inner = inner
        self.decisions = 0

    def act(self, observation: Observation, legal_actions: Sequence[Action]) -> Action:
        action = self.inner.act(observation, legal_actions)
        assert any(action is a for a in legal_actions), (action, legal_actions)
        self.decisions += 1
        return action


def soak(preset: str, games: int) -> dict[str, int]:
    """Play ``games`` games with two of each built-in player, seats rotating; how hands ended."""
    endings: dict[str, int] = {}
    for index in range(games):
        players = [
            Checked(DefensiveAgent(seed=4 * index + s) if (s + index) % 2 else EfficiencyAgent(
                seed=4 * index + s))
            for s in range(4)
        ]
        state = Game(preset, seed=77, game_index=index).new_state()
        total = sum(state.scores)
        hands = 0
        while not state.is_over:
            for seat in state.acting_seats:
                state.apply(players[seat].act(Observation(state, seat), state.legal_actions(seat)))
            if len(state.outcomes) != hands and not state.is_over:
                hands = len(state.outcomes)
                check_conservation(state, total)
        lost = state.rules.leftover_sticks is LeftoverSticks.LOST
        left = 1_000 * state.position.sticks if lost else 0
        assert state.final_scores is not None and sum(state.final_scores) + left == total
        for outcome in state.outcomes:
            endings[outcome.reason] = endings.get(outcome.reason, 0) + 1
    return endings


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_agents_play_legally(preset: str) -> None:
    endings = soak(preset, 12)
    assert endings.get("ron", 0) and endings.get("tsumo", 0)


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_agents_play_legally_2000_games(preset: str) -> None:
    endings = soak(preset, 2_000)
    assert endings.get("ron", 0) and endings.get("tsumo", 0) and endings.get("exhaustive", 0)
