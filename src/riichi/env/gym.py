"""Gymnasium's interface to one seat of a table (``riichi[env]``): :class:`SeatEnv`.

The learner keeps one seat; the others are kept by built-in players (by name, a new one each
game, seeded as the simulator seeds them) or by any agents (see
:data:`riichi.env.vector.Opponent`). A step is one decision of the learner's: its action index
(:mod:`riichi.env.actions`), then the others play until it decides again or the game ends. The
observation is the planes of ``encoding``; ``info["action_mask"]`` marks the legal indices (int8,
as ``action_space.sample(mask=...)`` takes it), and ``action_space.sample()`` draws among them.
A game is an episode, and its reward (:mod:`riichi.env.rewards`) is paid as it comes. An index
that is not legal now ends the episode at once, as a chombo ends a hand at a real table: the
reward is ``illegal_reward`` and ``info["illegal_action"]`` is true (``illegal_reward=None``
raises :class:`~riichi.errors.IllegalActionError` instead, changing nothing; so does an action
that is no integer index, whatever ``illegal_reward``). With ``duplicate``, episode ``k`` plays
deal ``k // n`` with the seats rotated ``k % n`` places (``n`` the players, four, three or two),
so the learner plays every deal from every seat. ``gymnasium.make("riichi/Seat-v1")`` makes one
once this module is imported; ``gymnasium.make("riichi.env.gym:riichi/Seat-v1")`` imports it.

>>> from riichi.env.gym import SeatEnv
>>> env = SeatEnv("tenhou", opponents="efficiency")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum()) > 0
((39, 34), True)
>>> obs, reward, terminated, truncated, info = env.step(env.action_space.sample())
"""

from __future__ import annotations

import numbers
from collections.abc import Sequence
from typing import Any, SupportsFloat

import numpy as np

from riichi._optional import require_extra

require_extra("env", "riichi.env.gym")

import gymnasium  # noqa: E402 - after the check that names the extra to install

from riichi.env.actions import NUM_ACTIONS, illegal_index, one_index  # noqa: E402
from riichi.env.encoders import PLANES  # noqa: E402
from riichi.env.spaces import no_render_mode, planes_space  # noqa: E402
from riichi.env.vector import Opponent, VectorEnv  # noqa: E402
from riichi.errors import RiichiError, WrongTypeError, quoted  # noqa: E402
from riichi.game import Game  # noqa: E402
from riichi.rules import RuleSet  # noqa: E402

__all__ = ["SeatEnv", "LegalActions"]


class LegalActions(gymnasium.spaces.Discrete):
    """``Discrete(124)`` whose ``sample()`` without a mask draws among the legal actions of the
    decision its environment waits for."""

    def __init__(self, env: SeatEnv) -> None:
        super().__init__(NUM_ACTIONS)
        self._env = env

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            mask = self._env.action_mask
        return super().sample(mask=mask, probability=probability)


class SeatEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One seat of a table of ``rules``; see the module's documentation.

    ``opponents`` keeps the other seats: one entry for all of them (a built-in player's name,
    an agent's class or a function of a seed; an agent itself at a table of two, as it plays one
    seat), or one per seat with ``None`` at the learner's seat (by default the learner is seat 0
    and the others are ``"defensive"``).
    """

    metadata = {"render_modes": []}

    def __init__(self, rules: RuleSet | str = "tenhou", opponents: Opponent | Sequence[Opponent]
                 = "defensive", *, encoding: str = "compact-v1", reward: str = "points",
                 duplicate: bool = False, seed: int | None = None,
                 illegal_reward: float | None = -1.0, render_mode: str | None = None) -> None:
        no_render_mode(render_mode, "SeatEnv")
        players = Game(rules).rules.players
        if isinstance(opponents, Sequence) and not isinstance(opponents, str):
            entries = list(opponents)
            if entries.count(None) != 1:
                raise RiichiError(f"opponents has {entries.count(None)} None: expected one, at "
                                  "the learner's seat")
        elif opponents is None:  # every seat the learner's: no single seat
            raise RiichiError("opponents=None: expected who keeps the other seats (a built-in "
                              "player's name, an agent's class or a function of a seed, or one "
                              "entry per seat with None at the learner's)")
        else:
            entries = [None] + [opponents] * (players - 1)
        self._vector = VectorEnv(1, rules, seed, encoding=encoding, reward=reward,
                                 opponents=entries, duplicate=duplicate)
        self.observation_space = planes_space(encoding)
        self.action_space = LegalActions(self)
        self.action_mask = np.zeros(NUM_ACTIONS, np.int8)
        self._seat = -1  # the learner's seat at the decision waiting
        self.illegal_reward = _reward_or_none(illegal_reward)
        self.render_mode = render_mode
        self._over = True

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        obs, info = self._vector.reset(seed=seed)  # first: it refuses a bad seed, as riichi does
        super().reset(seed=None if seed is None else int(seed))  # Gymnasium takes ints alone
        self._over = False
        return obs[0], self._info(info)

    def step(self, action: Any) -> tuple[np.ndarray, SupportsFloat, bool, bool, dict[str, Any]]:
        if self._over:
            raise RiichiError("the episode is over (or was never begun): call reset()")
        index = one_index(action)
        if self.illegal_reward is not None and not (
                0 <= index < NUM_ACTIONS and self.action_mask[index]):
            self._over = True
            self._vector.close()  # the game is abandoned: its agents are told
            obs = np.zeros((len(PLANES[self._vector.encoding]), 34), np.float32)
            info = {"action_mask": np.zeros(NUM_ACTIONS, np.int8), "seat": -1,
                    "rewards": np.zeros(self._vector.players, np.float32),
                    "illegal_action": True}
            return obs, float(self.illegal_reward), True, False, info
        if not (0 <= index < NUM_ACTIONS and self.action_mask[index]):
            raise illegal_index("action", index, f"seat {self._seat}", self.action_mask)
        obs, rewards, terminated, truncated, info = self._vector.step(np.array([index]))
        self._over = bool(terminated[0])
        return obs[0], float(rewards[0]), bool(terminated[0]), bool(truncated[0]), self._info(info)

    def _info(self, info: dict[str, Any]) -> dict[str, Any]:
        self.action_mask = info["action_mask"][0].astype(np.int8)
        self._seat = int(info["seat"][0])
        return {"action_mask": self.action_mask, "seat": self._seat,
                "rewards": info["rewards"][0], "illegal_action": False}

    def close(self) -> None:
        self._vector.close()


def _reward_or_none(value: object) -> float | None:
    """``illegal_reward`` checked when the env is made, not at the first illegal action."""
    if value is None:
        return None
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise WrongTypeError(f"illegal_reward={quoted(value)}: expected a number or None (to "
                             "refuse an illegal action with IllegalActionError)")
    return float(value)


if "riichi/Seat-v1" not in gymnasium.registry:
    gymnasium.register(id="riichi/Seat-v1", entry_point="riichi.env.gym:SeatEnv")
