"""Bad input to the environments is refused with an error of riichi's saying what was wrong and
what was expected, and changes nothing: the next good call behaves as if the bad one never
came."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest

from riichi.agents import RandomAgent
from riichi.env import VectorEnv, encode
from riichi.env.actions import action_index, integer_indices, sample_actions
from riichi.env.gym import SeatEnv
from riichi.env.pettingzoo import RiichiParallel, env, parallel_env
from riichi.env.spaces import planes_space
from riichi.errors import IllegalActionError, RiichiError, WrongTypeError
from riichi.game import Game, Observation


def to_a_claim_of_two(table: RiichiParallel, seed: int) -> dict[str, Any]:
    """Play ``table`` from ``seed`` with seeded random legal actions to the first decision of two
    seats at once (a claim on a discard); its observations."""
    observations, _ = table.reset(seed=seed)
    rng = np.random.default_rng(seed)
    while True:
        deciding = [a for a in table.agents if observations[a]["action_mask"].any()]
        if len(deciding) > 1:
            return observations
        actions = {a: int(rng.choice(np.flatnonzero(observations[a]["action_mask"])))
                   for a in deciding}
        observations, *_ = table.step(actions)


@pytest.mark.parametrize("second", ["illegal", "missing"])
def test_a_parallel_step_refused_for_its_second_claimant_takes_no_answer(second: str) -> None:
    table, twin = parallel_env(), parallel_env()
    observations = to_a_claim_of_two(table, seed=1)
    to_a_claim_of_two(twin, seed=1)
    first, last = [a for a in table.agents if observations[a]["action_mask"].any()][:2]
    # each claimant's last legal index (a pass) now, its first (a call) in the refused step
    answers = {a: int(np.flatnonzero(observations[a]["action_mask"])[-1]) for a in (first, last)}
    bad = {a: int(np.flatnonzero(observations[a]["action_mask"])[0]) for a in (first, last)}
    if second == "illegal":
        bad[last] = int(np.flatnonzero(observations[last]["action_mask"] == 0)[0])
        message = rf"actions\['{last}'\]={bad[last]} is not legal \({last} may: .*pass"
    else:
        del bad[last]
        message = f"{last} has a decision now and no action was given"
    with pytest.raises(IllegalActionError, match=message):
        table.step(bad)
    after = table.step(answers)
    expected = twin.step(answers)
    for agent in table.possible_agents:
        assert np.array_equal(after[0][agent]["observation"], expected[0][agent]["observation"])
        assert np.array_equal(after[0][agent]["action_mask"], expected[0][agent]["action_mask"])
    assert after[1:] == expected[1:]


@pytest.mark.parametrize("action", ["3", 3.0, None, np.array([3, 4]), 2**70],
                         ids=["str", "float", "None", "array", "huge"])
def test_an_action_that_is_no_integer_index_is_refused_by_every_interface(action: object) -> None:
    expected = r"action=.*: expected an integer action index 0-123"
    seat = SeatEnv("tenhou", "random", illegal_reward=-1.0)
    _, info = seat.reset(seed=3)
    with pytest.raises(IllegalActionError, match=expected):
        seat.step(action)  # not an index at all: no chombo, nothing changes
    legal = int(np.flatnonzero(info["action_mask"])[0])
    assert not seat.step(legal)[4]["illegal_action"]
    table = env()
    table.reset(seed=3)
    with pytest.raises(IllegalActionError, match=expected):
        table.step(action)
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    parallel = parallel_env()
    observations, _ = parallel.reset(seed=3)
    with pytest.raises(IllegalActionError, match=expected):
        parallel.step({"player_0": action})
    with pytest.raises(WrongTypeError, match=r"actions=\[3\]: expected a dict of each agent's"):
        parallel.step([3])
    parallel.step({"player_0": int(np.flatnonzero(observations["player_0"]["action_mask"])[0])})


def test_an_integer_array_of_one_index_is_taken_as_gymnasium_gives_it() -> None:
    seat = SeatEnv("tenhou", "random")
    _, info = seat.reset(seed=3)
    legal = np.flatnonzero(info["action_mask"])
    assert not seat.step(np.array(legal[0]))[4]["illegal_action"]
    _, info = seat.reset(seed=3)
    assert not seat.step(np.int32(legal[0]))[4]["illegal_action"]


def test_the_indices_written_into_an_array_are_the_ones_given_and_a_refusal_writes_none() -> None:
    out = np.full(3, 7, np.int64)
    assert integer_indices(np.array([1, 122, 0], np.uint8), (3,), "3 indices", out) is out
    assert out.tolist() == [1, 122, 0]
    for bad in ([0.5, 1.0, 2.0], np.zeros(2, np.int64), [np.iinfo(np.uint64).max] * 3):
        with pytest.raises(IllegalActionError, match="expected 3 indices"):
            integer_indices(np.array(bad), (3,), "3 indices", out)
        assert out.tolist() == [1, 122, 0]


@pytest.mark.parametrize("dtype", [np.int32, np.uint8, np.int16, None])
def test_the_vector_envs_actions_of_any_integer_type_play_as_int64s(dtype: Any) -> None:
    steps = []
    for kind in (np.int64, dtype):
        vector = VectorEnv(3, "tenhou", seed=4)
        _, info = vector.reset()
        rng = np.random.default_rng(4)
        for _ in range(30):
            chosen = sample_actions(info["action_mask"], rng)
            given = chosen.tolist() if kind is None else chosen.astype(kind)
            obs, rewards, _, _, info = vector.step(given)
        steps.append((obs, rewards, info["action_mask"]))
    for expected, got in zip(steps[0], steps[1]):
        assert np.array_equal(expected, got)


@pytest.mark.parametrize("seed", ["7", -1, 2.5])
def test_a_bad_seed_to_the_single_seat_env_is_refused_and_the_episode_goes_on(
        seed: object) -> None:
    seat = SeatEnv("tenhou", "random")
    _, info = seat.reset(seed=3)
    with pytest.raises(RiichiError, match=rf"seed={seed!r}: expected an int >= 0"):
        seat.reset(seed=seed)
    assert not seat.step(int(np.flatnonzero(info["action_mask"])[0]))[4]["illegal_action"]


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-3p"])
def test_observing_an_agent_the_table_does_not_seat_is_refused(rules: str) -> None:
    table = env(rules=rules)
    table.reset(seed=1)
    seated = ", ".join(table.possible_agents)
    for agent in ("player_9", "player_3" if rules == "tenhou-3p" else "player_4", 0):
        with pytest.raises(RiichiError, match=rf"agent={agent!r}: expected one of {seated}$"):
            table.observe(agent)


@pytest.mark.parametrize("setting", [{"encoding": 5}, {"encoding": ["compact-v1"]},
                                     {"reward": 5}, {"reward": b"points"}])
def test_a_setting_of_the_wrong_type_is_refused_by_name(setting: dict[str, object]) -> None:
    (name, value), = setting.items()
    expected = rf"{name}={re.escape(repr(value))}: expected one of"
    with pytest.raises(RiichiError, match=expected):
        VectorEnv(1, **setting)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match=expected):
        SeatEnv("tenhou", **setting)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match=expected):
        parallel_env(**setting)  # type: ignore[arg-type]


def test_encoding_what_is_no_observation_is_refused() -> None:
    state = Game("tenhou", seed=3).new_state()
    with pytest.raises(WrongTypeError, match=r"observation=<.*GameState.*: expected a "
                                             r"riichi.game.Observation"):
        encode(state)  # type: ignore[arg-type]
    with pytest.raises(RiichiError, match=r"encoding=\['rich-v1'\]: expected one of"):
        encode(Observation(state, 0), ["rich-v1"])  # type: ignore[arg-type]


def test_an_opponents_function_that_makes_no_agent_is_named_when_the_game_starts() -> None:
    def broken(seed: int) -> object:
        return seed  # a seed, not an agent

    vector = VectorEnv(1, seed=1, opponents=[None, "random", broken, "random"])
    with pytest.raises(RiichiError, match=r"opponents\[2\] made \d+, which has no act\(\) method: "
                                          r"expected a function of a seed that makes an agent"):
        vector.reset()
    with pytest.raises(RiichiError, match=r"opponents\[1\] made"):
        SeatEnv("tenhou", broken).reset(seed=1)


class Seated(RandomAgent):
    """A random player that knows its seat only from ``on_game_start``, as the protocol tells it."""

    def on_game_start(self, seat: int, rules: object) -> None:
        self.seat = seat

    def act(self, observation: Observation, legal_actions: Any) -> Any:
        assert observation.seat == self.seat, "asked for a seat it was not told it plays"
        return super().act(observation, legal_actions)


def test_one_agent_is_refused_for_two_seats_and_plays_one() -> None:
    agent = Seated(1)
    with pytest.raises(RiichiError, match=r"opponents\[2\] is the agent of opponents\[1\] too: "
                                          r"an agent plays one seat"):
        VectorEnv(1, opponents=[None, agent, agent, "random"])
    with pytest.raises(RiichiError, match=r"opponents\[2\] is the agent of opponents\[1\] too"):
        SeatEnv("tenhou", agent)
    seat = SeatEnv("2p", agent)  # one other seat: the agent plays it, told which
    _, info = seat.reset(seed=1)
    terminated = False
    while not terminated:
        _, _, terminated, _, info = seat.step(seat.action_space.sample())
    seat = SeatEnv("tenhou", [None, agent, Seated(2), Seated(3)])
    seat.reset(seed=1)
    for _ in range(30):
        seat.step(seat.action_space.sample())


def test_sampling_with_what_is_no_generator_is_refused() -> None:
    mask = np.zeros((2, 124), bool)
    mask[:, 5] = True
    for rng in (5, np.random.RandomState(1), None):
        with pytest.raises(WrongTypeError, match=r"rng=.*: expected a numpy.random.Generator "
                                                 r"\(numpy.random.default_rng\(seed\)\)"):
            sample_actions(mask, rng)  # type: ignore[arg-type]
    assert sample_actions(mask, np.random.default_rng(1)).tolist() == [5, 5]


def test_an_action_index_asked_of_no_observation_is_refused() -> None:
    state = Game("tenhou", seed=3).new_state()
    with pytest.raises(WrongTypeError, match=r"observation=5: expected the Observation"):
        action_index(state.legal(0)[0], 5)  # type: ignore[arg-type]


def test_the_planes_space_of_an_unhashable_encoding_is_refused() -> None:
    with pytest.raises(RiichiError, match=r"encoding=\['x'\]: expected one of"):
        planes_space(["x"])  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "ghost"), [("tenhou-3p", "player_3"), ("tenhou", "player_4"),
                                              ("2p", "player_2")])
def test_a_parallel_action_for_an_agent_the_table_does_not_seat_is_refused(
    rules: str, ghost: str
) -> None:
    # four players' code at a smaller table: the action for player_3 was dropped without a word
    table, untouched = parallel_env(rules=rules), parallel_env(rules=rules)
    observations, _ = table.reset(seed=1)
    untouched.reset(seed=1)
    actions = {name: int(np.flatnonzero(o["action_mask"])[0])
               for name, o in observations.items() if o["action_mask"].any()}
    seated = ", ".join(table.possible_agents)
    with pytest.raises(RiichiError, match=rf"actions' key={ghost!r}: expected one of {seated}$"):
        table.step({**actions, ghost: 0})
    after, expected = table.step(actions)[0], untouched.step(actions)[0]
    assert all(np.array_equal(after[name]["observation"], expected[name]["observation"])
               for name in table.possible_agents)
