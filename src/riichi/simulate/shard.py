"""One shard of a simulation: a block of consecutive games played in one worker, returned as
columnar tables (one row per game, one per hand) and the partial sums of the summary.

Seeds: game ``i`` of a run seeded ``s`` takes its walls from ``SeedSequence(s, spawn_key=(i, k))``
(hand ``k``, see :mod:`riichi.game.game`) and the agent in seat ``p`` its seed from
``SeedSequence(s, spawn_key=(i, AGENT_KEY, 0, p))``, whoever sits there: in duplicate play every
rotation of a wall gives its seats the same seeds, so identical players play one game in every
rotation and different players share every tie-break they can. The agents' keys are four words
long and the walls' two, so the two never meet; neither depends on the shard layout or the worker
count.

Under rules that play a match (``RuleSet.match_sets`` or ``set_games`` above 1) each deal is a
whole match (:func:`~riichi.game.play_match`): match ``m`` is seeded ``match_seed(s, m)``, its
``k``-th game is row ``m * G + k`` (``G`` = the most games a match can take) with ``rotation``
``k``, and player ``p``'s agent takes the seed of seat ``p``.
"""

from __future__ import annotations

import contextlib
import dataclasses
import shlex
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import numpy as np

from riichi._deprecated import renamed
from riichi.errors import GameFailedError, WorkerDiedError
from riichi.game.game import GameResult, play_game
from riichi.game.match import MatchResult, play_match
from riichi.game.state import EventSink
from riichi.rules import RuleSet
from riichi.rules.files import (
    nearest_preset, rule_changes, rule_word, rules_from_dict, rules_to_dict,
)
from riichi.agents.registry import AGENT_KEY, agent_seed
from riichi.runner import Work
from riichi.simulate.players import PlayerSpec, agent_factory, check_sendable, sent_by_value
from riichi.simulate.starting_point import StartingPoint
from riichi.stats import HandRecord, HandRecorder, Tally

if TYPE_CHECKING:
    import pyarrow as pa

__all__ = [
    "RunPlan", "ShardResult", "ShardPlayer", "ShardWork", "AGENT_KEY", "MATCH_KEY", "LOG_FORMATS",
    "agent_seed", "entry_labels", "match_seed", "plays_matches", "replay_command",
]

MATCH_KEY = 0x3A7C
"""The second word of the matches' spawn keys (three words long: never an agent's or a wall's)."""


def plays_matches(rules: RuleSet) -> bool:
    """Whether a run under ``rules`` plays matches rather than single games."""
    return rules.match_sets * rules.set_games > 1


@dataclass(frozen=True, slots=True)
class RunPlan:
    """Everything that fixes the games of a run (and so its numbers).

    ``deals`` walls are played, each once, or once per seat with the seats rotated when
    ``duplicate`` (under match rules, ``deals`` matches); shard ``k`` holds the deals
    ``[k * deals_per_shard, (k + 1) * deals_per_shard)``. The first ``logs`` games keep their
    event log, written out as game records. ``rules`` is the whole rule set and ``players`` has
    one :class:`~riichi.simulate.players.PlayerSpec` per seat; :meth:`to_dict` writes them all
    down (``run.json``), :meth:`from_dict` reads them back.
    """

    seed: int
    deals: int
    rules: RuleSet
    players: tuple[PlayerSpec, ...]
    duplicate: bool = False
    situation: str | None = None
    shard_size: int = 100
    logs: int = 0

    @property
    def rotations(self) -> int:
        """Games played on each wall."""
        return len(self.players) if self.duplicate else 1

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

    @property
    def rows_per_deal(self) -> int:
        """The game rows of one deal: its rotations, or under match rules the most games a
        match can take (a match that ends sooner leaves the rest unused)."""
        rules = self.rules
        return rules.match_sets * rules.set_games if plays_matches(rules) else self.rotations

    def to_dict(self) -> dict[str, Any]:
        """The plan as plain values (JSON): the rules field by field, each player as its text."""
        data = {f.name: getattr(self, f.name) for f in dataclasses.fields(self)}
        return {**data, "rules": rules_to_dict(self.rules), "players": [str(p) for p in self.players]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RunPlan:
        """The plan :meth:`to_dict` wrote down."""
        return cls(**{**data, "rules": rules_from_dict(data["rules"]),
                      "players": tuple(PlayerSpec.parse(p) for p in data["players"])})


def match_seed(seed: int, match: int) -> int:
    """The seed of match ``match`` of run ``seed`` (its games' walls come from it)."""
    seq = np.random.SeedSequence(seed, spawn_key=(match, MATCH_KEY, 0))
    return int(seq.generate_state(1, np.uint64)[0]) >> 1


def entry_labels(rotation: int, seats: int = 4) -> list[str]:
    """Who sits where in a rotation: seat ``s`` is played by the ``(s + rotation) % seats``-th
    listed player, labelled by that index (so a player's sums follow it round the table; the
    ``k``-th game of a match seats its players so too)."""
    return [str((s + rotation) % seats) for s in range(seats)]


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
    """Plays the shards of one :class:`RunPlan`; made once per worker (rules, agent classes and the
    situation are resolved here, not per shard)."""

    def __init__(self, plan: RunPlan) -> None:
        self.plan = plan
        self.rules = plan.rules
        self.factories = [agent_factory(name) for name in plan.players]
        self.seats = len(plan.players)
        self.situation = (
            StartingPoint.parse(plan.situation, self.rules) if plan.situation is not None else None
        )

    def play(self, shard: int, on_game: Callable[[int], None] | None = None) -> ShardResult:
        """Play every game of shard ``shard``. A game that fails is a
        :class:`~riichi.errors.GameFailedError` naming it and the command that replays it.
        ``on_game`` is told the row of each game before it is played (under match rules, of
        each match's first game: its replay plays the whole match), so that a worker that dies
        can be named with the game it was playing."""
        plan = self.plan
        tally = Tally()
        recorder = HandRecorder()
        games = _GameColumns()
        hands = _HandColumns()
        logs: dict[int, dict[str, str]] = {}
        for deal in plan.shard_deals(shard):
            if plays_matches(self.rules):
                if on_game is not None:
                    on_game(deal * plan.rows_per_deal)
                self._match(deal, tally, recorder, games, hands, logs)
                continue
            wall_totals = dict.fromkeys(entry_labels(0, self.seats), 0)
            for rotation in range(plan.rotations):
                row = deal * plan.rotations + rotation
                if on_game is not None:
                    on_game(row)
                first = len(recorder.records)
                with _failing(plan, row):
                    result = self.game(deal, rotation, row < plan.logs, recorder.feed)
                self._count(row, deal, rotation, result, first, tally, recorder, games, hands,
                            logs)
                for label, value in zip(entry_labels(rotation, self.seats), result.results):
                    wall_totals[label] += value
            if plan.duplicate:
                tally.add_wall(wall_totals)
        return ShardResult(shard, games.table(), hands.table(), tally, logs)

    def game(self, deal: int, rotation: int = 0, record_events: bool = True,
             on_event: EventSink | None = None) -> GameResult:
        """Play rotation ``rotation`` of deal ``deal`` (not under match rules), as the run
        plays it."""
        labels = entry_labels(rotation, self.seats)
        agents = [
            self.factories[int(labels[s])](agent_seed(self.plan.seed, deal, s))
            for s in range(self.seats)
        ]
        situation = self.situation
        return play_game(
            self.rules, agents, self.plan.seed, deal,
            position=situation.position if situation else None,
            scores=situation.scores if situation else None,
            record_events=record_events, on_event=on_event,
        )

    def replay(self, row: int) -> GameResult | MatchResult:
        """Play game ``row`` of the run alone, exactly as the run plays it (under match rules,
        the whole match it belongs to); errors are raised as they come, for a debugger."""
        if plays_matches(self.rules):
            deal = row // (self.rules.match_sets * self.rules.set_games)
            return self.match(deal)
        return self.game(row // self.plan.rotations, row % self.plan.rotations)

    def match(self, deal: int, **kwargs: Any) -> MatchResult:
        """Play match ``deal`` as the run plays it (``kwargs`` go to :func:`play_match`)."""
        agents = [self.factories[p](agent_seed(self.plan.seed, deal, p))
                  for p in range(self.seats)]
        return play_match(self.rules, agents, match_seed(self.plan.seed, deal), **kwargs)

    def _count(
        self, row: int, deal: int, rotation: int, result: GameResult, first: int, tally: Tally,
        recorder: HandRecorder, games: _GameColumns, hands: _HandColumns,
        logs: dict[int, dict[str, str]],
    ) -> None:
        """Count one finished game, played as ``rotation`` of ``deal``, whose hands are the
        recorder's records from ``first`` on."""
        labels = entry_labels(rotation, self.seats)
        if row < self.plan.logs:
            logs[row] = _records(result)
        records = recorder.records[first:]
        tally.add(records, labels)
        tally.add_game(result.final_scores, result.results, result.ranks, labels)
        games.add(row, deal, rotation, [str(self.plan.players[int(x)]) for x in labels], result,
                  len(records))
        hands.add(row, records)

    def _match(
        self, deal: int, tally: Tally, recorder: HandRecorder, games: _GameColumns,
        hands: _HandColumns, logs: dict[int, dict[str, str]],
    ) -> None:
        """Play match ``deal`` and count its games and its set and match wins."""
        plan, rules = self.plan, self.rules
        longest = rules.match_sets * rules.set_games
        first = len(recorder.records)
        played = 0

        def counted(result: GameResult) -> None:
            nonlocal first, played
            k = result.game_index
            self._count(deal * longest + k, deal, k, result, first, tally, recorder, games, hands,
                        logs)
            first = len(recorder.records)
            played += 1

        try:
            match = self.match(deal, on_event=recorder.feed, on_game=counted,
                               record_events=deal * longest < plan.logs)
        except Exception as error:
            raise _failure(plan, deal * longest + played, error) from error
        tally.add_match(
            {str(p): wins for p, wins in enumerate(match.set_wins)},
            len(match.sets),
            None if match.winner is None else str(match.winner),
        )


def replay_command(plan: RunPlan, row: int) -> str:
    """The command that plays game ``row`` of ``plan``'s run alone, exactly as the run plays it
    (the rules as their nearest preset and ``--set`` changes, each player as its spec).

    >>> from riichi.simulate.players import PlayerSpec
    >>> house = dataclasses.replace(RuleSet.preset("ema"), kuitan=True)
    >>> replay_command(RunPlan(7, 10, house, (PlayerSpec("random"),) * 4), 3)
    'python -m riichi.simulate --seed 7 --rules ema --set kuitan=true --players random,random,random,random --game 3'
    """
    words = ["python", "-m", "riichi.simulate", "--seed", str(plan.seed),
             "--rules", nearest_preset(plan.rules)]
    for name, value in rule_changes(plan.rules).items():
        words += ["--set", f"{name}={rule_word(value)}"]
    words += ["--players", ",".join(str(p) for p in plan.players)]
    if plan.duplicate:
        words.append("--duplicate")
    if plan.situation is not None:
        words += ["--from", plan.situation]
    return shlex.join([*words, "--game", str(row)])


class ShardWork(Work[int, ShardResult]):
    """The shards of ``plan`` as the work of :func:`riichi.runner.start`: each worker holds a
    :class:`ShardPlayer`, and tells of the row of each game it plays, so that a worker that dies
    is a :class:`~riichi.errors.WorkerDiedError` naming its shard, the run's seed and the command
    that replays the game it was playing."""

    def __init__(self, plan: RunPlan) -> None:
        self.plan = plan

    def worker(self) -> ShardPlayer:
        return ShardPlayer(self.plan)

    def died(self, task: int, unit: int | None, worker: str, how: str) -> WorkerDiedError:
        plan, shard, row = self.plan, task, unit
        first = plan.shard_deals(shard).start * plan.rows_per_deal
        command = replay_command(plan, first if row is None else row)
        if row is None:
            last = plan.shard_deals(shard).stop * plan.rows_per_deal - 1
            where, replay = f"in one of its games {first}-{last}", "replay its first game with"
        else:
            where, replay = f"during game {row}", "replay exactly that game with"
        return WorkerDiedError(
            f"the {worker} playing shard {shard} of the run seeded {plan.seed} died ({how}) "
            f"{where}; {replay}: {command}",
            first if row is None else row, plan.seed, command, shard,
        )

    def check_sendable(self, dumps: Callable[[Any], bytes], where: str) -> None:
        check_sendable(self.plan.players, dumps, where)

    def for_ray(self, ray: Any) -> ShardWork:
        return ShardWork(dataclasses.replace(self.plan,
                                             players=sent_by_value(self.plan.players, ray)))


def _failure(plan: RunPlan, row: int, error: Exception) -> GameFailedError:
    command = replay_command(plan, row)
    what = " ".join(f"{type(error).__name__}: {error}".split())
    return GameFailedError(
        f"game {row} of the run seeded {plan.seed} failed: {what}; replay exactly that game "
        f"with: {command}",
        row, plan.seed, command,
    )


@contextlib.contextmanager
def _failing(plan: RunPlan, row: int) -> Iterator[None]:
    """Turn an error of game ``row`` into a :class:`GameFailedError` naming it."""
    try:
        yield
    except Exception as error:
        raise _failure(plan, row, error) from error


LOG_FORMATS = {"mjai": "mjai.jsonl", "tenhou6": "tenhou6.json"}
"""The formats a kept game is written in, with the file suffix of each (tenhou.net/6 for
four- and three-player games: its four places hold no two-player game)."""


def _records(result: GameResult) -> dict[str, str]:
    from riichi.logs import dumps

    table = len(result.final_scores) >= 3
    return {fmt: dumps(result, format=fmt) for fmt in LOG_FORMATS if table or fmt == "mjai"}


class _GameColumns:
    """The rows of ``games.parquet`` as columns."""

    def __init__(self) -> None:
        self.game: list[int] = []
        self.deal: list[int] = []
        self.rotation: list[int] = []
        self.hands: list[int] = []
        self.per_seat: dict[str, list[list[object]]] = {
            k: [] for k in ("player", "score", "rank", "result")
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
            columns = self.per_seat[key]
            columns.extend([] for _ in range(len(values) - len(columns)))
            for column, value in zip(columns, values):
                column.append(value)

    def table(self) -> pa.Table:
        import pyarrow as pa

        types = {"player": pa.string(), "score": pa.int32(), "rank": pa.int8(),
                 "result": pa.int32()}
        columns: dict[str, pa.Array] = {
            "game": pa.array(self.game, pa.int64()),
            "deal": pa.array(self.deal, pa.int64()),
            "rotation": pa.array(self.rotation, pa.int16()),  # a match plays up to 99 x 99 games
            "hands": pa.array(self.hands, pa.int32()),
        }
        for key, seats in self.per_seat.items():
            for s, values in enumerate(seats):
                columns[f"{key}_{s}"] = pa.array(values, types[key])
        return pa.table(columns)


class _HandColumns:
    """The rows of ``hands.parquet`` as columns."""

    _FIELDS = ("round_wind", "kyoku", "honba", "sticks", "dealer", "ending", "reason", "winners",
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
            # a game from a situation starts with up to 1,000 counters and sticks, and adds more
            "round_wind": pa.int8(), "kyoku": pa.int8(), "honba": points, "sticks": points,
            "dealer": pa.int8(), "ending": pa.string(), "reason": pa.string(),
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


if not TYPE_CHECKING:
    __getattr__ = renamed(__name__, {"Plan": ("RunPlan", RunPlan)})
