"""Random-play soak of the three-player presets: whole games with the checks of the four-seat soak
(each of the 108 tiles in exactly one place, the Norths set aside and the wall's dead part
included; points plus sticks constant; every listed action accepted on a clone, sampled illegal
ones refused, actions of the empty seat 3 and kita of Norths not held among them) after every
action.

``RIICHI_SOAK_GAMES`` scales the number of games as in the four-seat soak; the slow run plays
10,000 games.
"""

from __future__ import annotations

import pytest
from test_game_soak import GAMES, soak

PRESETS = ("tenhou-3p", "mahjongsoul-3p")


@pytest.mark.parametrize("preset", PRESETS)
def test_three_player_random_play_soak(preset: str) -> None:
    endings = soak(preset, max(20, GAMES // 10), greedy=False, clone_all=False)
    assert endings.get("exhaustive", 0) > 0 and endings.get("nine_terminals", 0) > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_three_player_greedy_play_soak_every_legal_action_accepted(preset: str) -> None:
    endings = soak(preset, max(20, GAMES // 50), greedy=True, clone_all=True)
    assert endings.get("ron", 0) > 0 and endings.get("tsumo", 0) > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_three_player_random_play_soak_10k(preset: str) -> None:
    """10,000 games over the two presets, legality sampled at every 4th decision."""
    soak(preset, 10_000 // len(PRESETS), greedy=False, clone_all=False, legality_every=4)
