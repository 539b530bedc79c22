"""Training data from recorded games: :func:`encode_record` turns every decision of every seat of
a game record into arrays, for imitation learning and offline reinforcement learning.

The record is replayed through the table (:func:`riichi.game.replay.replay`), which asks each seat
what the environments ask it, in the same order (the claims on a discard one seat after another):
at each decision the seat's observation is encoded as :class:`~riichi.env.VectorEnv` encodes it,
with the mask of its legal actions, the index of the action the record shows (a pass where the
record shows nothing), the seat and its reward. A simulated game's record gives what the
environment gave while it was played.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.logs import GameRecord
>>> result = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> data = encode_record(GameRecord.from_events(result.events), rules="tenhou")
>>> data.obs.shape[1:], data.mask.shape[1], len(data) == len(data.action) == len(data.seat)
((39, 34), 124, True)
>>> round(float(data.reward[data.seat == 0].sum()), 3) == result.results[0] / 1000
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

try:  # the compiled build writes each row through encoders.pxd's inline write_row
    import cython
except ModuleNotFoundError:
    from riichi._no_cython import cython

from riichi.env import rewards as _rewards
from riichi.env.actions import NUM_ACTIONS, fill_row, slot_of
from riichi.env.encoders import PLANES, PondPlanes, encoding_code
if not cython.compiled:  # the compiled build cimports it, inline (encoders.pxd)
    from riichi.env.encoders import write_row
from riichi.errors import InvalidRuleError, LogFormatError, WrongTypeError, quoted
from riichi.game.flow import final_results
from riichi.game.observation import Observation
from riichi.game.replay import replay, rules_of
from riichi.logs.record import GameRecord
from riichi.rules import RuleSet

if TYPE_CHECKING:
    from riichi.game.actions import Action
    from riichi.game.state import GameState

__all__ = ["Decisions", "encode_record"]


@dataclass(frozen=True, slots=True)
class Decisions:
    """Every decision of a game, one row each, in the order they were taken: ``obs`` the
    encoding of the deciding seat's observation (float32, ``(n, planes, 34)``), ``mask`` its
    legal actions (bool, ``(n, 124)``), ``action`` the index of the action taken (int64),
    ``seat`` the seat deciding (int8) and ``reward`` its reward from this decision to its next
    one, or to the end of the game (float32, :mod:`riichi.env.rewards`)."""

    obs: npt.NDArray[np.float32]
    mask: npt.NDArray[np.bool_]
    action: npt.NDArray[np.int64]
    seat: npt.NDArray[np.int8]
    reward: npt.NDArray[np.float32]

    def __len__(self) -> int:
        return len(self.action)


class _Collector:
    """Encodes each decision the replay reports, into arrays grown as needed (each held twice:
    the array, and the typed memoryview the compiled build writes it through)."""

    def __init__(self, encoding: str, rules: RuleSet, reward: str, size: int) -> None:
        self.code = encoding_code(encoding)
        self.planes = len(PLANES[encoding])
        self.reward = _rewards.reward_code(reward)
        self.scale = _rewards.step_scale(self.reward)
        self.red = bool(rules.red_fives)
        self.n = 0
        self.index = np.zeros((1, NUM_ACTIONS), np.int16)  # where each index is in the legal list
        self.ponds = PondPlanes(1, rules.players)
        self.state: GameState | None = None
        self.start: list[int] = []
        # Every row is written whole (each encoding clears its planes): no need to zero them.
        self.obs = np.empty((size, self.planes, 34), np.float32)
        self.mask = np.empty((size, NUM_ACTIONS), np.uint8)
        self.action = np.empty(size, np.int64)
        self.seat = np.empty(size, np.int8)
        self.score = np.empty(size, np.int64)  # the seat's score when it decided
        self._views()

    def _views(self) -> None:
        self.obs_c = self.obs
        self.mask_c = self.mask
        self.action_c = self.action
        self.seat_c = self.seat
        self.score_c = self.score

    def __call__(self, round_index: int, state: GameState, seat: int, action: Action) -> None:
        self._take(state, seat, action)

    def _take(self, state: GameState, seat: int, action: Action) -> None:
        if self.state is None:
            self.start = list(state.scores)
        self.state = state
        n = self.n
        if n == len(self.action):
            self._grow()
        observation = Observation(state, seat)
        drawn = observation.drawn_tile()
        offered = observation.offered_tile()
        write_row(self.code, observation, state, self.obs_c, n, self.ponds, 0, drawn, offered)
        fill_row(state.legal(seat), drawn, offered, self.red, self.mask_c, n, self.index, 0)
        self.action_c[n] = slot_of(action, drawn, offered, self.red)
        self.seat_c[n] = seat
        self.score_c[n] = state.scores[seat]
        self.n = n + 1

    def _grow(self) -> None:
        n = self.n
        grown = []
        for rows in (self.obs, self.mask, self.action, self.seat, self.score):
            more = np.empty((n + n // 2 + 64, *rows.shape[1:]), rows.dtype)
            more[:n] = rows[:n]
            grown.append(more)
        self.obs, self.mask, self.action, self.seat, self.score = grown
        self._views()

    def decisions(self, rules: RuleSet) -> Decisions:
        """The rows, with each decision's reward: the seat's change of score until its next
        decision, and at its last the rest of the game's (of its last position, for a record
        that stops before the game's end)."""
        n = self.n
        seats = self.seat[:n]
        reward = np.zeros(n, np.float32)
        state = self.state
        if state is not None:
            final_scores = state.final_scores or tuple(state.scores)
            ranks, results = final_results(rules, final_scores)
            final = _rewards.final_rewards(self.reward, rules, self.start, final_scores, results,
                                           ranks)
            for s in range(len(final_scores)):
                rows = np.flatnonzero(seats == s)
                if len(rows):
                    scores = np.append(self.score[rows], final_scores[s])
                    reward[rows] = np.diff(scores) * self.scale
                    reward[rows[len(rows) - 1]] += final[s]  # the seat's last decision
        return Decisions(self.obs[:n], self.mask[:n].view(np.bool_), self.action[:n], seats,
                         reward)


def encode_record(record: GameRecord, *, rules: RuleSet | str | None = None,
                  encoding: str = "compact-v1", reward: str = "points") -> Decisions:
    """Every decision of every seat of ``record`` (read with :func:`riichi.logs.read` from mjai,
    tenhou.net/6 or mjlog), replayed under ``rules`` (by default the rules the record carries, as
    :func:`~riichi.game.replay.replay` plays it), as :class:`Decisions` in ``encoding`` with
    ``reward`` (the oracle encoding too: the replay holds every hand and the wall).

    A record the table cannot replay exactly (a round it plays otherwise, a game it ends
    elsewhere) raises :class:`~riichi.errors.LogFormatError` naming the first difference: its
    decisions would not be the record's. A game the record does not finish counts the rewards
    of its last position.
    """
    if not isinstance(record, GameRecord):
        raise WrongTypeError(f"record={quoted(record)}: expected a riichi.logs.GameRecord "
                             "(riichi.logs.read reads one from mjai, tenhou.net/6 or mjlog)")
    table = RuleSet.coerce(rules_of(record, rules))
    seats = len(record.rounds[0].start.scores) if record.rounds else table.players
    if seats != table.players:  # else every round differs at its wall, which says less
        raise InvalidRuleError(f"the record is a game of {seats} players and the rules "
                               f"{table.name!r} seat {table.players}: expected rules for "
                               f"{seats} players")
    # about as many decisions as events: a turn per draw, and a few claims answered
    collect = _Collector(encoding, table, reward, sum(len(r.events) for r in record.rounds))
    report = replay(record, rules=table, on_decision=collect)
    if report.differences:
        raise LogFormatError(f"the record does not replay exactly under the rules "
                             f"{table.name!r}: {report.differences[0]}")
    return collect.decisions(table)
