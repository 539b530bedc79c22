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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from riichi.analyze.workers import Run, runner
from riichi.analyze.estimate import Estimate, mean_estimate, share_estimate, unpaired_half_width
from riichi.analyze.position import AnalysisError, DecisionPoint, action_label, as_record, \
    find_point
from riichi.analyze.progress import Bar
from riichi.analyze.rollout import DEAL_IN, DRAW, HORIZONS, WIN, Job, Rows
from riichi.errors import quoted
from riichi.game.actions import Action
from riichi.game.game import GameResult
from riichi.logs.record import GameRecord
from riichi.rules import RuleSet
from riichi.simulate.players import DEFAULT_PLAYER, Player, seat_players
from riichi.tiles import format_ids

__all__ = ["ActionResult", "Decision", "decision", "candidates", "analyse_point"]


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
    (``"points"``: placement points, or ``"hand_delta"``), the one played, the settings, and the
    acceptance rate of the riichi hands of the redeal (None when no seat was in riichi)."""

    label: str
    event: int
    seat: int
    horizon: str
    samples: int
    players: tuple[str, ...]
    seed: int
    measure: str
    actions: tuple[ActionResult, ...]
    riichi_acceptance: float | None
    hand: str
    situation: str

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
        best)."""
        return self.best.value.mean - self.played.value.mean

    def to_json(self) -> dict[str, Any]:
        return {
            "label": self.label, "event": self.event, "seat": self.seat, "horizon": self.horizon,
            "samples": self.samples, "players": list(self.players), "seed": self.seed,
            "measure": self.measure, "hand": self.hand, "situation": self.situation,
            "riichi_acceptance": self.riichi_acceptance, "loss": self.loss,
            "actions": [a.to_json() for a in self.actions],
        }

    def table(self) -> str:
        """The actions as a text table, best first, the played one marked with ``*``."""
        what = "placement points" if self.measure == "points" else "hand point change"
        lines = [
            f"{self.label} (event {self.event}), seat {self.seat}: {self.hand}",
            f"{self.situation}",
            f"{self.samples} worlds to the end of the {self.horizon}, players "
            f"{','.join(self.players)}, seed {self.seed}"
            + (f", riichi hands accepted {self.riichi_acceptance:.2%}"
               if self.riichi_acceptance is not None else ""),
            "",
            f"  {'action':<14} {what + ' [95%]':>28} {'vs played [paired 95%]':>30}"
            + ("   1st    4th" if self.horizon == "game" else "")
            + "    win deal-in   draw",
        ]
        for a in self.actions:
            places = f" {a.placement[0].mean:>6.1%} {a.placement[-1].mean:>6.1%}" \
                if self.horizon == "game" else ""
            lines.append(
                f"{'*' if a.played else ' '} {a.label:<14} {a.value.text():>28} {a.vs_played.text():>30}"
                f"{places} {a.win.mean:>6.1%} {a.deal_in.mean:>7.1%} {a.draw.mean:>6.1%}"
            )
        return "\n".join(lines)


def candidates(legal: Sequence[Action], played: Action | None = None) -> tuple[Action, ...]:
    """The legal actions with identical tiles merged (same kind of action, same tiles by name:
    red and plain fives differ), in listed order; the played action stands for its group.

    >>> from riichi.game.actions import Discard
    >>> candidates([Discard(0, 17), Discard(0, 18), Discard(0, 16)], played=Discard(0, 18))
    (Discard(seat=0, tile=18), Discard(seat=0, tile=16))
    """
    groups: dict[tuple[str, str], Action] = {}
    for action in legal:
        key = (type(action).__name__, action_label(action))
        if key not in groups or action == played:
            groups[key] = action
    return tuple(groups.values())


def _situation(point: DecisionPoint) -> str:
    state = point.state
    start = point.record.rounds[point.round].start
    riichi = [s for s in range(state.seats) if state.players[s].riichi]
    dora = format_ids(state.dora_indicators)
    return (f"{start.bakaze}{start.kyoku} honba {start.honba}, scores "
            f"{'/'.join(str(s) for s in state.scores)}, dora indicators {dora}, "
            f"{state.wall.live_remaining} tiles left"
            + (f", riichi: seat {', '.join(map(str, riichi))}" if riichi else ""))


def _hand(point: DecisionPoint) -> str:
    p = point.state.players[point.seat]
    melds = " ".join(format_ids(m.tiles) for m in p.melds)
    return format_ids(p.hand) + (f" + {melds}" if melds else "")


def _results(rows: Rows, actions: Sequence[Action], played: int, measure: str, seats: int
             ) -> list[ActionResult]:
    values = rows.points if measure == "points" else rows.hand_delta.astype(float)
    out = []
    for k, action in enumerate(actions):
        column = values[:, k]
        out.append(ActionResult(
            action=action, label=action_label(action), played=k == played,
            value=mean_estimate(column),
            placement=tuple(share_estimate(rows.rank[:, k] == r) for r in range(1, seats + 1)),
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


def _check(samples: object, horizon: object) -> None:
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 2:
        raise AnalysisError(f"samples={quoted(samples)}: expected an int >= 2 (worlds to play)")
    if horizon not in HORIZONS:
        raise AnalysisError(f"horizon={quoted(horizon)}: expected one of {', '.join(HORIZONS)}")


def analyse_point(point: DecisionPoint, *, samples: int = 1000, horizon: str = "game",
                  players: Player | Sequence[Player] = DEFAULT_PLAYER, seed: int | None = None,
                  workers: int | None = None, backend: str = "local",
                  ray_address: str | None = None, progress: bool | None = None,
                  actions: Sequence[Action] | None = None, run: Run | None = None) -> Decision:
    """The analysis of a :class:`~riichi.analyze.position.DecisionPoint` (see :func:`decision`);
    ``actions`` replaces the merged legal actions as the candidates (each must be legal; the
    played one is added when missing); ``run`` plays the worlds (an open
    :func:`~riichi.analyze.workers.runner`; by default one is opened for this decision)."""
    _check(samples, horizon)
    names = seat_players(players, point.rules.players)
    legal = point.legal
    chosen = candidates(legal, point.played) if actions is None else tuple(actions)
    for a in chosen:
        if a not in legal:
            raise AnalysisError(f"{a!r} is not a legal action of seat {point.seat} at {point.label}")
    if point.played not in chosen:
        chosen += (point.played,)
    if seed is None:
        seed = int(np.random.SeedSequence().entropy)  # type: ignore[arg-type]
    job = Job(point.record, point.rules, point.event, point.seat, chosen, names, horizon, seed,
              uuid.uuid4().hex)
    bar = Bar(samples, point.label, enabled=progress)
    try:
        if run is None:
            with runner(backend, workers, ray_address) as own:
                rows = own(job, samples, bar)
        else:
            rows = run(job, samples, bar)
    finally:
        bar.close()
    measure = "points" if horizon == "game" else "hand_delta"
    acceptance = rows.riichi_accepted / rows.riichi_proposals if rows.riichi_proposals else None
    return Decision(
        label=point.label, event=point.event, seat=point.seat, horizon=horizon, samples=samples,
        players=tuple(str(p) for p in names), seed=seed, measure=measure,
        actions=tuple(_results(rows, chosen, chosen.index(point.played), measure,
                               point.rules.players)),
        riichi_acceptance=acceptance, hand=_hand(point), situation=_situation(point),
    )


def decision(record: GameRecord | GameResult, at: int | str, *, seat: int | None = None,
             samples: int = 1000, horizon: str = "game",
             players: Player | Sequence[Player] = DEFAULT_PLAYER, seed: int | None = None,
             workers: int | None = None, backend: str = "local",
             rules: RuleSet | str | None = None, ray_address: str | None = None,
             progress: bool | None = None) -> Decision:
    """Estimate the outcome of every legal action of ``seat`` at the decision ``at`` of
    ``record``.

    ``record`` is a :class:`~riichi.logs.GameRecord` (:func:`riichi.logs.read` reads mjai,
    tenhou.net/6 and mjlog; played under ``rules``, ``"tenhou"`` by default) or a
    :class:`~riichi.game.GameResult` (played under its own rules). ``at`` is an index into
    ``record.events`` (the decision just before that event; ``seat`` defaults to the event's
    actor) or a turn name ``E3-7`` / ``E3-2-7`` (East 3, 2 honba, the seat's 7th discard).
    ``samples`` worlds are played to the end of the ``horizon`` (``"game"`` or ``"hand"``) by
    ``players`` (one name or one per seat, as in the simulator: ``defensive`` by default), from
    ``seed`` (one is drawn and recorded when None) on ``backend`` (``local``, ``process``,
    ``ray``) with ``workers`` workers; the numbers depend on the seed only. A progress bar is shown
    on a terminal unless ``progress`` is false.
    """
    game, game_rules = as_record(record, rules)
    point = find_point(game, game_rules, at, seat)
    return analyse_point(point, samples=samples, horizon=horizon, players=players, seed=seed,
                         workers=workers, backend=backend, ray_address=ray_address,
                         progress=progress)
