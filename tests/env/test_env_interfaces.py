"""The standard interfaces: PettingZoo's own API tests (AEC and Parallel) and Gymnasium's
environment checker pass; the single-seat environment plays the simulator's games with its
opponents; ``riichi.env`` imports without the ``env`` extra and its interfaces name the extra."""

from __future__ import annotations

import subprocess
import sys
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test

from riichi.agents import EfficiencyAgent, RandomAgent
from riichi.agents.registry import agent_seed
from riichi.env.actions import PASS, action_index
from riichi.env.gym import SeatEnv
from riichi.env.pettingzoo import env, parallel_env
from riichi.errors import IllegalActionError, RiichiError
from riichi.game import Game, Observation, play_game
from riichi.game.driver import Driver


@pytest.mark.parametrize("rules", ["tenhou", "cardavia", "tenhou-3p"])
def test_pettingzoos_aec_api_test(rules: str) -> None:
    api_test(env(rules=rules), num_cycles=1_000)


@pytest.mark.parametrize(("rules", "encoding"), [
    ("tenhou", "compact-v1"), ("tenhou", "rich-v1"), ("tenhou-3p", "oracle-v1"), ("2p", "rich-v1"),
])
def test_pettingzoos_parallel_api_test(rules: str, encoding: str) -> None:
    parallel_api_test(parallel_env(rules=rules, encoding=encoding), num_cycles=1_000)


def test_gymnasiums_environment_checker() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of the checker is a failure here
        check_env(SeatEnv("tenhou", "efficiency"), skip_render_check=True)
        check_env(SeatEnv("tenhou-3p", "efficiency"), skip_render_check=True)
        check_env(gymnasium.make("riichi/Seat-v1", opponents="random").unwrapped,
                  skip_render_check=True)


def test_an_aec_game_plays_to_its_end_with_every_seat_rewarded() -> None:
    table = env(rules="tenhou")
    table.reset(seed=4)
    totals = dict.fromkeys(table.possible_agents, 0.0)
    rng = np.random.default_rng(0)
    for agent in table.agent_iter():
        observation, reward, terminated, truncated, _ = table.last()
        totals[agent] += reward
        if terminated or truncated:
            table.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        table.step(int(rng.choice(legal)))
    assert table.agents == []
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-6)  # placement points add to 0
    assert any(abs(total) > 1 for total in totals.values())


def test_the_parallel_env_asks_every_claimant_at_once() -> None:
    table = parallel_env()
    observations, _ = table.reset(seed=2)
    rng = np.random.default_rng(5)
    claims = 0
    while table.agents:
        deciding = [a for a in table.agents if observations[a]["action_mask"].any()]
        assert deciding
        if len(deciding) > 1:
            assert all(observations[a]["action_mask"][PASS] for a in deciding)
            claims += 1
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                   if a in deciding else 0 for a in table.agents}
        observations, *_ = table.step(actions)
    assert claims > 0


def test_the_single_seat_env_plays_the_simulators_games() -> None:
    """Seat 0 kept by the caller (its choices a RandomAgent's, on a game of its own beside the
    environment's), the others by built-in players: the games of play_game with those players
    seeded as the simulator seeds them."""
    seed = 6
    seat_env = SeatEnv("tenhou", [None, "efficiency", "efficiency", "random"])
    for game in range(3):  # the first episode after a seed plays its first game, and so on
        _, info = seat_env.reset(seed=seed) if game == 0 else seat_env.reset()
        agents = [RandomAgent(agent_seed(seed, game, 0)),
                  EfficiencyAgent(agent_seed(seed, game, 1)),
                  EfficiencyAgent(agent_seed(seed, game, 2)),
                  RandomAgent(agent_seed(seed, game, 3))]
        expected = play_game("tenhou", agents, seed=seed, game_index=game)
        # the learner's choices, made on a game of its own with the same players
        mine = RandomAgent(agent_seed(seed, game, 0))
        driver = Driver(Game("tenhou", seed, game).new_state(), [None] + [
            EfficiencyAgent(agent_seed(seed, game, 1)), EfficiencyAgent(agent_seed(seed, game, 2)),
            RandomAgent(agent_seed(seed, game, 3))])
        driver.advance()
        total = 0.0
        terminated = False
        while not terminated:
            observation = Observation(driver.state, 0)
            action = mine.act(observation, driver.legal)
            index = action_index(action, observation)
            assert info["action_mask"][index]
            driver.take(action)
            _, reward, terminated, _, info = seat_env.step(index)
            total += float(reward)
        assert driver.seat == -1 and driver.state.final_scores == expected.final_scores
        assert total == pytest.approx(expected.results[0] / 1000, abs=1e-4)


def test_the_interfaces_name_the_extra_they_need() -> None:
    script = (
        "import sys\n"
        "sys.modules['gymnasium'] = sys.modules['pettingzoo'] = None  # not installed\n"
        "import riichi.env\n"
        "env = riichi.env.VectorEnv(2)\n"
        "print(env.reset(seed=1)[0].shape)\n"
        "for name in ('riichi.env.gym', 'riichi.env.pettingzoo'):\n"
        "    try:\n"
        "        __import__(name)\n"
        "    except ImportError as error:\n"
        "        print(type(error).__name__, error)\n"
    )
    out = lines_printed(script)
    assert out[0] == "(2, 39, 34)"
    assert out[1].startswith("MissingExtraError riichi.env.gym needs gymnasium and pettingzoo: "
                             "pip install 'riichi[env]'")
    assert out[2].startswith("MissingExtraError riichi.env.pettingzoo needs")


def test_an_illegal_index_ends_the_episode_or_is_refused() -> None:
    seat_env = SeatEnv("tenhou", "random", illegal_reward=-5.0)
    _, info = seat_env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    obs, reward, terminated, _, info = seat_env.step(illegal)
    assert terminated and reward == -5.0 and info["illegal_action"] and not obs.any()
    with pytest.raises(RiichiError, match="the episode is over"):
        seat_env.step(0)
    strict = SeatEnv("tenhou", "random", illegal_reward=None)
    _, info = strict.reset(seed=3)
    with pytest.raises(IllegalActionError, match=r"^action=\d+ is not legal \(seat 0 may: discard"):
        strict.step(illegal)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    strict.step(legal)  # the refused index changed nothing


def test_gymnasium_makes_the_single_seat_env_by_its_id_in_a_new_process() -> None:
    script = (
        "import gymnasium\n"
        "seat = gymnasium.make('riichi.env.gym:riichi/Seat-v1', rules='tenhou-3p',\n"
        "                      opponents='random')\n"
        "obs, info = seat.reset(seed=1)\n"
        "print(obs.shape, info['seat'])\n"
        "print(gymnasium.make('riichi/Seat-v1').reset(seed=1)[0].shape)\n"
    )
    assert lines_printed(script) == ["(39, 34) 0", "(39, 34)"]


def lines_printed(script: str) -> list[str]:
    """What ``script`` prints, run by this Python in a new process."""
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          check=True).stdout.splitlines()
