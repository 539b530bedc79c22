"""Random-play soak tests: whole games with invariants checked after every action.

After every action each of the 136 tiles is in exactly one place and points plus the riichi sticks
on the table are constant; every listed legal action is accepted (on a clone) while a sample of
illegal ones is rejected with the state unchanged, at every decision of the greedy soak and every
second decision of the random one (whose 2,000 games a preset find more by their number than by
checking the same kinds of decision twice as often; the legality checks are three quarters of its
time).

``RIICHI_SOAK_GAMES`` overrides the number of games per preset (the default is what CI runs).
"""

from __future__ import annotations

import pytest

from tests.support.soak import GAMES, soak

PRESETS = ("ema", "cardavia", "tenhou")


@pytest.mark.parametrize("preset", PRESETS)
def test_random_play_soak(preset: str) -> None:
    endings = soak(preset, GAMES, greedy=False, clone_all=False, legality_every=2)
    assert endings.get("exhaustive", 0) > 0


@pytest.mark.parametrize("preset", PRESETS)
def test_greedy_play_soak_every_legal_action_accepted(preset: str) -> None:
    endings = soak(preset, max(20, GAMES // 20), greedy=True, clone_all=True)
    assert endings.get("ron", 0) + endings.get("tsumo", 0) > 0


@pytest.mark.slow
@pytest.mark.parametrize("preset", PRESETS)
def test_random_play_soak_100k(preset: str) -> None:
    """100,000 games over the presets; legality sampled at every 8th decision to keep it to
    about an hour on one core."""
    soak(preset, -(-100_000 // len(PRESETS)), greedy=False, clone_all=False, legality_every=8)
