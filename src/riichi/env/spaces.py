"""The Gymnasium spaces of the environments (the ``env`` extra: ``pip install 'riichi[env]'``).

Imported only when a space is asked for, so that :class:`~riichi.env.VectorEnv` and the encodings
need numpy alone.

>>> planes_space("compact-v1").shape, int(action_space().n)
((39, 34), 124)
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from riichi._optional import require_extra
from riichi.env.actions import NUM_ACTIONS
from riichi.env.encoders import PLANES, encoding_code
from riichi.errors import RiichiError, quoted

__all__ = ["planes_space", "action_space", "mask_space", "batched", "next_step_autoreset",
           "no_render_mode"]


def _gymnasium() -> Any:
    require_extra("env", "the spaces of riichi.env")
    import gymnasium

    return gymnasium


def planes_space(encoding: str) -> Any:
    """A ``Box`` of the planes of ``encoding``, each plane within its documented bounds."""
    encoding_code(encoding)  # refuses an unknown name, before the cache hashes it
    return _planes_box(encoding)


@functools.cache
def _planes_box(encoding: str) -> Any:
    planes = PLANES[encoding]
    low = np.repeat(np.array([p[2] for p in planes], np.float32)[:, None], 34, axis=1)
    high = np.repeat(np.array([p[3] for p in planes], np.float32)[:, None], 34, axis=1)
    return _gymnasium().spaces.Box(low, high, dtype=np.float32)


@functools.cache
def action_space() -> Any:
    """``Discrete(124)``: the action indices of :mod:`riichi.env.actions`."""
    return _gymnasium().spaces.Discrete(NUM_ACTIONS)


@functools.cache
def mask_space() -> Any:
    """The legal-action mask as Gymnasium samples with it: a ``Box`` of 124 int8, each 0 or 1."""
    return _gymnasium().spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)


def batched(space: Any, n: int) -> Any:
    """``space`` for ``n`` tables at once."""
    return _gymnasium().vector.utils.batch_space(space, n)


def next_step_autoreset() -> Any:
    """Gymnasium's name of how the vector environment starts new games: at the step after one
    ends, whose action is ignored (``AutoresetMode.NEXT_STEP``)."""
    return _gymnasium().vector.AutoresetMode.NEXT_STEP


def no_render_mode(render_mode: object, env: str) -> None:
    """Refuse any ``render_mode`` but None: the environments render nothing (their metadata's
    ``render_modes`` is empty), while Gymnasium's and PettingZoo's makers pass ``render_mode``."""
    if render_mode is not None:
        raise RiichiError(f"render_mode={quoted(render_mode)}: expected None ({env} renders "
                          "nothing: its metadata['render_modes'] is empty)")
