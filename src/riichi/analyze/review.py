"""A whole-game review of one seat: every decision where it had a choice, analysed.

The candidates at each decision are pruned so that a review stays affordable (:func:`pruned`):

- every action that is not a plain discard is kept: riichi declarations, calls, passes, kans,
  kita, wins, the nine-terminals abort;
- of the plain discards, those that leave the hand at the lowest shanten it can reach are kept, at
  most :data:`EFFICIENT` of them, the ones with the most tiles still unseen that improve the hand
  first (ukeire);
- when another seat is in riichi, the discards that are safe against every seat in riichi
  (genbutsu) are kept too, at most :data:`SAFE` of them, the ones that leave the lowest shanten
  first;
- the action played is always kept.

>>> from riichi.agents import RandomAgent
>>> from riichi.game import play_game
>>> game = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1)
>>> result = review(game, 1, samples=4, horizon="hand", seed=2, progress=False, limit=2)
>>> len(result.decisions), result.decisions[0].seat
(2, 1)
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from riichi import _core
from riichi.analyze.workers import runner
from riichi.analyze.decision import Decision, analyse_point, candidates, checked_settings
from riichi.analyze.position import AnalysisError, DecisionPoint, as_record, decision_points, seat_named
from riichi.errors import LogFormatError, named_int, quoted
from riichi.game.actions import Action, Discard
from riichi.game.game import GameResult
from riichi.game.observation import Observation
from riichi.game.state import Phase
from riichi.logs.record import GameRecord
from riichi.logs.tenhou6 import tenhou6_json
from riichi.rules import RuleSet
from riichi.simulate.players import DEFAULT_PLAYER, Player, seat_players
from riichi.simulate.run import run_seed

__all__ = ["Review", "review", "pruned", "EFFICIENT", "SAFE", "table_view", "hand_export"]

EFFICIENT = 4
"""Plain discards at the lowest shanten kept at a decision, most ukeire first."""

SAFE = 2
"""Discards safe against every seat in riichi kept at a decision, lowest shanten first."""


def _after_discard(counts: bytes, visible: bytes, tile_type: int) -> tuple[int, int]:
    """(shanten, minus the ukeire) of the hand ``counts`` without one tile of type ``tile_type``."""
    rest = bytearray(counts)
    rest[tile_type] -= 1
    shanten = _core.shanten(rest)
    _, count = _core.ukeire(rest, visible)
    return shanten, -count


def pruned(point: DecisionPoint) -> tuple[Action, ...]:
    """The candidates of ``point`` a review analyses (the rule is the module's docstring)."""
    merged = candidates(point.legal, point.played, point.rules.red_fives)
    discards = [a for a in merged if isinstance(a, Discard)]
    kept = [a for a in merged if not isinstance(a, Discard) or a == point.played]
    if discards:
        obs = Observation(point.state, point.seat)
        counts, visible = obs.counts, obs.visible
        rank = {a: _after_discard(counts, visible, a.tile >> 2) for a in discards}
        best = min(r[0] for r in rank.values())
        efficient = sorted((a for a in discards if rank[a][0] == best), key=lambda a: rank[a])
        kept += efficient[:EFFICIENT]
        state = point.state
        riichi = [s for s in range(state.seats) if s != point.seat and state.players[s].riichi]
        if riichi:
            safe_mask = ~0
            for s in riichi:
                safe_mask &= state.players[s].genbutsu_mask
            safe = sorted((a for a in discards if safe_mask >> (a.tile >> 2) & 1),
                          key=lambda a: rank[a])
            kept += safe[:SAFE]
    return tuple(a for a in merged if a in kept)


def table_view(point: DecisionPoint) -> dict[str, Any]:
    """What a reader of the review needs to see of the table at ``point`` (JSON-able): the
    round (and its index in the record), the seat winds, the scores, the dora indicators, the
    live wall count, and for each seat its discards (tile ids; claimed, riichi and tsumogiri
    marked), melds, Norths set aside (kita) and riichi; whether the rules have red fives; the seat's own hand and the tile it drew, or the tile on offer
    (a discard, or the tile of a kan or a kita it may win on)."""
    state = point.state
    start = point.record.rounds[point.round].start
    seats = []
    for s, p in enumerate(state.players):
        seats.append({
            "discards": [{"tile": d.tile, "riichi": d.riichi, "tsumogiri": d.tsumogiri,
                          "claimed": d.claimed} for d in p.discards],
            "melds": [list(m.tiles) for m in p.melds],
            "kita": list(p.kita),
            "riichi": p.riichi,
            "score": state.scores[s],
        })
    drawn = state.drawn if state.turn == point.seat and state.drawn is not None else None
    offered: int | None = None  # on its own turn nothing is on offer (after a call: no draw)
    if state.phase is Phase.CHANKAN or state.phase is Phase.KITA:
        offered = state.kan_tile  # the kan's or the kita's tile, not a discard
    elif state.phase is Phase.CLAIM:
        offered = state.last_discard
    return {
        "round": f"{start.bakaze}{start.kyoku}", "honba": start.honba, "round_index": point.round,
        "winds": list(state.winds),
        "dealer": state.dealer, "dora_indicators": list(state.dora_indicators),
        "wall": state.wall.live_remaining, "seats": seats, "seat": point.seat,
        "hand": [t for t in state.players[point.seat].hand if t != drawn], "drawn": drawn,
        "offered": offered, "red_fives": point.rules.red_fives,
    }


def hand_export(point: DecisionPoint, result: Decision) -> dict[str, Any] | None:
    """The hand of ``point`` as a tenhou.net/6 log (JSON-able; the viewer opens it), titled
    with the decision (its seat as the API and the command name it, ``seat=1 (--seat 2)``: the
    log is JSON, which counts seats from 0, and a file for people) and what it lost; None for a
    game the format cannot hold."""
    record = point.record
    start = record.rounds[point.round]
    lost = result.lost
    title = f"{point.label}, {seat_named(point.seat)}: played {result.played.label}" + (
        f", {lost[0].label} better by {lost[1].text()}" if lost is not None else "")
    try:
        return tenhou6_json([record.events[0], *start.events], record.names, title,
                            red_fives=record.red_fives)
    except LogFormatError:
        return None


@dataclass(frozen=True)
class Review:
    """The review of one seat's game: each analysed decision (game order) with the view of its
    table, the settings, and how long it took."""

    title: str
    seat: int
    names: tuple[str, ...]
    horizon: str
    samples: int
    players: tuple[str, ...]
    seed: int
    seconds: float
    decisions: tuple[Decision, ...]
    tables: tuple[dict[str, Any], ...]

    def costliest(self, count: int | None = None) -> list[int]:
        """Indexes of the decisions, the one where the played action lost the most first (by
        the point estimates, noise and all: :meth:`flagged` keeps the significant ones; the
        units ranked apart as there)."""
        return self._largest_first([(k, d.loss) for k, d in enumerate(self.decisions)], count)

    def flagged(self, count: int | None = None) -> list[int]:
        """Indexes of the decisions where a candidate did significantly better than the played
        action (:attr:`Decision.lost`), the largest difference first: those judged in the
        horizon's unit, then (in a hand's review) the all-last ones, judged in placement points."""
        lost = [(k, found[1].mean) for k, d in enumerate(self.decisions)
                if (found := d.lost) is not None]
        return self._largest_first(lost, count)

    def _largest_first(self, losses: list[tuple[int, float]], count: int | None) -> list[int]:
        """The indexes of ``losses`` (index, loss), the largest first among the decisions judged
        in the horizon's unit, then among the others: points of a hand and placement points are
        not one scale, so neither outranks the other."""
        own = "points" if self.horizon == "game" else "hand_delta"
        ranked = sorted(losses, key=lambda x: (self.decisions[x[0]].measure != own, -x[1]))
        order = [k for k, _ in ranked]
        return order[:count] if count is not None else order

    def to_json(self) -> dict[str, Any]:
        return {
            "title": self.title, "seat": self.seat, "names": list(self.names),
            "horizon": self.horizon, "samples": self.samples, "players": list(self.players),
            "seed": self.seed, "seconds": self.seconds,
            "decisions": [dict(d.to_json(), table=t) for d, t in zip(self.decisions, self.tables)],
        }


def review(record: GameRecord | GameResult, seat: int, *, samples: int = 200,
           horizon: str = "game", players: Player | Sequence[Player] = DEFAULT_PLAYER,
           seed: int | None = None, workers: int | None = None, backend: str = "local",
           rules: RuleSet | str | None = None, ray_address: str | None = None,
           progress: bool | None = None, limit: int | None = None,
           worlds: str = "belief") -> Review:
    """Analyse every decision of ``seat`` in ``record`` where more than one action was legal,
    with the candidates :func:`pruned` (the other settings are :func:`~riichi.analyze.decision`'s;
    decision ``k`` gets its own seed from ``seed``); ``limit`` stops after that many decisions."""
    game, game_rules = as_record(record, rules)
    seat = named_int("seat", seat, f"a seat 0-{game_rules.players - 1}")
    if not 0 <= seat < game_rules.players:
        raise AnalysisError(f"seat={seat}: expected a seat 0-{game_rules.players - 1}")
    samples = checked_settings(samples, horizon, worlds)  # before the workers start, as decision's
    if limit is not None:
        limit = named_int("limit", limit, "a number of decisions >= 1")
        if limit < 1:
            raise AnalysisError(f"limit={limit}: expected a number of decisions >= 1")
    names = seat_players(players, game_rules.players)
    seed = run_seed(seed, AnalysisError)
    began = time.monotonic()
    decisions: list[Decision] = []
    tables: list[dict[str, Any]] = []
    with runner(backend, workers, ray_address) as run:
        for point in decision_points(game, game_rules, seat):
            if limit is not None and len(decisions) >= limit:
                break
            own = int(np.random.SeedSequence(seed, spawn_key=(point.event,)).generate_state(1)[0])
            decisions.append(analyse_point(
                point, samples=samples, horizon=horizon, players=names, seed=own,
                progress=progress, actions=pruned(point), run=run, worlds=worlds))
            view = table_view(point)
            if decisions[-1].lost is not None:
                view["export"] = hand_export(point, decisions[-1])
            tables.append(view)
    return Review(game.title, seat, game.names, horizon, samples, tuple(map(str, names)), seed,
                  time.monotonic() - began, tuple(decisions), tuple(tables))
