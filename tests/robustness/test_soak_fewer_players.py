"""Random-play soak of the presets of fewer than four players (two: ``2p``, ``2p-match``; three:
``tenhou-3p``, ``mahjongsoul-3p``): whole games with the checks of the four-seat soak (each tile
the rules play in exactly one place, the wall's unplayed part and the Norths set aside included;
points plus sticks constant; every listed action accepted on a clone, sampled illegal ones
refused, actions of the empty seats and kita of Norths not held among them) after every action.

``RIICHI_SOAK_GAMES`` scales the number of games as in the four-seat soak.
"""

from __future__ import annotations

import pytest

from tests.support.soak import GAMES, soak

PRESETS = ("2p", "2p-match", "tenhou-3p", "mahjongsoul-3p")


@pytest.mark.parametrize("preset", PRESETS)
def test_fewer_players_random_play_soak(preset: str) -> None:
    endings = soak(preset, max(20, GAMES // 10), greedy=False, clone_all=False)
    assert endings.get("exhaustive", 0) > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_fewer_players_greedy_play_soak_every_legal_action_accepted(preset: str) -> None:
    endings = soak(preset, max(20, GAMES // 50), greedy=True, clone_all=True)
    assert endings.get("ron", 0) > 0 and endings.get("tsumo", 0) > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_fewer_players_random_play_soak_10k(preset: str) -> None:
    """10,000 games per preset, legality sampled at every 8th decision."""
    soak(preset, 10_000, greedy=False, clone_all=False, legality_every=8)
