"""``rich-v1``'s planes of the hand's discards and of the tiles out of sight count the tiles the
table plays: at a table of three, which plays no 2m-8m, none of those is unseen, and none is
counted among a discard's useful tiles (as the core's discard analysis for three players counts
them); at tables of four and two every tile is played."""

from __future__ import annotations

import numpy as np
import pytest

from riichi import _core
from riichi.env import PLANES, VectorEnv, encode
from riichi.env.actions import sample_actions
from riichi.game import Observation
from riichi.tiles import parse_counts
from tests.support.game import table

NAMES = [plane[0] for plane in PLANES["rich-v1"]]
SHANTEN, UKEIRE, UNSEEN = (NAMES.index(n) for n in ("discard shanten", "discard ukeire", "unseen"))


@pytest.mark.parametrize("preset", ["tenhou-3p", "tenhou", "2p"])
def test_the_discard_and_unseen_planes_count_the_tiles_in_play(preset: str) -> None:
    env = VectorEnv(1, preset, seed=2, encoding="rich-v1")
    obs, info = env.reset()
    players = env.players
    in_play = np.full(34, 4)
    if players == 3:
        in_play[1:8] = 0  # 2m-8m
    rng = np.random.default_rng(0)
    turns = 0
    for _ in range(1_500):
        if info["seat"][0] >= 0:
            observation = env.observation(0)
            counts = np.frombuffer(bytes(observation.counts), np.uint8).astype(int)
            visible = np.frombuffer(bytes(observation.visible), np.uint8).astype(int)
            np.testing.assert_array_equal(obs[0, UNSEEN] * 4, in_play - counts - visible)
            if counts.sum() % 3 == 2:
                turns += 1
                rows = _core.discard_analysis(counts.tolist(), visible.tolist(), players=players)
                for tile, shanten, _, unseen in rows.tolist():
                    assert obs[0, SHANTEN, tile] == pytest.approx((shanten + 1) / 8)
                    assert obs[0, UKEIRE, tile] == pytest.approx(unseen / 40)
        obs, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    assert turns > 400


def test_suji_at_a_table_of_three_reads_no_two_sided_wait_on_1m_or_9m() -> None:
    """With no 2m-8m, no two-sided wait takes 1m or 9m: both read as suji against every other
    seat at every decision, as 1p and 9p do where 4p and 6p are genbutsu; 2m-8m, never dealt,
    read nothing."""
    env = VectorEnv(1, "tenhou-3p", seed=4, encoding="rich-v1")
    obs, info = env.reset()
    rng = np.random.default_rng(1)
    suji = [NAMES.index(f"suji {seat}") for seat in ("right", "left")]
    for _ in range(300):
        if info["seat"][0] >= 0:
            planes = obs[0, suji]
            assert (planes[:, [0, 8]] == 1).all() and not planes[:, 1:8].any()
        obs, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    assert not obs[0, NAMES.index("suji across")].any()  # no seat across at a table of three


def test_danger_at_a_table_of_three_reads_no_two_sided_wait_on_1m_or_9m() -> None:
    """The danger planes at a table of three: 1m and 9m are won on a pair or a single wait alone
    (1.5 percent, half that with every copy in sight, 0 as genbutsu), never the 5.5 of a terminal
    a two-sided wait may take; 2m-8m, never dealt, deal in to no one."""
    env = VectorEnv(1, "tenhou-3p", seed=4, encoding="rich-v1")
    obs, info = env.reset()
    rng = np.random.default_rng(1)
    danger = [NAMES.index(f"danger {seat}") for seat in ("right", "left")]
    decisions = 0
    for _ in range(300):
        if info["seat"][0] >= 0:
            planes = obs[0, danger] * 12
            assert set(planes[:, [0, 8]].flat) <= {0.0, 0.75, 1.5}
            assert not planes[:, 1:8].any()
            decisions += 1
        obs, _, _, _, info = env.step(sample_actions(info["action_mask"], rng))
    assert decisions > 100


def test_the_hand_shanten_at_a_table_of_three_is_the_three_player_one() -> None:
    """1111m9999m66789s at three players: with no 2m-8m, the fourth 1m and 9m join nothing, two
    steps from tenpai (a table of four reads one, the 1m and 9m waiting on runs)."""
    hand = "1111m9999m66789s"
    state = table(["13467p258s12356z", hand, "258p369s1235677z"], rules="tenhou-3p")
    assert _core.shanten(parse_counts(hand), 3) == 2
    rich = encode(Observation(state, 1), "rich-v1")
    assert (rich[NAMES.index("shanten")] == (2 + 1) / 8).all()
