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

import numpy as np

from riichi import _core
from riichi.analyze._belief import AGES, FEATURES, discard_features
from riichi.analyze.belief import LEVELS, hand_history, seat_cell, shanten_class
from riichi.game.game import Game
from riichi.game.flow import Position
from riichi.game.replay import _Apart, _RoundReplay, table_points
from riichi.logs import read
from riichi.logs.record import GameRecord
from riichi.tiles import WIND_LETTERS

DATA = "/work/shared/data/tenhou/mjlog"
OUT = os.path.join(os.path.dirname(__file__), "..", "src", "riichi", "analyze", "belief_table.py")
EVERY = 3
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


class Observer(_RoundReplay):
    """A round's replay that looks at every seat's real hand before each turn action."""

    def __init__(self, *args: object, rows: bool) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.prior: list[tuple[tuple[int, int, int, int], int]] = []
        self.model: list[tuple[int, int, list[tuple[int, float, float, float, float]]]] = []
        self.rows = rows
        self.turns = 0

    def take(self, e: object, seat: int, matches: object) -> None:
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
        super().take(e, seat, matches)  # type: ignore[arg-type]


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
        except _Apart:
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


def write_table(path: str, prior: dict[tuple[int, int, int, int], tuple[float, ...]],
                coef: Sequence[float], about: str) -> None:
    lines = [
        '"""The belief of :mod:`riichi.analyze.belief`, fitted on real games by',
        "``bench/fit_belief.py`` (written by it: do not edit).",
        "",
        about,
        "",
        "``PRIOR[(melds, turn, left, tedashi)]``: the shares of shanten 0 (tenpai), 1, 2, 3 and 4 or",
        "more of a seat not in riichi, by the cell :func:`riichi.analyze.belief.prior_cell` gives;",
        "``DISCARD_MODEL``: the discard model's coefficients (shanten above the lowest, log(1 +",
        "ukeire), honour, terminal) for the age classes 0-3 of a discard.",
        '"""',
        "",
        "PRIOR = {",
    ]
    lines += [f"    {cell}: {prior[cell]}," for cell in CELLS]
    lines += ["}", "", "DISCARD_MODEL = ("]
    lines += ["    " + ", ".join(f"{c}" for c in coef[a * FEATURES:(a + 1) * FEATURES]) + ","
              for a in range(AGES)]
    lines += [")", ""]
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines))


def collect(files: Sequence[str]) -> tuple[list, list]:
    prior: list = []
    model: list = []
    for path in files:
        for observer in observe(read(path)):
            prior += observer.prior
            model += observer.model
    return prior, model


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--fold", help="k/n: leave out the games of index k modulo n")
    parser.add_argument("--out", default=OUT)
    args = parser.parse_args(argv)
    began = time.process_time()
    files = games(args.data, args.fold)
    prior_samples, model_rows = collect(files)
    prior = fit_prior(prior_samples)
    coef, errors = fit_model(model_rows)
    marginal = np.bincount([k for _, k in prior_samples], minlength=LEVELS) / len(prior_samples)
    ll_cell = sum(math.log(prior[c][k]) for c, k in prior_samples) / len(prior_samples)
    ll_marginal = sum(math.log(marginal[k]) for _, k in prior_samples) / len(prior_samples)
    about = (f"Fitted on {len(files)} Phoenix-room games (Tenhou mjlog, the mjx-project test "
             f"data){' less fold ' + args.fold if args.fold else ''}: {len(prior_samples):,} "
             f"hands for the prior, {len(model_rows):,} discards for the model.")
    write_table(args.out, prior, coef, "\n".join(textwrap.wrap(about, 96)))
    print(about)
    print("shanten classes overall:", " ".join(f"{x:.3f}" for x in marginal))
    print(f"log-likelihood per hand: {ll_cell:.4f} by cell, {ll_marginal:.4f} by the overall "
          "shares")
    for a in range(AGES):
        values = coef[a * FEATURES:(a + 1) * FEATURES]
        se = errors[a * FEATURES:(a + 1) * FEATURES]
        print(f"age class {a}: " + ", ".join(f"{v:+.3f} ({s:.3f})" for v, s in zip(values, se)))
    print(f"wrote {args.out} ({time.process_time() - began:.0f} s of CPU)", file=sys.stderr)


if __name__ == "__main__":
    main()
