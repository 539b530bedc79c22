"""Duplicate deals in the environments: with ``duplicate=True`` the games come in groups of as
many as the table has seats, each group one deal played with the seats rotated one place a game,
so that every entry of ``opponents`` (the caller's seat too) plays the deal from every seat; at
tables of four, three and two."""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.env.actions import sample_actions
from riichi.game import GameResult
from riichi.rules import RuleSet


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p", "2p"])
def test_each_deal_is_played_once_from_every_seat(preset: str) -> None:
    ended: list[GameResult] = []
    players = RuleSet.preset(preset).players
    vector = VectorEnv(1, preset, seed=5, opponents=[None] + ["random"] * (players - 1),
                       duplicate=True, record_events=True,
                       on_game_end=lambda table, result: ended.append(result))
    _, info = vector.reset()
    learner = [int(info["seat"][0])]  # the caller's seat at each game's first decision
    rng = np.random.default_rng(5)
    while len(ended) < players + 1:
        _, _, terminated, _, info = vector.step(sample_actions(info["action_mask"], rng))
        if terminated[0]:
            _, _, _, _, info = vector.step([0])  # the next game is dealt at the next step
            learner.append(int(info["seat"][0]))
    deals = [game.events[1].tehais for game in ended]  # each game's first hands
    assert all(deals[k] == deals[0] for k in range(players)) and deals[players] != deals[0]
    # game k: seat s is kept by entry (s + k) % players, the caller's entry 0 at seat -k
    assert learner[:players + 1] == [(-k) % players for k in range(players)] + [0]
