"""The pond planes the environments keep from one decision to the next (``PondPlanes``: only the
discards made since a table's last decision are written) give, at every decision, what the
observation alone gives: ``VectorEnv``'s planes are ``write``'s of the same observation into a
fresh array, at tables of four, three and two players, with seats kept by built-in players (whose
decisions the environment does not see), across hands, games and a reset; and ``encode_record``'s
are ``write``'s at each decision of the replay.
"""

from __future__ import annotations

import gzip

import numpy as np
import pytest

from riichi.env import VectorEnv, encode_record
from riichi.env.actions import sample_actions
from riichi.env.encoders import PLANES, encoding_code, write
from riichi.game.observation import Observation
from riichi.game.replay import replay
from riichi.logs import read
from tests.support.paths import DATA

COMPACT = encoding_code("compact-v1")


RIICHI_TILES = [plane[0] for plane in PLANES["compact-v1"]].index("riichi tile self")


def assert_fresh(env: VectorEnv, obs: np.ndarray, seats: np.ndarray) -> tuple[int, int]:
    """Each waiting table's planes are those written afresh; how many tables waited, and how
    many of them show a seat's riichi tile (kept as its type, not as a plane)."""
    waiting = riichi = 0
    for table in range(env.num_envs):
        if seats[table] < 0:
            continue
        fresh = np.full(obs.shape[1:], np.nan, np.float32)
        write(COMPACT, env.observation(table), env.state(table), fresh)
        assert np.array_equal(obs[table], fresh), table
        waiting += 1
        riichi += bool(fresh[RIICHI_TILES:RIICHI_TILES + 4].any())
    return waiting, riichi


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-3p", "2p"])
def test_the_environments_planes_are_the_observations_own(preset: str) -> None:
    players = VectorEnv(1, preset).players
    opponents = [None, "efficiency", None, "defensive"][:players]
    env = VectorEnv(4, preset, seed=3, opponents=opponents)
    rng = np.random.default_rng(3)
    obs, info = env.reset()
    checked, riichi = assert_fresh(env, obs, info["seat"])
    games = 0
    for step in range(1500):
        if step == 900:  # the first games again, on planes kept from other hands
            obs, info = env.reset(seed=3)
        else:
            obs, _, terminated, _, info = env.step(sample_actions(info["action_mask"], rng))
            games += int(terminated.sum())
        waiting, shown = assert_fresh(env, obs, info["seat"])
        checked += waiting
        riichi += shown
    assert games >= 2 and checked > 4000 and riichi > 500


def test_encode_records_planes_are_the_observations_own() -> None:
    path = sorted((DATA / "mjlog").glob("*.mjlog.gz"))[0]
    record = read(gzip.decompress(path.read_bytes()).decode())
    data = encode_record(record, rules="tenhou")
    fresh: list[np.ndarray] = []

    def encode(round_index: int, state: object, seat: int, action: object) -> None:
        out = np.full(data.obs.shape[1:], np.nan, np.float32)
        write(COMPACT, Observation(state, seat), state, out)  # type: ignore[arg-type]
        fresh.append(out)

    replay(record, rules="tenhou", on_decision=encode)
    assert len(fresh) == len(data) > 500
    assert np.array_equal(np.stack(fresh), data.obs)
