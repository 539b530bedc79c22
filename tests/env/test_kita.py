"""Kita in the environments: at a table of three, index 123 (``KITA``) is offered whenever the
table lists a kita and sets that North aside when taken, and every encoding shows the Norths each
seat set aside in its ``melds`` plane at 4z (a table of four sets none aside, so its planes are
what they were).
"""

from __future__ import annotations

import numpy as np
import pytest

from riichi.env import PLANES, VectorEnv, legal_indices
from riichi.env.actions import KITA, sample_actions
from riichi.game import GameResult, Kita, Observation
from riichi.game import events as ev

NORTH = 30
MELDS = [name for name, _, _, _ in PLANES["compact-v1"]].index("melds self")
TABLES = 4


def norths_shown(state: object, seat: int, players: int,
                 obs: np.ndarray) -> list[tuple[float, float]]:
    """For each seat counted from ``seat``: (its melds plane at 4z, the Norths in its melds and
    set aside / 4)."""
    shown = []
    for r in range(players):
        s = (seat + r) % players
        k = r if r < 2 else r + 4 - players  # with three players the seat before is "left"
        q = state.players[s]  # type: ignore[attr-defined]
        melded = sum(1 for meld in q.melds for tile in meld.tiles if tile >> 2 == NORTH)
        shown.append((float(obs[MELDS + k, NORTH]), (melded + len(q.kita)) / 4))
    return shown


@pytest.mark.parametrize(("preset", "encoding"), [("tenhou-3p", "compact-v1"),
                                                   ("mahjongsoul-3p", "rich-v1")])
def test_three_player_tables_play_to_the_end_offering_and_taking_kita(
        preset: str, encoding: str) -> None:
    results: dict[int, GameResult] = {}  # each table's first game
    env = VectorEnv(TABLES, preset, seed=5, encoding=encoding, record_events=True,
                    on_game_end=lambda t, r: results.setdefault(t, r))
    obs, info = env.reset()
    rng = np.random.default_rng(5)
    offered = taken = 0
    while len(results) < TABLES:
        actions = sample_actions(info["action_mask"], rng)
        for t in range(TABLES):
            seat = int(info["seat"][t])
            if seat < 0 or t in results:
                continue
            state = env.state(t)
            legal = state.legal(seat)
            observation = Observation(state, seat)
            assert np.flatnonzero(info["action_mask"][t]).tolist() == legal_indices(legal,
                                                                                    observation)
            has_kita = any(isinstance(a, Kita) for a in legal)
            assert bool(info["action_mask"][t, KITA]) == has_kita
            offered += has_kita
            for plane, expected in norths_shown(state, seat, 3, obs[t]):
                assert plane == expected
            if has_kita:
                actions[t] = KITA  # take every kita offered, to see it done
                taken += 1
        obs, _, _, _, info = env.step(actions)
    assert offered == taken > 20
    declared = sum(isinstance(e, ev.KitaDeclared) for r in results.values() for e in r.events)
    assert declared == taken
    for result in results.values():
        assert len(result.final_scores) == 3 and sorted(result.ranks) == [1, 2, 3]
