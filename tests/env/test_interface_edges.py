"""The edges of the single-seat and multi-agent interfaces as their users meet them: settings
that make no sense refused by name when the environment is made, calls out of order refused with
riichi's errors, and Gymnasium's and PettingZoo's conventions kept."""

from __future__ import annotations

import gc
import re
import weakref
from typing import Any

import gymnasium
import numpy as np
import pytest

from riichi.env.gym import SeatEnv
from riichi.env.pettingzoo import RiichiAEC, RiichiParallel, env, parallel_env, raw_env
from riichi.errors import RiichiError, WrongTypeError


def test_a_single_seat_env_with_no_opponents_is_refused() -> None:
    # None for every other seat would leave every seat to the learner: no single seat at all
    with pytest.raises(RiichiError, match=r"opponents=None: expected who keeps the other seats"):
        SeatEnv("tenhou", opponents=None)


@pytest.mark.parametrize("illegal_reward", ["-1", True, [1.0]])
def test_an_illegal_reward_that_is_no_number_is_refused_when_the_env_is_made(
        illegal_reward: object) -> None:
    # it was kept, and the first illegal action failed on it with a bare ValueError or TypeError
    with pytest.raises(WrongTypeError, match=rf"illegal_reward={re.escape(repr(illegal_reward))}"
                                             r": expected a number or None"):
        SeatEnv("tenhou", "random", illegal_reward=illegal_reward)  # type: ignore[arg-type]


def test_an_illegal_reward_of_numpys_is_paid_as_a_float() -> None:
    seat = SeatEnv("tenhou", "random", illegal_reward=np.float32(-2.5))
    _, info = seat.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = seat.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-2.5, True, True)
    assert type(reward) is float


def test_a_seed_of_numpys_seeds_the_single_seat_env_as_the_same_int() -> None:
    # the vector env took it, then Gymnasium's reset refused it with an error not riichi's,
    # after the table had been dealt anew
    seat, twin = SeatEnv("tenhou", "random"), SeatEnv("tenhou", "random")
    obs, info = seat.reset(seed=np.int64(5))
    expected, expected_info = twin.reset(seed=5)
    assert np.array_equal(obs, expected)
    assert np.array_equal(info["action_mask"], expected_info["action_mask"])
    assert seat.np_random.random() == twin.np_random.random()


def test_gymnasium_makes_the_single_seat_env_with_no_render_mode() -> None:
    made = gymnasium.make("riichi/Seat-v1", render_mode=None)  # as a training script passes it
    assert made.unwrapped.render_mode is None
    obs, _ = made.reset(seed=1)
    assert obs.shape == (39, 34)


def test_a_render_mode_is_refused_by_name() -> None:
    with pytest.raises(RiichiError, match=r"render_mode='human': expected None \(SeatEnv "
                                          r"renders nothing"):
        SeatEnv("tenhou", render_mode="human")


def played_to_the_end(table: RiichiAEC) -> None:
    """Play the AEC ``table`` (reset already) with each agent's first legal index to the end,
    every agent stepped out with None once done, as PettingZoo's loop does."""
    for _ in table.agent_iter():
        obs, _, terminated, truncated, _ = table.last()
        done = terminated or truncated
        table.step(None if done else int(np.flatnonzero(obs["action_mask"])[0]))


def test_a_raw_aec_step_with_no_game_in_progress_is_refused() -> None:
    # before: AttributeError (no terminations yet); after every agent was done: KeyError
    table = raw_env("2p")
    with pytest.raises(RiichiError, match=r"no game in progress: call reset\(\)"):
        table.step(0)
    table.reset(seed=3)
    played_to_the_end(table)
    assert table.agents == []
    with pytest.raises(RiichiError, match=r"no game in progress: call reset\(\)"):
        table.step(0)
    table.reset(seed=3)
    assert table.agent_selection == "player_0"


def test_a_parallel_step_with_no_game_in_progress_is_refused() -> None:
    # after the game's end a step was played as if nothing were wrong, and gave every agent's
    # observation with no rewards
    table = parallel_env("2p")
    with pytest.raises(RiichiError, match=r"no game in progress: call reset\(\)"):
        table.step({})
    observations, _ = table.reset(seed=3)
    while table.agents:
        actions = {agent: int(np.flatnonzero(seen["action_mask"])[0])
                   for agent, seen in observations.items() if seen["action_mask"].any()}
        observations, *_ = table.step(actions)
    with pytest.raises(RiichiError, match=r"no game in progress: call reset\(\)"):
        table.step({})


@pytest.mark.parametrize("make", [env, raw_env, parallel_env])
def test_pettingzoos_makers_take_no_render_mode_and_refuse_one(make: Any) -> None:
    # PettingZoo's envs are made with render_mode=...: it was a TypeError
    assert make("tenhou-3p", render_mode=None).unwrapped.render_mode is None
    with pytest.raises(RiichiError, match=r"render_mode='human': expected None"):
        make("tenhou-3p", render_mode="human")


@pytest.mark.parametrize("make", [RiichiAEC, RiichiParallel])
def test_an_environment_let_go_is_freed_with_its_table(make: Any) -> None:
    # the spaces were cached per (environment, agent) in a cache of the class, which kept every
    # environment asked for its spaces, with its table's hands and wall, for the process's life
    made = make(rules="tenhou")
    made.reset(seed=1)
    for agent in made.possible_agents:
        assert made.observation_space(agent) is made.observation_space(agent)
        assert made.action_space(agent) is made.action_space(agent)
    freed = weakref.ref(made)
    made.close()
    del made
    gc.collect()
    assert freed() is None
