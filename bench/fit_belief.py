"""Fit the belief of riichi.analyze on real games and write it as src/riichi/analyze/belief_table.py.

    python bench/fit_belief.py                      # every game of the folder, writes the table
    python bench/fit_belief.py --fold 0/2 --out t.py  # the games outside fold 0 of 2 (cross-fitting)

Every game is replayed through the engine; before each turn action, each other seat's real hand
gives one observation: the prior's cell from the seat's public side
(:func:`riichi.analyze.belief.seat_cell`) and the real hand's shanten class; for one turn action in
:data:`EVERY` more, also the discard model's rows (each recent hand discard ``d`` of the seat, the
real concealed tiles ``H``, the features of every discard of ``H + d``).

The shanten prior is a table of shares per cell, shrunk towards coarser cells where data is thin
(a Dirichlet prior of weight :data:`SHRINK` centred on the parent cell: melds, then melds x turn,
then melds x turn x tedashi, then the full cell). The discard model is a conditional logit per age
class, fitted by Newton's method. The games are the Phoenix-room mjlog files of the data folder
(``--data``); ``--fold k/n`` leaves out the games whose index is ``k`` modulo ``n`` (sorted by
name), for a calibration measured on games the fit did not see.
"""

from __future__ import annotations

import argparse
import textwrap
import glob
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np

from riichi import _core
from riichi.analyze._belief import AGES, FEATURES, chain_states, discard_features, hand_quality
from riichi.analyze.belief import (
    BURN, LEVELS, PICKS, RIICHI_BURN, THIN, WALK, Model, SeatBelief, beliefs, hand_history,
    passed_tiles, riichi_start, seat_cell, shanten_class,
)
from riichi.analyze.worlds import hidden_places
from riichi.errors import AnalysisError
from riichi.game.actions import Discard, Riichi
from riichi.game.game import Game
from riichi.game.flow import Position
from riichi.game.replay import Apart, RoundReplay, table_points
from riichi.logs import read
from riichi.logs.record import GameRecord
from riichi.tiles import WIND_LETTERS

DATA = "/work/shared/data/tenhou/mjlog"
OUT = os.path.join(os.path.dirname(__file__), "..", "src", "riichi", "analyze", "belief_table.py")
EVERY = 3
SHAPES = 6
SHRINK = 20.0
CELLS = [(m, t, left, d) for m in range(4) for t in range(5) for left in range(4) for d in range(4)]


def mjlogs(data: str) -> list[str]:
    """The mjlog files of ``data`` (gzipped too), sorted by name."""
    return sorted(glob.glob(os.path.join(data, "*.mjlog"))
                  + glob.glob(os.path.join(data, "*.mjlog.gz")))


def games(data: str, fold: str | None) -> list[str]:
    """The mjlog files of ``data``, less fold ``k`` of ``n`` when ``fold`` is ``"k/n"``."""
    files = mjlogs(data)
    if fold is None:
        return files
    k, n = (int(x) for x in fold.split("/"))
    return [f for i, f in enumerate(files) if i % n != k]


@dataclass
class Shape:
    """One real hand for the fit of the shape tilts: the seat's belief, its shanten class, the
    tiles the acting seat had not seen, and the real hand's log(1 + ukeire)."""

    belief: SeatBelief
    level: int
    pool: list[int]
    quality: float


class Observer(RoundReplay):
    """A round's replay that looks at every seat's real hand before each turn action."""

    def __init__(self, *args: object, rows: bool) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.prior: list[tuple[tuple[int, int, int, int], int]] = []
        self.model: list[tuple[int, int, list[tuple[int, float, float, float, float]]]] = []
        self.shapes: list[Shape] = []
        self.rows = rows
        self.turns = 0

    def apply(self, seat: int, action: object) -> None:
        # the replay takes a discard through apply, the other turn actions through take
        if isinstance(action, (Discard, Riichi)):
            self.look(seat)
        super().apply(seat, action)  # type: ignore[arg-type]

    def take(self, e: object, seat: int, matches: object) -> None:
        self.look(seat)
        super().take(e, seat, matches)  # type: ignore[arg-type]

    def look(self, seat: int) -> None:
        """Before a turn action of ``seat``: the other seats' real hands, for the fits."""
        state = self.state
        left = state.wall.live_remaining
        self.turns += 1
        for s, p in enumerate(state.players):
            if s == seat:
                continue
            counts = bytearray(34)
            for t in p.hand:
                counts[t >> 2] += 1
            if not p.riichi:
                self.prior.append((seat_cell(p, left), shanten_class(_core.shanten(counts))))
            if self.rows and self.turns % EVERY == 0:
                history, ages = hand_history(p.discards)
                for d, age in zip(history, ages):
                    if counts[d] >= 4:
                        continue
                    counts[d] += 1
                    self.model.append((d, age, discard_features(bytes(counts), len(p.hand) + 1)))
                    counts[d] -= 1
        if self.rows and self.turns % SHAPES == 0:
            self.shape(seat)

    def shape(self, seat: int) -> None:
        """The real hands of the other seats, for the fit of the tilts."""
        state = self.state
        pool = [state.wall.yama[i] for i in hidden_places(state.wall)]
        pool += [t for s in range(state.seats) if s != seat for t in state.players[s].hand]
        passed = passed_tiles(self.rnd.events[:self.k], state.seats)
        for b in beliefs(state, seat, passed):
            p = state.players[b.seat]
            level = LEVELS if b.riichi else shanten_class(_core.shanten(p.counts))
            if b.size > 1:
                self.shapes.append(Shape(b, level, pool, hand_quality(bytes(p.counts), b.size,
                                                                      b.melded)))


def observe(record: GameRecord, rows: bool = True) -> Iterator[Observer]:
    """Each round of ``record`` replayed by an :class:`Observer`."""
    walls = record.round_walls()
    for index, rnd in enumerate(record.rounds):
        start = rnd.start
        position = Position(WIND_LETTERS.index(start.bakaze), start.kyoku - 1, start.honba,
                            start.kyotaku)
        state = Game("tenhou").new_state(walls=[walls[index]], position=position,
                                         scores=start.scores, table_points=table_points(start))
        observer = Observer(state, rnd, index, [], rows=rows)
        try:
            observer.run()
        except Apart:
            continue
        yield observer


def fit_prior(samples: Sequence[tuple[tuple[int, int, int, int], int]]
              ) -> dict[tuple[int, int, int, int], tuple[float, ...]]:
    """Shares of the shanten classes per cell, each shrunk towards its parent's."""
    levels = [lambda c: c[:1], lambda c: c[:2], lambda c: (c[0], c[1], c[3]), lambda c: c]
    counts: list[dict[tuple[int, ...], np.ndarray]] = [defaultdict(lambda: np.zeros(LEVELS))
                                                       for _ in levels]
    for cell, k in samples:
        for level, key in zip(counts, levels):
            level[key(cell)][k] += 1
    overall = np.ones(LEVELS)
    for cell, k in samples:
        overall[k] += 1
    overall /= overall.sum()
    out = {}
    for cell in CELLS:
        p = overall
        for level, key in zip(counts, levels):
            n = level.get(key(cell), np.zeros(LEVELS))
            p = (n + SHRINK * p) / (n.sum() + SHRINK)
        out[cell] = tuple(round(float(x), 4) for x in p / p.sum())
    return out


def fit_model(rows: Sequence[tuple[int, int, list[tuple[int, float, float, float, float]]]]
              ) -> tuple[list[float], list[float]]:
    """The conditional logit's coefficients per age class (and their standard errors)."""
    coef, errors = [], []
    for age in range(AGES):
        groups = [(d, f) for d, a, f in rows if a == age]
        x = np.array([r[1:] for _, f in groups for r in f])
        chosen = np.array([r[0] == d for d, f in groups for r in f], dtype=float)
        start = np.cumsum([0] + [len(f) for _, f in groups])[:-1]
        theta = np.zeros(FEATURES)
        for _ in range(30):
            score = x @ theta
            top = np.maximum.reduceat(score, start)
            w = np.exp(score - np.repeat(top, np.diff(np.append(start, len(x)))))
            p = w / np.repeat(np.add.reduceat(w, start), np.diff(np.append(start, len(x))))
            mean = np.add.reduceat(p[:, None] * x, start)
            gradient = (chosen[:, None] * x).sum(0) - mean.sum(0)
            second = np.add.reduceat(p[:, None, None] * x[:, :, None] * x[:, None, :], start)
            hessian = -(second - mean[:, :, None] * mean[:, None, :]).sum(0)
            step = np.linalg.solve(hessian - 1e-6 * np.eye(FEATURES), gradient)
            theta -= step
            if np.abs(step).max() < 1e-8:
                break
        coef += [round(float(v), 4) for v in theta]
        errors += [float(v) for v in np.sqrt(np.diag(np.linalg.inv(-hessian)))]
    return coef, errors


def fit_quality(shapes: Sequence[Shape], coef: Sequence[float]) -> list[float]:
    """The shape tilt of each set (shanten classes 0-4, then riichi): the power of
    ``1 + ukeire`` that gives the hands the belief draws (weighed by ``coef``'s discard model
    too) the real hands' mean log(1 + ukeire) in that set."""
    model = np.asarray(coef, dtype=float)
    by_set: list[list[tuple[np.ndarray, np.ndarray, float]]] = [[] for _ in range(LEVELS + 1)]
    for index, shape in enumerate(shapes):
        b, rng = shape.belief, np.random.default_rng(index)
        if b.riichi:
            try:
                start = riichi_start(shape.pool, b, rng)
            except AnalysisError:
                continue
            mode, level, burn = 1, 0, RIICHI_BURN
        else:
            order = rng.permutation(len(shape.pool))
            start, mode, level, burn = [shape.pool[i] for i in order[:b.size]], 0, shape.level, BURN
        taken = set(start)
        rest = [t for t in shape.pool if t not in taken]
        moves = rng.random(((WALK if mode == 0 else 0) + burn + THIN * PICKS, 2))
        states = chain_states(start, rest, mode, level, b.banned, b.melded, b.history, b.ages,
                              model, moves, burn, THIN, PICKS)
        if states is not None:
            likelihood, quality = np.array(states).T
            by_set[shape.level].append((likelihood - likelihood.max(), quality, shape.quality))
    tilts = []
    for found in by_set:
        want = float(np.mean([q for _, _, q in found]))

        def drawn(tilt: float) -> float:
            means = []
            for likelihood, quality, _ in found:
                w = np.exp(likelihood + tilt * quality - (likelihood + tilt * quality).max())
                means.append(float(w @ quality / w.sum()))
            return float(np.mean(means))

        low, high = -5.0, 15.0
        for _ in range(40):  # the drawn mean grows with the tilt: bisect
            middle = (low + high) / 2
            low, high = (middle, high) if drawn(middle) < want else (low, middle)
        tilts.append(round((low + high) / 2, 3))
    return tilts


def write_table(path: str, prior: dict[tuple[int, int, int, int], tuple[float, ...]],
                coef: Sequence[float], tilts: Sequence[float], about: str) -> None:
    lines = [
        '"""The belief of :mod:`riichi.analyze.belief`, fitted on real games by',
        "``bench/fit_belief.py`` (written by it: do not edit).",
        "",
        about,
        "",
        "``PRIOR[(melds, turn, left, tedashi)]``: the shares of shanten 0 (tenpai), 1, 2, 3 and 4 or",
        "more of a seat not in riichi, by the cell :func:`riichi.analyze.belief.prior_cell` gives;",
        "``DISCARD_MODEL``: the discard model's coefficients (shanten above the lowest, log(1 +",
        "ukeire), honour, terminal) for the age classes 0-3 of a discard; ``QUALITY``: the shape",
        "tilts of the hands of shanten classes 0-4 and of a seat in riichi.",
        '"""',
        "",
        "PRIOR = {",
    ]
    lines += [f"    {cell}: {prior[cell]}," for cell in CELLS]
    lines += ["}", "", "DISCARD_MODEL = ("]
    lines += ["    " + ", ".join(f"{c}" for c in coef[a * FEATURES:(a + 1) * FEATURES]) + ","
              for a in range(AGES)]
    lines += [")", "", f"QUALITY = {tuple(tilts)}", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def collect(files: Sequence[str]) -> tuple[list, list, list[Shape]]:
    prior: list = []
    model: list = []
    shapes: list[Shape] = []
    for path in files:
        for observer in observe(read(path)):
            prior += observer.prior
            model += observer.model
            shapes += observer.shapes
    return prior, model, shapes


def fit(files: Sequence[str]) -> tuple[Model, dict[str, object]]:
    """The belief fitted on ``files``, and figures of the fit."""
    prior_samples, model_rows, shapes = collect(files)
    prior = fit_prior(prior_samples)
    coef, errors = fit_model(model_rows)
    tilts = fit_quality(shapes, coef)
    figures = {"hands": len(prior_samples), "discards": len(model_rows), "shapes": len(shapes),
               "errors": errors, "samples": prior_samples}
    return Model(prior, tuple(coef), tuple(tilts)), figures


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--fold", help="k/n: leave out the games of index k modulo n")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    began = time.process_time()
    files = games(args.data, args.fold)
    model, figures = fit(files)
    prior, coef, errors = model.prior, model.discards, figures["errors"]
    prior_samples = figures["samples"]
    marginal = np.bincount([k for _, k in prior_samples], minlength=LEVELS) / len(prior_samples)
    ll_cell = sum(math.log(prior[c][k]) for c, k in prior_samples) / len(prior_samples)
    ll_marginal = sum(math.log(marginal[k]) for _, k in prior_samples) / len(prior_samples)
    about = (f"Fitted on {len(files)} Phoenix-room games (Tenhou mjlog, the mjx-project test "
             f"data){' less fold ' + args.fold if args.fold else ''}: {figures['hands']:,} "
             f"hands for the prior, {figures['discards']:,} discards for the model, "
             f"{figures['shapes']:,} hands for the shape tilts.")
    write_table(args.out, dict(prior), coef, model.quality, "\n".join(textwrap.wrap(about, 96)))
    print(about)
    print("shanten classes overall:", " ".join(f"{x:.3f}" for x in marginal))
    print(f"log-likelihood per hand: {ll_cell:.4f} by cell, {ll_marginal:.4f} by the overall "
          "shares")
    for a in range(AGES):
        values = coef[a * FEATURES:(a + 1) * FEATURES]
        se = errors[a * FEATURES:(a + 1) * FEATURES]
        print(f"age class {a}: " + ", ".join(f"{v:+.3f} ({s:.3f})" for v, s in zip(values, se)))
    print("shape tilts (shanten 0-4, riichi):", ", ".join(f"{t:+.3f}" for t in model.quality))
    print(f"wrote {args.out} ({time.process_time() - began:.0f} s of CPU)", file=sys.stderr)


if __name__ == "__main__":
    main()
