"""One shard of a simulation: a block of consecutive games played in one worker, returned as
columnar tables (one row per game, one per hand) and the partial sums of the summary.

Seeds: game ``i`` of a run seeded ``s`` takes its walls from ``SeedSequence(s, spawn_key=(i, k))``
(hand ``k``, see :mod:`riichi.game.game`) and the agent in seat ``p`` of rotation ``r`` its seed
from ``SeedSequence(s, spawn_key=(i, AGENT_KEY, r, p))``. The agents' keys are four words long and
the walls' two, so the two never meet; neither depends on the shard layout or the worker count.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from riichi.game.game import GameResult, play_game
from riichi.rules import RuleSet
from riichi.simulate.players import agent_factory
from riichi.simulate.situation import Situation
from riichi.stats import HandRecord, HandRecorder, Tally

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "Plan", "ShardResult", "ShardPlayer", "AGENT_KEY", "LOG_FORMATS", "agent_seed", "entry_labels",
]

AGENT_KEY = 0x5EA7
"""The second word of the agents' spawn keys (any value: four-word keys never equal a wall's)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """Everything that fixes the games of a run (and so its numbers).

    ``deals`` walls are played, each once, or four times with the seats rotated when
    ``duplicate``; shard ``k`` holds the deals ``[k * deals_per_shard, (k + 1) * deals_per_shard)``.
    The first ``logs`` games keep their event log, written out as game records.
    """

    seed: int
    deals: int
    rules: str
    players: tuple[str, str, str, str]
    duplicate: bool = False
    situation: str | None = None
    shard_size: int = 100
    logs: int = 0

    @property
    def rotations(self) -> int:
        """Games played on each wall."""
        return 4 if self.duplicate else 1

    @property
    def games(self) -> int:
        """Games in the whole run."""
        return self.deals * self.rotations

    @property
    def deals_per_shard(self) -> int:
        """Walls in one shard (a shard holds every rotation of its walls)."""
        return max(1, self.shard_size // self.rotations)

    @property
    def shards(self) -> int:
        """Number of shards."""
        return -(-self.deals // self.deals_per_shard)

    def shard_deals(self, shard: int) -> range:
        """The deals of shard ``shard``."""
        per = self.deals_per_shard
        return range(shard * per, min(self.deals, (shard + 1) * per))


def agent_seed(seed: int, game: int, rotation: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of game ``game`` (rotation ``rotation``) of run ``seed``.

    >>> agent_seed(1, 0, 0, 0) != agent_seed(1, 0, 0, 1)
    True
    """
    seq = np.random.SeedSequence(seed, spawn_key=(game, AGENT_KEY, rotation, seat))
    return int(seq.generate_state(1, np.uint64)[0])


def entry_labels(rotation: int) -> list[str]:
    """Who sits where in a rotation: seat ``s`` is played by the ``(s + rotation) % 4``-th listed
    player, labelled by that index (so a player's sums follow it round the table)."""
    return [str((s + rotation) % 4) for s in range(4)]


@dataclass(slots=True)
class ShardResult:
    """The games of one shard: its tables, the partial sums of the summary and the records of its
    games that keep a log (game row -> format -> text)."""

    shard: int
    games: pa.Table
    hands: pa.Table
    tally: Tally
    logs: dict[int, dict[str, str]] = field(default_factory=dict)


class ShardPlayer:
    """Plays the shards of one :class:`Plan`; made once per worker (rules, agent classes and the
    situation are resolved here, not per shard)."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.rules = RuleSet.preset(plan.rules)
        self.factories = [agent_factory(name) for name in plan.players]
        self.situation = (
            Situation.parse(plan.situation, self.rules) if plan.situation is not None else None
        )

    def play(self, shard: int) -> ShardResult:
        """Play every game of shard ``shard``."""
        plan, situation = self.plan, self.situation
        tally = Tally()
        recorder = HandRecorder()
        games = _GameColumns()
        hands = _HandColumns()
        logs: dict[int, dict[str, str]] = {}
        for deal in plan.shard_deals(shard):
            wall_totals = dict.fromkeys(entry_labels(0), 0)
            for rotation in range(plan.rotations):
                labels = entry_labels(rotation)
                agents = [
                    self.factories[int(labels[s])](agent_seed(plan.seed, deal, rotation, s))
                    for s in range(4)
                ]
                first = len(recorder.records)
                row = deal * plan.rotations + rotation
                result = play_game(
                    self.rules, agents, plan.seed, deal,
                    position=situation.position if situation else None,
                    scores=situation.scores if situation else None,
                    record_events=row < plan.logs, on_event=recorder.feed,
                )
                if row < plan.logs:
                    logs[row] = _records(result)
                records = recorder.records[first:]
                tally.add(records, labels)
                tally.add_game(result.final_scores, result.results, result.ranks, labels)
                games.add(row, deal, rotation, [plan.players[int(x)] for x in labels], result,
                          len(records))
                hands.add(row, records)
                for label, value in zip(labels, result.results):
                    wall_totals[label] += value
            if plan.duplicate:
                tally.add_wall(wall_totals)
        return ShardResult(shard, games.table(), hands.table(), tally, logs)


LOG_FORMATS = {"mjai": "mjai.jsonl", "tenhou6": "tenhou6.json"}
"""The formats a kept game is written in, with the file suffix of each."""


def _records(result: GameResult) -> dict[str, str]:
    from riichi.logs import dumps

    return {fmt: dumps(result, format=fmt) for fmt in LOG_FORMATS}


class _GameColumns:
    """The rows of ``games.parquet`` as columns."""

    def __init__(self) -> None:
        self.game: list[int] = []
        self.deal: list[int] = []
        self.rotation: list[int] = []
        self.hands: list[int] = []
        self.per_seat: dict[str, list[list[object]]] = {
            k: [[] for _ in range(4)] for k in ("player", "score", "rank", "result")
        }

    def add(self, game: int, deal: int, rotation: int, players: Sequence[str],
            result: GameResult, hands: int) -> None:
        self.game.append(game)
        self.deal.append(deal)
        self.rotation.append(rotation)
        self.hands.append(hands)
        seat_values: dict[str, Sequence[object]] = {
            "player": players,
            "score": result.final_scores,
            "rank": result.ranks,
            "result": result.results,
        }
        for key, values in seat_values.items():
            for column, value in zip(self.per_seat[key], values):
                column.append(value)

    def table(self) -> pa.Table:
        import pyarrow as pa

        types = {"player": pa.string(), "score": pa.int32(), "rank": pa.int8(),
                 "result": pa.int32()}
        columns: dict[str, pa.Array] = {
            "game": pa.array(self.game, pa.int64()),
            "deal": pa.array(self.deal, pa.int64()),
            "rotation": pa.array(self.rotation, pa.int8()),
            "hands": pa.array(self.hands, pa.int16()),
        }
        for key, seats in self.per_seat.items():
            for s, values in enumerate(seats):
                columns[f"{key}_{s}"] = pa.array(values, types[key])
        return pa.table(columns)


class _HandColumns:
    """The rows of ``hands.parquet`` as columns."""

    _FIELDS = ("round_wind", "kyoku", "honba", "sticks", "dealer", "kind", "reason", "winners",
               "discarder", "han", "fu", "points", "yaku", "riichi", "called", "deltas")

    def __init__(self) -> None:
        self.game: list[int] = []
        self.hand: list[int] = []
        self.fields: dict[str, list[object]] = {f: [] for f in self._FIELDS}

    def add(self, game: int, records: Sequence[HandRecord]) -> None:
        for k, record in enumerate(records):
            self.game.append(game)
            self.hand.append(k)
            for name, column in self.fields.items():
                column.append(getattr(record, name))

    def table(self) -> pa.Table:
        import pyarrow as pa

        small, points = pa.int16(), pa.int32()
        types = {
            "round_wind": pa.int8(), "kyoku": pa.int8(), "honba": small, "sticks": small,
            "dealer": pa.int8(), "kind": pa.string(), "reason": pa.string(),
            "winners": pa.list_(pa.int8()), "discarder": pa.int8(), "han": pa.list_(small),
            "fu": pa.list_(small), "points": pa.list_(points),
            "yaku": pa.list_(pa.list_(pa.string())), "riichi": pa.list_(pa.bool_()),
            "called": pa.list_(pa.bool_()), "deltas": pa.list_(points),
        }
        columns: dict[str, pa.Array] = {
            "game": pa.array(self.game, pa.int64()),
            "hand": pa.array(self.hand, small),
        }
        for name, values in self.fields.items():
            columns[name] = pa.array(values, types[name])
        return pa.table(columns)
