"""The rollouts: from one decision, for each sampled world, every candidate action played out to
the end of the hand or of the game by the chosen players.

Every random choice of world ``i`` comes from ``SeedSequence(seed, spawn_key=(i,))``: the redeal,
the players' seeds and the walls of the hands after this one. The same world, players and walls
serve every candidate action (common random numbers), so two actions differ only by what follows
from the action; and a world's numbers do not depend on which worker plays it.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> from riichi.analyze.position import as_record, find_point
>>> from riichi.simulate.players import seat_players
>>> record, rules = as_record(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1))
>>> point = find_point(record, rules, "E1-3", seat=1)
>>> players = seat_players("defensive")
>>> job = Job(record, rules, point.event, 1, point.legal[:2], players, "hand", 7, "doc")
>>> rows = RolloutPlayer(job).play(range(2))
>>> rows.points.shape, rows.hand_delta.shape
((2, 2), (2, 2))
"""

from __future__ import annotations

import pickle
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from riichi.errors import RiichiError
from riichi.game.agent import Agent
from riichi.game.actions import Action
from riichi.game.builtin_agent import BuiltinAgent
from riichi.game.flow import final_results
from riichi.game.observation import Observation
from riichi.game.state import GameState, Phase
from riichi.game.wall import Wall
from riichi.logs.record import GameRecord
from riichi.rules import RuleSet
from riichi.simulate.players import PlayerSpec, agent_factory, check_player, player_target
from riichi.analyze.belief import DEFAULT_MODEL, Model, beliefs, passed_tiles
from riichi.analyze.position import AnalysisError, find_point, seat_named
from riichi.analyze.worlds import redeal

__all__ = ["Job", "Rows", "RolloutPlayer", "HORIZONS", "WIN", "DEAL_IN", "DRAW", "OTHER"]

HORIZONS = ("game", "hand")

WIN, DEAL_IN, DRAW, OTHER = 0, 1, 2, 3
"""How the hand of the decision ended for the seat: it won, it dealt in, the hand was drawn
(exhaustive or abortive), another seat won (by tsumo, or by ron from a third seat)."""


@dataclass(frozen=True)
class Job:
    """What the workers need to play worlds of one decision (small, and picklable: each worker
    replays the record to the decision itself)."""

    record: GameRecord
    rules: RuleSet
    event: int
    seat: int
    actions: tuple[Action, ...]
    players: tuple[PlayerSpec, ...]
    horizon: str
    seed: int
    key: str
    """Names the job among those a worker is given (it rebuilds its player when the key changes)."""
    worlds: str = "belief"
    """How the other seats' hands are drawn (:data:`riichi.analyze.worlds.WORLDS`)."""
    model: Model = DEFAULT_MODEL
    """The belief they are drawn from (``worlds="belief"``)."""


@dataclass
class Rows:
    """The outcomes of some worlds (one row each) for every candidate action (one column each):
    ``points`` the seat's placement points (points minus the return, plus uma and oka; at the
    end of the hand for ``horizon="hand"``, as if the game ended there), ``rank`` its place
    (1-4), ``score`` its points, ``hand_delta`` its point change in the hand of the decision,
    ``hand_end`` how that hand ended for it (:data:`WIN` ...). ``worlds`` numbers the rows;
    ``ess[row, s]`` is the effective sample size of seat ``s``'s weighed hands in that world
    (NaN where none were weighed); ``proposals`` and ``accepted`` count the swaps proposed and
    kept inside the consistent sets of the hands drawn (:func:`~riichi.analyze.worlds.redeal`)."""

    worlds: np.ndarray
    points: np.ndarray
    rank: np.ndarray
    score: np.ndarray
    hand_delta: np.ndarray
    hand_end: np.ndarray
    ess: np.ndarray
    proposals: int = 0
    accepted: int = 0

    @classmethod
    def empty(cls, worlds: Sequence[int], actions: int, seats: int = 4) -> Rows:
        shape = (len(worlds), actions)
        return cls(np.asarray(worlds, dtype=np.int64), np.zeros(shape), np.zeros(shape, np.int8),
                   np.zeros(shape, np.int64), np.zeros(shape, np.int64), np.zeros(shape, np.int8),
                   np.full((len(worlds), seats), np.nan))

    @classmethod
    def join(cls, parts: Iterable[Rows]) -> Rows:
        """The rows of ``parts`` together, in world order (whatever order they were played in)."""
        items = sorted(parts, key=lambda r: int(r.worlds[0]) if len(r.worlds) else -1)
        def column(name: str) -> np.ndarray:
            return np.concatenate([getattr(r, name) for r in items])

        joined = cls(column("worlds"), column("points"), column("rank"), column("score"),
                     column("hand_delta"), column("hand_end"), column("ess"))
        joined.proposals = sum(r.proposals for r in items)
        joined.accepted = sum(r.accepted for r in items)
        return joined


class RolloutPlayer:
    """Plays worlds of one :class:`Job` (built once per worker: it replays the record to the
    decision and makes the players' factories)."""

    def __init__(self, job: Job) -> None:
        self.job = job
        point = find_point(job.record, job.rules, job.event, job.seat)
        self.state = point.state
        events = job.record.rounds[point.round].events[:point.local]
        passed = passed_tiles(events, self.state.seats, job.rules.kita_ron)
        self.seats = beliefs(self.state, job.seat, passed, job.model)
        self.factories = [agent_factory(spec) for spec in job.players]
        for spec in job.players:
            check_player(spec)  # a bad setting named here, not a TypeError from a rollout
            if hasattr(player_target(spec), "on_event"):
                raise AnalysisError(
                    f"player {str(spec)!r} keeps its own record of the game (on_event): a rollout "
                    "starts in the middle of a game, which such a player cannot join"
                )
        # the rollouts record no events: the table builds none
        self.state.stop_recording()

    def play(self, worlds: Iterable[int]) -> Rows:
        """The outcomes of worlds ``worlds`` for every action of the job."""
        job = self.job
        worlds = list(worlds)
        rows = Rows.empty(worlds, len(job.actions), self.state.seats)
        for row, world in enumerate(worlds):
            try:
                self._play_world(rows, row, world)
            except RiichiError:
                raise  # the table's own refusals (an illegal action) say what was wrong
            except Exception as error:  # noqa: BLE001 - a player's bug, told with where it was
                what = " ".join(f"{type(error).__name__}: {error}".split())
                raise AnalysisError(f"world {world} of the decision at event {job.event} "
                                    f"({seat_named(job.seat)}, seed {job.seed}) failed: {what}"
                                    ) from error
        return rows

    def _play_world(self, rows: Rows, row: int, world: int) -> None:
        """Play world ``world`` for every action of the job into row ``row`` of ``rows``."""
        job = self.job
        seeds = np.random.SeedSequence(job.seed, spawn_key=(world,))
        deal_seed, agent_seed, wall_seed = seeds.spawn(3)
        base = self.state.clone()
        draws = redeal(base, job.seat, np.random.default_rng(deal_seed), worlds=job.worlds,
                       seats=self.seats, model=job.model)
        rows.proposals += draws.proposals
        rows.accepted += draws.accepted
        for s, ess in draws.ess.items():
            rows.ess[row, s] = ess
        agent_seeds = [int(s) for s in agent_seed.generate_state(len(job.players))]
        makers = [_maker(f, s) for f, s in zip(self.factories, agent_seeds)]
        walls = _wall_source(wall_seed, job.rules, base.hand_number)
        for column, action in enumerate(job.actions):
            state = base.clone()
            state.deal_later_hands_from(walls)
            self._play_out(state, action, [make() for make in makers], rows, row, column)

    def _play_out(self, state: GameState, action: Action, agents: Sequence[Agent], rows: Rows,
                  row: int, column: int) -> None:
        seat = self.job.seat
        hand = len(state.outcomes)
        state.apply(action, seat=seat)
        over, turn = Phase.OVER, Phase.TURN
        until_hand = self.job.horizon == "hand"
        while state.phase is not over and (not until_hand or len(state.outcomes) == hand):
            for s in (state.turn,) if state.phase is turn else state.acting_seats:
                state.apply(agents[s].act(Observation(state, s), state.legal(s)), seat=s)
        outcome = state.outcomes[hand]
        rows.hand_delta[row, column] = outcome.deltas[seat]
        if seat in outcome.winners:
            end = WIN
        elif outcome.ending == "win":
            end = DEAL_IN if outcome.discarder == seat else OTHER
        else:
            end = DRAW
        rows.hand_end[row, column] = end
        if state.final_scores is not None and state.results is not None and state.ranks is not None:
            rows.points[row, column] = state.results[seat]
            rows.rank[row, column] = state.ranks[seat]
            rows.score[row, column] = state.final_scores[seat]
        else:
            ranks, results = final_results(state.rules, state.scores)
            rows.points[row, column] = results[seat]
            rows.rank[row, column] = ranks[seat]
            rows.score[row, column] = state.scores[seat]


def _maker(factory: Callable[[int], Agent], seed: int) -> Callable[[], Agent]:
    """What makes the agent ``factory(seed)`` afresh for each action of a world: a built-in
    player is made once and each action gets a copy of it as made (unpickling it costs a tenth
    of making it), any other agent is made anew each time."""
    agent = factory(seed)
    if not isinstance(agent, BuiltinAgent):
        return lambda: factory(seed)
    made = pickle.dumps(agent, pickle.HIGHEST_PROTOCOL)
    return lambda: pickle.loads(made)


def _wall_source(seed: np.random.SeedSequence, rules: RuleSet, first: int
                 ) -> Callable[[int], Wall]:
    """The walls of the hands after the decision's: hand ``first + k`` is shuffled from the
    ``k``-th child of ``seed``, whichever action led there (each shuffled once per world, each
    action given its own copy)."""
    shuffled: dict[int, Wall] = {}

    def source(hand: int) -> Wall:
        wall = shuffled.get(hand)
        if wall is None:
            child = np.random.SeedSequence(seed.entropy, spawn_key=(*seed.spawn_key, hand - first))
            wall = shuffled[hand] = Wall.shuffled(np.random.default_rng(child), rules)
        return wall.copy()

    return source
