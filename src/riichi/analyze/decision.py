"""Which action was best at one decision of a game record: :func:`decision`.

Each legal action of the seat (actions with identical tiles merged: two plain 5m discards are one
candidate) is played out on the same ``samples`` worlds (:mod:`riichi.analyze.worlds`) by the
chosen players (:mod:`riichi.analyze.rollout`), and the outcomes are summed up with 95 % intervals
(:mod:`riichi.analyze.estimate`). The actions come ranked by the horizon's measure: expected
placement points (the rules' uma and oka) for ``horizon="game"``, the expected point change of the
hand for ``horizon="hand"``. Each also carries its difference from the action the record shows,
paired on the worlds.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> result = decision(game, "E1-3", seat=1, samples=20, horizon="hand", seed=5, progress=False)
>>> result.label, result.played.played, len(result.actions) > 1
('E1-3', True, True)
>>> result.played.vs_played.mean
0.0
"""

from __future__ import annotations

import uuid
import warnings
from statistics import NormalDist
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from riichi._deprecated import RenamedAttribute
from riichi.analyze.belief import COLLAPSED, DEFAULT_MODEL, ESS_WARNING, PICKS, BeliefWarning, \
    Model
from riichi.analyze.estimate import Z95, Estimate, mean_estimate, share_estimate, \
    unpaired_half_width
from riichi.analyze.position import AnalysisError, DecisionPoint, action_label, all_last, \
    as_record, find_point, tiles_text
from riichi.analyze.progress import Bar
from riichi.analyze.rollout import DEAL_IN, DRAW, HORIZONS, WIN, Job, Rows
from riichi.analyze.workers import Run, runner
from riichi.analyze.worlds import check_worlds
from riichi.errors import named_int, quoted
from riichi.game.actions import Action
from riichi.game.game import GameResult
from riichi.logs.record import GameRecord
from riichi.rules import RuleSet
from riichi.simulate.players import DEFAULT_PLAYER, Player, seat_players
from riichi.simulate.run import run_seed

__all__ = ["ActionResult", "Decision", "decision", "candidates", "analyse_point", "checked_settings"]


@dataclass(frozen=True)
class ActionResult:
    """The estimated outcome of one candidate action for the seat.

    ``placement[k]`` is the share of worlds where it finished ``k+1``-th; ``points`` its placement
    points, ``score`` its points at the end (of the game, or of the hand for ``horizon="hand"``);
    ``hand_delta`` its point change in the hand of the decision, ``win``/``deal_in``/``draw`` the
    shares of that hand it won, dealt in, or that ended drawn. ``vs_played`` is the paired
    difference of the horizon's measure from the action played (zero for the played action),
    ``unpaired_half_width`` the half width that difference's interval would have on independent
    worlds."""

    action: Action
    label: str
    played: bool
    value: Estimate
    placement: tuple[Estimate, ...]
    points: Estimate
    score: Estimate
    hand_delta: Estimate
    win: Estimate
    deal_in: Estimate
    draw: Estimate
    vs_played: Estimate
    unpaired_half_width: float

    def to_json(self) -> dict[str, Any]:
        return {
            "action": self.label, "played": self.played, "value": self.value.to_json(),
            "placement": [p.to_json() for p in self.placement], "points": self.points.to_json(),
            "score": self.score.to_json(), "hand_delta": self.hand_delta.to_json(),
            "win": self.win.to_json(), "deal_in": self.deal_in.to_json(),
            "draw": self.draw.to_json(), "vs_played": self.vs_played.to_json(),
            "unpaired_half_width": self.unpaired_half_width,
        }


@dataclass(frozen=True)
class Decision:
    """The analysis of one decision: the candidate ``actions`` ranked best first by ``measure``
    (``"points"``: placement points, or ``"hand_delta"``), the one played, the settings, how
    the worlds were drawn (``worlds``), and what drawing them found: ``ess[s]`` the mean
    effective sample size of seat ``s``'s weighed hands (out of
    :data:`~riichi.analyze.belief.PICKS`; belief worlds only), ``collapsed`` the share of those
    draws whose weights fell on one hand (effective size below
    :data:`~riichi.analyze.belief.COLLAPSED`), ``acceptance`` the share of the swaps proposed
    inside the consistent sets that were kept (None when no chain ran). ``situation`` says the
    round, scores, dora and tiles left, ``riichi`` the seats in riichi. Seats count from 0 here and
    in :meth:`to_json`, as in the rest of the API; :meth:`table` numbers them from 1."""

    label: str
    event: int
    seat: int
    horizon: str
    samples: int
    players: tuple[str, ...]
    seed: int
    measure: str
    actions: tuple[ActionResult, ...]
    acceptance: float | None
    hand: str
    situation: str
    worlds: str = "belief"
    ess: dict[int, float] = field(default_factory=dict)
    collapsed: float = 0.0
    riichi: tuple[int, ...] = ()

    riichi_acceptance = RenamedAttribute[float | None]("acceptance")
    """Deprecated: :attr:`acceptance`."""

    @property
    def warning(self) -> str | None:
        """What to distrust in the worlds: a seat whose weighed hands collapsed (the mean
        effective sample size below :data:`~riichi.analyze.belief.ESS_WARNING`), else None;
        seats counted from 0, as :attr:`ess`'s."""
        return self.warning_for(0)

    def warning_for(self, first: int) -> str | None:
        """:attr:`warning` with the seats numbered from ``first`` (1 for people)."""
        low = [s for s, e in sorted(self.ess.items()) if e < ESS_WARNING]
        if not low:
            return None
        return (f"the belief's weights collapsed for seat {_seats(low, first)} (mean "
                f"effective sample size {', '.join(f'{self.ess[s]:.1f}' for s in low)} of "
                f"{PICKS}): its discards fit few of the hands drawn, so its worlds are the best "
                "of a few and the figures lean on them")

    def situation_for(self, first: int) -> str:
        """:attr:`situation` with the seats in riichi, numbered from ``first`` (1 for people)."""
        riichi = f", riichi: seat {_seats(self.riichi, first)}" if self.riichi else ""
        return self.situation + riichi

    @property
    def played(self) -> ActionResult:
        """The action the record shows."""
        return next(a for a in self.actions if a.played)

    @property
    def best(self) -> ActionResult:
        return self.actions[0]

    @property
    def loss(self) -> float:
        """How much less the played action is expected to give than the best (0 if it is the
        best): a point estimate, whether or not the difference is more than noise (see
        :attr:`lost`)."""
        return self.best.value.mean - self.played.value.mean

    @property
    def lost(self) -> tuple[ActionResult, Estimate] | None:
        """The candidate that did significantly better than the action played, with the paired
        difference and its interval, or None when none did. Several candidates are compared
        with the played one at once, so each interval is widened to hold all of them together
        at 95 % (Bonferroni: the 1 - 0.025/m normal point for m comparisons, 1.96 for one): a
        decision where every candidate is as good as the played one is flagged in 2.5 % of
        analyses at most (a candidate better beyond its interval), not once per candidate. Of
        several such candidates, the one with the largest mean."""
        others = [a for a in self.actions if not a.played]
        if not others:
            return None
        z = NormalDist().inv_cdf(1 - 0.025 / len(others))
        best: tuple[ActionResult, Estimate] | None = None
        for a in others:
            d = a.vs_played
            half = d.half_width * z / Z95
            if d.mean - half > 0 and (best is None or d.mean > best[1].mean):
                best = (a, Estimate(d.mean, d.mean - half, d.mean + half))
        return best

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label, "event": self.event, "seat": self.seat, "horizon": self.horizon,
            "samples": self.samples, "players": list(self.players), "seed": self.seed,
            "measure": self.measure, "hand": self.hand, "situation": self.situation,
            "worlds": self.worlds, "riichi": list(self.riichi),
            "ess": {str(k): v for k, v in self.ess.items()},
            "collapsed": self.collapsed, "warning": self.warning,
            "acceptance": self.acceptance, "loss": self.loss,
            "lost": None if self.lost is None else {
                "action": self.lost[0].label, **self.lost[1].to_json()},
            "actions": [a.to_json() for a in self.actions],
        }

    def table(self, width: int = 80) -> str:
        """The actions as a text table, best first, the played one marked with ``*``, for people:
        seats numbered from 1. Within ``width`` columns the rates (placements, win, deal-in, draw)
        follow the values in a table of their own."""
        what = "placement points" if self.measure == "points" else "hand point change"
        # as the review page says it: why a hand's analysis is given in placement points
        judged = self.measure == "points" and self.horizon == "hand"
        all_last = " (all-last: judged by placement)" if judged else ""
        head = [
            f"{self.label} (event {self.event}), seat {self.seat + 1}: {self.hand}",
            self.situation_for(1),
            f"{self.samples} worlds to the end of the {self.horizon}{all_last}, players "
            f"{','.join(self.players)}, seed {self.seed}, {self.worlds} worlds"
            + (", effective sample size " + ", ".join(
                f"seat {s + 1} {e:.1f}" for s, e in sorted(self.ess.items())) + f" of {PICKS}"
               if self.ess else ""),
            *([f"warning: {self.warning_for(1)}"] if self.warning else []),
            "",
        ]
        game = self.horizon == "game"
        values = [f"  {'action':<14} {what + ' [95%]':>28} {'vs played [paired 95%]':>30}"] + [
            f"{'*' if a.played else ' '} {a.label:<14} {a.value.text():>28} {a.vs_played.text():>30}"
            for a in self.actions]
        last = {2: "2nd", 3: "3rd"}.get(len(self.actions[0].placement), "4th")  # the last place
        rates = [f"  {'action':<14}" + (f"    1st    {last}" if game else "") + "    win deal-in   draw"] + [
            f"{'*' if a.played else ' '} {a.label:<14}"
            + (f" {a.placement[0].mean:>6.1%} {a.placement[-1].mean:>6.1%}" if game else "")
            + f" {a.win.mean:>6.1%} {a.deal_in.mean:>7.1%} {a.draw.mean:>6.1%}"
            for a in self.actions]
        side = 16  # the mark and the action, shown once when the two tables stand side by side
        if max(map(len, values)) + max(map(len, rates)) - side <= width:
            return "\n".join(head + [v + r[side:] for v, r in zip(values, rates)])
        return "\n".join(head + values + [""] + rates)


def candidates(legal: Sequence[Action], played: Action | None = None, red_fives: bool = True
               ) -> tuple[Action, ...]:
    """The legal actions with identical tiles merged (same kind of action, same tiles by name:
    red and plain fives differ where the rules have red fives, as ``red_fives`` says), in listed
    order; the played action stands for its group.

    >>> from riichi.game.actions import Discard
    >>> candidates([Discard(0, 17), Discard(0, 18), Discard(0, 16)], played=Discard(0, 18))
    (Discard(seat=0, tile=18), Discard(seat=0, tile=16))
    """
    groups: dict[tuple[str, str], Action] = {}
    for action in legal:
        key = (type(action).__name__, action_label(action, red_fives))
        if key not in groups or action == played:
            groups[key] = action
    return tuple(groups.values())


def _situation(point: DecisionPoint) -> str:
    state = point.state
    start = point.record.rounds[point.round].start
    dora = tiles_text(state.dora_indicators, point.rules.red_fives)
    return (f"{start.bakaze}{start.kyoku} honba {start.honba}, scores "
            f"{'/'.join(str(s) for s in state.scores)}, dora indicators {dora}, "
            f"{state.wall.live_remaining} tiles left")


def _seats(seats: Iterable[int], first: int) -> str:
    """``seats`` (counted from 0) as a list numbered from ``first``."""
    return ", ".join(str(s + first) for s in seats)


def _hand(point: DecisionPoint) -> str:
    p = point.state.players[point.seat]
    red = point.rules.red_fives
    melds = " ".join(tiles_text(m.tiles, red) for m in p.melds)
    return tiles_text(p.hand, red) + (f" + {melds}" if melds else "")


def _results(rows: Rows, actions: Sequence[Action], played: int, measure: str, rules: RuleSet
             ) -> list[ActionResult]:
    values = rows.points if measure == "points" else rows.hand_delta.astype(float)
    out = []
    for k, action in enumerate(actions):
        column = values[:, k]
        out.append(ActionResult(
            action=action, label=action_label(action, rules.red_fives), played=k == played,
            value=mean_estimate(column),
            placement=tuple(share_estimate(rows.rank[:, k] == r) for r in range(1, rules.players + 1)),
            points=mean_estimate(rows.points[:, k]),
            score=mean_estimate(rows.score[:, k].astype(float)),
            hand_delta=mean_estimate(rows.hand_delta[:, k].astype(float)),
            win=share_estimate(rows.hand_end[:, k] == WIN),
            deal_in=share_estimate(rows.hand_end[:, k] == DEAL_IN),
            draw=share_estimate(rows.hand_end[:, k] == DRAW),
            vs_played=mean_estimate(column - values[:, played]),
            unpaired_half_width=unpaired_half_width(column, values[:, played]),
        ))
    return sorted(out, key=lambda r: -r.value.mean)


def checked_settings(samples: object, horizon: object, worlds: object) -> int:
    """The settings of an analysis checked (:class:`AnalysisError`, before any worker starts);
    ``samples`` as an int (numpy's integers too)."""
    count = named_int("samples", samples, "an int >= 2 (worlds to play)")
    if count < 2:
        raise AnalysisError(f"samples={count}: expected an int >= 2 (worlds to play)")
    if horizon not in HORIZONS:
        raise AnalysisError(f"horizon={quoted(horizon)}: expected one of {', '.join(HORIZONS)}")
    check_worlds(worlds)
    return count


def _ess(rows: Rows) -> tuple[dict[int, float], float]:
    """The mean effective sample size per seat whose hands were weighed, and the share of
    the weighed draws that collapsed."""
    weighed = ~np.isnan(rows.ess)
    seats = {s: float(np.mean(rows.ess[weighed[:, s], s]))
             for s in range(rows.ess.shape[1]) if weighed[:, s].any()}
    drawn = rows.ess[weighed]
    return seats, float(np.mean(drawn < COLLAPSED)) if len(drawn) else 0.0


def analyse_point(point: DecisionPoint, *, samples: int = 1000, horizon: str = "game",
                  players: Player | Sequence[Player] = DEFAULT_PLAYER, seed: int | None = None,
                  workers: int | None = None, backend: str = "local",
                  ray_address: str | None = None, progress: bool | None = None,
                  actions: Sequence[Action] | None = None, run: Run | None = None,
                  worlds: str = "belief", model: Model = DEFAULT_MODEL) -> Decision:
    """The analysis of a :class:`~riichi.analyze.position.DecisionPoint` (see :func:`decision`);
    ``actions`` replaces the merged legal actions as the candidates (each must be legal; the
    played one is added when missing); ``run`` plays the worlds (an open
    :func:`~riichi.analyze.workers.runner`; by default one is opened for this decision);
    ``model`` is the belief of belief worlds (by default the one fitted on real games)."""
    samples = checked_settings(samples, horizon, worlds)
    names = seat_players(players, point.rules.players)
    legal = point.legal
    chosen = (candidates(legal, point.played, point.rules.red_fives) if actions is None
              else tuple(actions))
    for a in chosen:
        if a not in legal:
            # seat= as the actions' own seat: both count from 0, as the API does
            raise AnalysisError(f"actions: {a!r} is not a legal action of seat={point.seat} at "
                                f"{point.label}; expected one of its DecisionPoint.legal")
    if point.played not in chosen:
        chosen += (point.played,)
    seed = run_seed(seed, AnalysisError)
    job = Job(point.record, point.rules, point.event, point.seat, chosen, names, horizon, seed,
              uuid.uuid4().hex, worlds, model)
    bar = Bar(samples, point.label, enabled=progress)
    try:
        if run is None:
            with runner(backend, workers, ray_address) as own:
                rows = own(job, samples, bar)
        else:
            rows = run(job, samples, bar)
    finally:
        bar.close()
    measure = "points" if horizon == "game" or all_last(point) else "hand_delta"
    acceptance = rows.accepted / rows.proposals if rows.proposals else None
    ess, collapsed = _ess(rows)
    result = Decision(
        label=point.label, event=point.event, seat=point.seat, horizon=horizon, samples=samples,
        players=tuple(str(p) for p in names), seed=seed, measure=measure,
        actions=tuple(_results(rows, chosen, chosen.index(point.played), measure,
                               point.rules)),
        acceptance=acceptance, hand=_hand(point), situation=_situation(point), worlds=worlds,
        riichi=tuple(s for s in range(point.state.seats) if point.state.players[s].riichi),
        ess=ess, collapsed=collapsed,
    )
    if result.warning:
        warnings.warn(f"{point.label}: {result.warning}", BeliefWarning, stacklevel=2)
    return result


def decision(record: GameRecord | GameResult, at: int | str, *, seat: int | None = None,
             samples: int = 1000, horizon: str = "game",
             players: Player | Sequence[Player] = DEFAULT_PLAYER, seed: int | None = None,
             workers: int | None = None, backend: str = "local",
             rules: RuleSet | str | None = None, ray_address: str | None = None,
             progress: bool | None = None, worlds: str = "belief") -> Decision:
    """Estimate the outcome of every legal action of ``seat`` at the decision ``at`` of
    ``record``.

    ``record`` is a :class:`~riichi.logs.GameRecord` (:func:`riichi.logs.read` reads mjai,
    tenhou.net/6 and mjlog; played under ``rules``, by default the rules the record carries,
    else ``"tenhou"``) or a
    :class:`~riichi.game.GameResult` (played under its own rules). ``at`` is an index into
    ``record.events`` (the decision just before that event, or for a riichi's discard the
    riichi, decided before its Reach event; ``seat`` defaults to the event's actor) or a turn name ``E3-7`` / ``E3-2-7`` (East 3, 2 honba, the seat's 7th discard).
    ``samples`` worlds are played to the end of the ``horizon`` (``"game"`` or ``"hand"``) by
    ``players`` (one name or one per seat, as in the simulator: ``defensive`` by default), from
    ``seed`` (one is drawn and recorded when None) on ``backend`` (``local``, ``process``,
    ``ray``) with ``workers`` workers; the numbers depend on the seed only. A progress bar is shown
    on a terminal unless ``progress`` is false. ``worlds`` says how the other seats' hands are
    drawn (:mod:`riichi.analyze.worlds`: ``belief`` by default). In the last hand of the game
    (all-last) the actions are ranked by placement points whatever the horizon: the hand's
    points matter there only through the placement they give.
    """
    game, game_rules = as_record(record, rules)
    point = find_point(game, game_rules, at, seat)
    return analyse_point(point, samples=samples, horizon=horizon, players=players, seed=seed,
                         workers=workers, backend=backend, ray_address=ray_address,
                         progress=progress, worlds=worlds)
