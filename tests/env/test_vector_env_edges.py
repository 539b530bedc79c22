"""The vector environment's refusals at its edges: calls out of order and action arrays whose
values do not fit the index type, each refused with riichi's error naming what was wrong."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pytest

from riichi.env import VectorEnv
from riichi.env.actions import sample_actions
from riichi.env.gym import SeatEnv
from riichi.errors import IllegalActionError, RiichiError, WrongTypeError


def test_a_step_after_close_says_the_environment_was_closed() -> None:
    # it said "step() before reset()" of an environment reset and stepped already
    env = VectorEnv(2, "tenhou", seed=1)
    _, info = env.reset()
    env.step(info["action_mask"].argmax(axis=1))
    env.close()
    with pytest.raises(RiichiError, match=r"step\(\) before reset\(\) or after close\(\): call "
                                          r"reset\(\) first"):
        env.step(np.zeros(2, np.int64))


@pytest.mark.parametrize("value", [2**63, 2**64 - 1])
def test_an_unsigned_index_too_large_for_int64_is_refused_as_given(value: int) -> None:
    # it wrapped to a negative index, and the refusal named a number nobody gave
    env = VectorEnv(2, "tenhou", seed=1)
    _, info = env.reset()
    with pytest.raises(IllegalActionError, match=rf"actions=array\(\[{value}, +0\], "
                                                 r"dtype=uint64\): expected 2 integer action"):
        env.step(np.array([value, 0], np.uint64))
    seat = SeatEnv("tenhou", "random", illegal_reward=None)
    seat.reset(seed=1)
    with pytest.raises(IllegalActionError, match=rf"action=np.uint64\({value}\): expected an "
                                                 r"integer action index 0-123"):
        seat.step(np.uint64(value))
    legal = info["action_mask"].argmax(axis=1)
    assert env.step(legal.astype(np.uint64))[4]["seat"].tolist() == [1, 1]  # small ones taken


@pytest.mark.parametrize("on_game_end", [5, "print"])
def test_an_on_game_end_that_is_not_callable_is_refused_when_the_env_is_made(
        on_game_end: object) -> None:
    # it was kept, and the first game's end failed on it with a bare TypeError mid-step
    with pytest.raises(WrongTypeError, match=rf"on_game_end={on_game_end!r}: expected a "
                                             r"function of the table's index and the game's "
                                             r"GameResult, or None"):
        VectorEnv(1, "tenhou", seed=1, on_game_end=on_game_end)  # type: ignore[arg-type]


@pytest.mark.parametrize("flag", ["duplicate", "copy", "record_events"])
def test_a_switch_that_is_no_bool_is_refused_by_name(flag: str) -> None:
    # "false" from a configuration file was taken as true: duplicate deals, say, switched on
    with pytest.raises(WrongTypeError, match=rf"{flag}='false': expected True or False"):
        VectorEnv(1, "tenhou", seed=1, **{flag: "false"})  # type: ignore[arg-type]
    VectorEnv(1, "tenhou", seed=1, **{flag: np.bool_(True)})  # numpy's bools are bools


FORMS: dict[str, Callable[[np.ndarray], object]] = {
    "int64": lambda a: a,  # sample_actions' own: copied as it is
    "list": lambda a: a.tolist(),
    "int32": lambda a: a.astype(np.int32),
    "swapped int64": lambda a: a.astype(a.dtype.newbyteorder()),  # the same values, bytes swapped
    "strided view": lambda a: np.repeat(a, 2)[::2],
    "subclass": lambda a: a.view(np.ma.MaskedArray),
}


@pytest.mark.parametrize("form", FORMS)
def test_the_indices_give_the_same_games_in_every_integer_form(form: str) -> None:
    # step() copies a plain C-contiguous int64 array of the machine's byte order in one memcpy and
    # converts any other: a byte-swapped or strided one read as plain would be other indices
    def play(convert: Callable[[np.ndarray], object]) -> list[object]:
        env = VectorEnv(3, "tenhou", seed=5)
        rng = np.random.default_rng(5)
        _, info = env.reset()
        seen: list[object] = []
        for _ in range(60):
            chosen = sample_actions(info["action_mask"], rng)
            obs, rewards, _, _, info = env.step(convert(chosen))
            seen.append((obs.tobytes(), rewards.tobytes(), info["seat"].tolist()))
        return seen

    assert play(FORMS[form]) == play(FORMS["int64"])


@pytest.mark.parametrize("given", [np.zeros(3, np.int64), np.zeros((2, 1), np.int64),
                                   np.zeros(2, np.float64)])
def test_an_index_array_of_another_length_or_type_is_refused(given: np.ndarray) -> None:
    env = VectorEnv(2, "tenhou", seed=1)
    _, info = env.reset()
    with pytest.raises(IllegalActionError, match=r"(?s)actions=array\(.*\): expected 2 integer "
                                                 r"action indices"):
        env.step(given)
    assert env.step(info["action_mask"].argmax(axis=1))[4]["seat"].tolist() == [1, 1]
