"""What the built-in players do at a table of three (:class:`~riichi.agents.EfficiencyAgent` and
:class:`~riichi.agents.DefensiveAgent` alike): whether the table is one (:func:`sanma`: their
efficiency and their danger then read the hand without 2m-8m) and the North to set aside
(:func:`kita_to_declare`), and the dora a seat's Norths set aside are worth (:func:`kita_dora`).
"""

from __future__ import annotations

from collections.abc import Sequence

from riichi import _core
from riichi.game.actions import Action, Kita
from riichi.game.kita import NORTH
from riichi.game.observation import Observation

__all__ = ["sanma", "kita_to_declare", "before_kita", "kita_dora"]


def sanma(obs: Observation) -> bool:
    """Whether the table is of three players, who play without 2m-8m."""
    return obs.rules.players == 3


def kita_to_declare(legal: Sequence[Action], obs: Observation) -> Action | None:
    """The North to set aside (three players: listed last): always in riichi (the hand stays the
    same), else when the hand is no further from a win without it (a free dora and a draw)."""
    action: Kita = legal[-1]  # type: ignore[assignment]  # the caller saw a Kita there
    if obs.in_riichi:
        return action
    counts = obs.counts
    after = bytearray(counts)
    after[action.tile >> 2] -= 1
    return action if _core.shanten(after, 3) <= _core.shanten(counts, 3) else None


def before_kita(legal: Sequence[Action]) -> Action:
    """The last action listed before the kita (the last one when there is none)."""
    k = len(legal) - 1
    while k and type(legal[k]) is Kita:
        k -= 1
    return legal[k]


def kita_dora(kita: Sequence[int], dora: Sequence[int]) -> int:
    """The dora the Norths ``kita`` (136-ids) set aside are worth: one each, and one more each
    time North is among the ``dora`` (tile types), as the scorer counts them.

    >>> kita_dora((120, 121), (30,)), kita_dora((120,), (5,))
    (4, 1)
    """
    return len(kita) * (1 + list(dora).count(NORTH))
