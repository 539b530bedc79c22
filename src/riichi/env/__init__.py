"""Environments for learning to play: many tables stepped from C, the standard interfaces, the
encodings of a decision and training data from recorded games.

* :class:`VectorEnv`: ``num_envs`` tables stepped in one call, with Gymnasium's conventions for
  vector environments (numpy arrays in and out, the legal actions' mask in ``info``, a new game
  where one ends); numpy alone.
* :func:`encode`: a seat's :class:`~riichi.game.Observation` as planes of 34 values, in one of
  the versioned encodings (:data:`ENCODINGS`; ``docs/env.md`` describes every plane).
* :mod:`riichi.env.actions`: the fixed action space (124 indices) and the legal-action mask.
* :func:`encode_record`: every decision of a game record (mjai, tenhou.net/6, mjlog) as arrays of
  observations, masks, actions, seats and rewards, for imitation learning.
* :mod:`riichi.env.gym` (one seat, the others played by built-in players or any agent) and
  :mod:`riichi.env.pettingzoo` (every seat): the Gymnasium and PettingZoo interfaces, which need
  the ``env`` extra (``pip install 'riichi[env]'``).

>>> from riichi.game import Game, Observation
>>> encode(Observation(Game("tenhou", seed=1).new_state(), 0)).shape
(39, 34)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

from riichi.env.actions import ACTION_NAMES, NUM_ACTIONS, action_index, legal_indices
from riichi.env.encoders import ENCODINGS, PLANES, encoding_code, write
from riichi.env.rewards import REWARDS
from riichi.env.vector import VectorEnv
from riichi.errors import WrongTypeError, quoted
from riichi.game.observation import Observation

if TYPE_CHECKING:
    from riichi.env.records import Decisions, encode_record

__all__ = [
    "ACTION_NAMES", "NUM_ACTIONS", "ENCODINGS", "PLANES", "REWARDS", "Decisions", "VectorEnv",
    "action_index", "encode", "encode_record", "legal_indices",
]


def encode(observation: Observation, encoding: str = "compact-v1", *,
           state: object = None) -> np.ndarray:
    """``observation`` in ``encoding``, a new float32 array of shape (planes, 34); the oracle
    encoding also reads ``state``, the :class:`~riichi.game.GameState` the observation is of."""
    if not isinstance(observation, Observation):
        raise WrongTypeError(f"observation={quoted(observation)}: expected a "
                             "riichi.game.Observation")
    code = encoding_code(encoding)
    out = np.zeros((len(PLANES[encoding]), 34), np.float32)
    write(code, observation, state, out)
    return out


def __getattr__(name: str) -> Any:
    """:func:`encode_record` and :class:`Decisions`, imported on first use (they read records)."""
    if name in ("encode_record", "Decisions"):
        from riichi.env import records

        return getattr(records, name)
    raise AttributeError(f"module 'riichi.env' has no attribute {name!r}")
