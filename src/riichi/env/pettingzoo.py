"""PettingZoo's interfaces to one table: every seat an agent of its own (``riichi[env]``).

``env()`` is an AEC environment: the agents act one at a time, as the table asks them (a turn's
seat; on a discard, every seat with a claim, one after another in turn order from the
discarder). ``parallel_env()`` is a Parallel one: at each step every seat with a decision now acts
at once (the seat whose turn it is, or all the seats with a claim on the tile just offered);
the actions of the other agents are ignored (a key that names no agent of the table is refused).

Agents are ``player_0`` ... ``player_3`` (seat 0 is the first dealer; one agent a seat, three or
two at smaller tables). Each observes a dict: its
``observation`` (the planes of ``encoding``, :mod:`riichi.env.encoders`) and its ``action_mask``
(int8 over the 124 indices of :mod:`riichi.env.actions`, all 0 when it has nothing to decide).
Rewards are those of :mod:`riichi.env.rewards`, paid to each seat as they come. A game is an
episode; ``reset(seed=s)`` plays the games of seed ``s`` from the first, ``reset()`` the next.

>>> from riichi.env.pettingzoo import env
>>> table = env(rules="tenhou")
>>> table.reset(seed=1)
>>> table.agent_selection, table.observe("player_0")["observation"].shape
('player_0', (39, 34))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from riichi._optional import require_extra

require_extra("env", "riichi.env.pettingzoo")

import gymnasium  # noqa: E402 - after the check that names the extra to install
from pettingzoo import AECEnv, ParallelEnv  # noqa: E402
from pettingzoo.utils import wrappers  # noqa: E402

from riichi.env import encode, legal_indices  # noqa: E402
from riichi.env.actions import NUM_ACTIONS, illegal_index, one_index  # noqa: E402
from riichi.env.spaces import action_space, mask_space, no_render_mode, planes_space  # noqa: E402
from riichi.env.vector import VectorEnv  # noqa: E402
from riichi.errors import IllegalActionError, RiichiError, WrongTypeError, quoted  # noqa: E402
from riichi.game.observation import Observation  # noqa: E402
from riichi.game.state import GameState  # noqa: E402
from riichi.rules import RuleSet  # noqa: E402

__all__ = ["env", "raw_env", "parallel_env", "RiichiAEC", "RiichiParallel"]

_NAME = "riichi_v1"


class _Table:
    """One table for PettingZoo's interfaces: a vector environment of one table whose every seat
    is the caller's, and every seat's view of it."""

    def __init__(self, rules: RuleSet | str, encoding: str, reward: str) -> None:
        self.vector = VectorEnv(1, rules, encoding=encoding, reward=reward)
        self.encoding = encoding
        self.players = self.vector.players
        self.agents = [f"player_{seat}" for seat in range(self.players)]
        self.seat = -1
        self.legal = np.zeros(NUM_ACTIONS, np.bool_)  # the vector's mask for the seat deciding
        self.over = False

    def reset(self, seed: int | None) -> None:
        _, info = self.vector.reset(seed=seed)
        self.seat = int(info["seat"][0])
        self.legal = info["action_mask"][0]
        self.over = False

    def step(self, index: int) -> np.ndarray:
        """Answer the decision waiting with ``index`` (refused, changing nothing, when it is not
        legal); each seat's rewards for it."""
        if not (0 <= index < NUM_ACTIONS and self.legal[index]):
            raise illegal_index("action", index, self.agents[self.seat], self.legal)
        _, _, terminated, _, info = self.vector.step(np.array([index]))
        self.over = bool(terminated[0])
        self.seat = int(info["seat"][0])
        self.legal = info["action_mask"][0]
        return np.asarray(info["rewards"][0], np.float64)

    def deciding(self) -> list[int]:
        """The seats with a decision now, in the order the table asks them."""
        return [] if self.over else list(self.vector.state(0).acting_seats)

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        """What ``seat`` sees now (all zeros once the game is over)."""
        if self.over:
            planes = np.zeros(planes_space(self.encoding).shape, np.float32)
            return {"observation": planes, "action_mask": np.zeros(NUM_ACTIONS, np.int8)}
        state = self.vector.state(0)
        observation = Observation(state, seat)
        planes = encode(observation, self.encoding, state=state)
        return {"observation": planes, "action_mask": self._mask(state, seat, observation)}

    def mask(self, seat: int) -> np.ndarray:
        """The legal indices of ``seat`` now (int8, all 0 when it has nothing to decide)."""
        if self.over:
            return np.zeros(NUM_ACTIONS, np.int8)
        state = self.vector.state(0)
        return self._mask(state, seat, Observation(state, seat))

    @staticmethod
    def _mask(state: GameState, seat: int, observation: Observation) -> np.ndarray:
        mask = np.zeros(NUM_ACTIONS, np.int8)
        if seat in state.acting_seats:
            mask[legal_indices(state.legal(seat), observation)] = 1
        return mask


def _in_progress(agents: list[str]) -> None:
    """Refuse a step when no agent is in a game: before the first reset, or once every agent
    of the last game is done."""
    if not agents:
        raise RiichiError("no game in progress: call reset() (before the first game, and after "
                          "each game's end)")


def _seated(what: str, agent: object, agents: list[str]) -> None:
    """Refuse ``agent`` (``what`` names it in the message) unless the table seats it."""
    if agent not in agents:
        raise RiichiError(f"{what}={quoted(agent)}: expected one of {', '.join(agents)}")


def _observation_space(encoding: str) -> Any:
    return gymnasium.spaces.Dict({"observation": planes_space(encoding),
                                  "action_mask": mask_space()})


class _Spaces:
    """The spaces of every agent, the same objects at each call as PettingZoo asks: the
    environment's own observation space and the one action space. Kept by the environment, not in
    a cache of the class, which would keep every environment asked, with its table, for ever."""

    _spaces: Any

    def observation_space(self, agent: str) -> Any:
        return self._spaces

    def action_space(self, agent: str) -> Any:
        return action_space()


class RiichiAEC(_Spaces, AECEnv):  # type: ignore[misc]
    """The AEC environment of one table of ``rules``; see the module's documentation."""

    metadata = {"name": _NAME, "render_modes": [], "is_parallelizable": True}

    def __init__(self, rules: RuleSet | str = "tenhou", encoding: str = "compact-v1",
                 reward: str = "points", render_mode: str | None = None) -> None:
        super().__init__()
        no_render_mode(render_mode, "the AEC environment")
        self._table = _Table(rules, encoding, reward)
        self.possible_agents = list(self._table.agents)
        self.agents: list[str] = []
        self._spaces = _observation_space(encoding)
        self.render_mode = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self._table.seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        _seated("agent", agent, self.possible_agents)
        return self._table.observe(self.possible_agents.index(agent))

    def step(self, action: Any) -> None:
        _in_progress(self.agents)
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        paid = self._table.step(one_index(action))  # first: a refused action changes nothing
        self._cumulative_rewards[self.agent_selection] = 0.0
        for seat, name in enumerate(self.possible_agents):
            self.rewards[name] = float(paid[seat])
        if self._table.over:
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            self.agent_selection = self.possible_agents[self._table.seat]
        self._accumulate_rewards()

    def close(self) -> None:
        self._table.vector.close()


class RiichiParallel(_Spaces, ParallelEnv):  # type: ignore[misc]
    """The Parallel environment of one table of ``rules``; see the module's documentation."""

    metadata = {"name": _NAME, "render_modes": []}

    def __init__(self, rules: RuleSet | str = "tenhou", encoding: str = "compact-v1",
                 reward: str = "points", render_mode: str | None = None) -> None:
        no_render_mode(render_mode, "the Parallel environment")
        self._table = _Table(rules, encoding, reward)
        self.possible_agents = list(self._table.agents)
        self.agents: list[str] = []
        self._spaces = _observation_space(encoding)
        self.render_mode = None

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[
            dict[str, Any], dict[str, Any]]:
        self._table.reset(seed)
        self.agents = list(self.possible_agents)
        return self._observations(), {agent: {} for agent in self.agents}

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], dict[str, float],
                                                     dict[str, bool], dict[str, bool],
                                                     dict[str, Any]]:
        if not isinstance(actions, Mapping):
            raise WrongTypeError(f"actions={quoted(actions)}: expected a dict of each agent's "
                                 "action index")
        _in_progress(self.agents)
        for name in actions:  # an agent the table does not seat (player_3 at three) plays nothing
            _seated("actions' key", name, self.possible_agents)
        # Every answer is checked before any is taken, so that a refused one changes nothing.
        answers = [self._answer(seat, actions) for seat in self._table.deciding()]
        paid = np.zeros(self._table.players)
        for index in answers:  # the seats with a claim answer in turn, each its own action
            paid += self._table.step(index)
        over = self._table.over
        names = list(self.agents)
        observations = self._observations()
        rewards = {name: float(paid[self.possible_agents.index(name)]) for name in names}
        terminations = dict.fromkeys(names, over)
        truncations = dict.fromkeys(names, False)
        infos: dict[str, Any] = {name: {} for name in names}
        if over:
            self.agents = []
        return observations, rewards, terminations, truncations, infos

    def _answer(self, seat: int, actions: dict[str, Any]) -> int:
        """The action index ``actions`` gives ``seat``, legal now."""
        name = self.possible_agents[seat]
        if name not in actions:
            raise IllegalActionError(f"{name} has a decision now and no action was given")
        index = one_index(actions[name])
        mask = self._table.mask(seat)
        if not (0 <= index < NUM_ACTIONS and mask[index]):
            raise illegal_index(f"actions[{name!r}]", index, name, mask)
        return index

    def _observations(self) -> dict[str, Any]:
        return {name: self._table.observe(seat) for seat, name in enumerate(self.possible_agents)}

    def close(self) -> None:
        self._table.vector.close()


def raw_env(rules: RuleSet | str = "tenhou", encoding: str = "compact-v1",
            reward: str = "points", render_mode: str | None = None) -> RiichiAEC:
    """The AEC environment, without PettingZoo's wrappers."""
    return RiichiAEC(rules, encoding, reward, render_mode)


def env(rules: RuleSet | str = "tenhou", encoding: str = "compact-v1",
        reward: str = "points", render_mode: str | None = None) -> Any:
    """The AEC environment, in PettingZoo's wrapper that enforces the order of its calls."""
    return wrappers.OrderEnforcingWrapper(raw_env(rules, encoding, reward, render_mode))


def parallel_env(rules: RuleSet | str = "tenhou", encoding: str = "compact-v1",
                 reward: str = "points", render_mode: str | None = None) -> RiichiParallel:
    """The Parallel environment."""
    return RiichiParallel(rules, encoding, reward, render_mode)
