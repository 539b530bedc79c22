"""Learn which tile to discard by imitation, with numpy alone, then play the learned choice.

    .venv/bin/python examples/imitation/learn_discards.py [--games 40] [--epochs 8] [--deals 40]

Two sources of decisions, each turned into arrays by ``riichi.env.encode_record`` (``rich-v1``
encoding): games of four ``EfficiencyAgent`` in self-play, and the 30 real Tenhou games of
``data/`` (Phoenix room, 2022; see the README there for their licence). From each source, the
decisions where a seat discards (a plain discard, not a riichi) and has two kinds or more to
choose from; the games are split into training and held-out ones (4 in 5, 1 in 5).

The model scores each kind of tile the seat may discard from that tile type's column of the
planes (57 numbers, and whether the kind is a red five): one small network shared by every kind
(57+1 inputs, 32 hidden units, one score), the scores of the legal kinds made a softmax; trained by
Adam on the cross-entropy of the kind discarded. Held-out agreement (the share of decisions where
the highest score is the kind discarded) is printed beside two trivial baselines: a uniformly
random legal kind (its expected agreement), and the tile just drawn (tsumogiri) when there is one.

Last, the discard choice learned from the real games plays through ``riichi.simulate``: a seat
whose every decision is ``EfficiencyAgent``'s but the tile of a plain discard, against three
``EfficiencyAgent``, each deal played four times with the seats rotated (``duplicate``); the
learned seat's average result beside ``EfficiencyAgent`` in its place (0 by symmetry: the line-up
of four ``EfficiencyAgent`` gives every seat the same games).
"""

from __future__ import annotations

import argparse
import gzip
import sys
import time
from pathlib import Path

import numpy as np

from riichi.agents import EfficiencyAgent
from riichi.env import encode, encode_record
from riichi.env.actions import DISCARD_HELD, KINDS, action_index
from riichi.game import Discard, play_game
from riichi.logs import GameRecord, read
from riichi.simulate import run
from riichi.simulate.players import PlayerSpec

HERE = Path(__file__).resolve().parent
ENCODING = "rich-v1"
DRAWN_PLANE = 5  # "drawn" in every encoding: the tile just drawn
SHANTEN_PLANE, UKEIRE_PLANE = 40, 41  # rich-v1's "discard shanten" and "discard ukeire"
TYPES = np.array([*range(34), 4, 13, 22])  # each kind's tile type: the red fives are fives
RED = np.array([0.0] * 34 + [1.0] * 3, np.float32)
HIDDEN = 64


# ---- the decisions ----------------------------------------------------------------------------

def discards(records: list[GameRecord]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The plain discards with a choice of every record: planes, legal kinds, kind discarded."""
    planes, legal, chosen = [], [], []
    for record in records:
        data = encode_record(record, rules="tenhou", encoding=ENCODING)
        kinds = data.mask[:, :KINDS]
        plain = (data.action <= DISCARD_HELD) & (kinds.sum(axis=1) >= 2)
        # discarding the drawn tile's kind from the hand is that kind (the same tile to a player)
        drawn = data.obs[:, DRAWN_PLANE].argmax(axis=1)
        kind = np.where(data.action == DISCARD_HELD, drawn, data.action)
        planes.append(data.obs[plain])
        legal.append(kinds[plain])
        chosen.append(kind[plain])
    return np.concatenate(planes), np.concatenate(legal), np.concatenate(chosen)


def features(planes: np.ndarray) -> np.ndarray:
    """Each kind's inputs: its tile type's column of the planes, whether it is a red five, and
    how its discard's shanten and tile acceptance compare with the best of the hand's."""
    columns = planes[:, :, TYPES].transpose(0, 2, 1)  # (n, 37, planes)
    red = np.broadcast_to(RED[None, :, None], (len(planes), KINDS, 1))
    shanten, ukeire = columns[:, :, SHANTEN_PLANE], columns[:, :, UKEIRE_PLANE]
    held = shanten > 0  # a kind the hand holds: its discard's shanten is written, from 1/8
    best = np.where(held, shanten, 0).max(axis=1, keepdims=True)
    most = np.where(held & (shanten == best), ukeire, 0).max(axis=1, keepdims=True)
    relative = np.stack([best - shanten, np.where(held, ukeire - most, 0)], axis=2)
    return np.concatenate([columns, red, relative], axis=2)


# ---- the model --------------------------------------------------------------------------------

class Scorer:
    """One small network scoring every kind from its inputs; the legal kinds' softmax."""

    def __init__(self, inputs: int, rng: np.random.Generator) -> None:
        self.params = {
            "w1": rng.normal(0, 1 / np.sqrt(inputs), (inputs, HIDDEN)).astype(np.float32),
            "b1": np.zeros(HIDDEN, np.float32),
            "w2": rng.normal(0, 1 / np.sqrt(HIDDEN), HIDDEN).astype(np.float32),
        }

    def scores(self, x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        hidden = np.maximum(x @ self.params["w1"] + self.params["b1"], 0)
        return hidden @ self.params["w2"], hidden

    def choose(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        return np.where(legal, self.scores(x)[0], -np.inf).argmax(axis=1)

    def train(self, planes: np.ndarray, legal: np.ndarray, chosen: np.ndarray, epochs: int,
              rng: np.random.Generator, batch: int = 256, rate: float = 3e-3) -> None:
        moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        step = 0
        for _ in range(epochs):
            for rows in np.array_split(rng.permutation(len(planes)), max(len(planes) // batch, 1)):
                step += 1
                grads = self._gradients(features(planes[rows]), legal[rows], chosen[rows])
                for name, grad in grads.items():  # Adam
                    m, v = moments[name]
                    m[...] = 0.9 * m + 0.1 * grad
                    v[...] = 0.999 * v + 0.001 * grad**2
                    update = m / (1 - 0.9**step) / (np.sqrt(v / (1 - 0.999**step)) + 1e-8)
                    self.params[name] -= rate * update

    def _gradients(self, x: np.ndarray, legal: np.ndarray, chosen: np.ndarray) -> dict[
            str, np.ndarray]:
        scores, hidden = self.scores(x)
        scores = np.where(legal, scores, -np.inf)
        p = np.exp(scores - scores.max(axis=1, keepdims=True))
        p /= p.sum(axis=1, keepdims=True)
        p[np.arange(len(chosen)), chosen] -= 1  # d(cross-entropy)/d(score)
        p /= len(chosen)
        d_hidden = (p[:, :, None] * self.params["w2"]) * (hidden > 0)
        return {"w2": np.einsum("nk,nkh->h", p, hidden),
                "w1": np.einsum("nki,nkh->ih", x, d_hidden),
                "b1": d_hidden.sum(axis=(0, 1))}

    def save(self, path: Path) -> None:
        np.savez(path, **self.params)


def agreement(model: Scorer, planes: np.ndarray, legal: np.ndarray, chosen: np.ndarray) -> dict[
        str, float]:
    """The share of decisions where the model, and each baseline, picks the kind discarded."""
    picked = np.concatenate([model.choose(features(planes[k:k + 512]), legal[k:k + 512])
                             for k in range(0, len(planes), 512)])
    drawn = planes[:, DRAWN_PLANE].argmax(axis=1)
    has_drawn = planes[:, DRAWN_PLANE].any(axis=1)
    return {
        "model": float((picked == chosen).mean()),
        "random legal kind": float((1 / legal.sum(axis=1)).mean()),
        "tsumogiri": float(((drawn == chosen) & has_drawn).mean()),
    }


# ---- the learned discard at a table -----------------------------------------------------------

class LearnedDiscards:
    """``EfficiencyAgent``, but for the tile of a plain discard: the learned model's choice."""

    def __init__(self, seed: int | None = None, weights: str = "") -> None:
        self.base = EfficiencyAgent(seed)
        saved = np.load(weights)
        self.model = Scorer(1, np.random.default_rng(0))
        self.model.params = {k: saved[k] for k in saved.files}

    def act(self, observation, legal_actions):  # type: ignore[no-untyped-def]
        action = self.base.act(observation, legal_actions)
        if type(action) is not Discard:
            return action
        by_kind = {}
        for candidate in legal_actions:
            if type(candidate) is Discard:
                index = action_index(candidate, observation)
                by_kind.setdefault(index if index < KINDS else -1, candidate)
        legal = np.zeros((1, KINDS), bool)
        legal[0, [k for k in by_kind if k >= 0]] = True
        if legal.sum() < 2:
            return action
        kind = int(self.model.choose(features(encode(observation, ENCODING)[None]), legal)[0])
        return by_kind[kind]


# ---- the run ----------------------------------------------------------------------------------

def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="self-play games (default 40)")
    parser.add_argument("--epochs", type=int, default=10)
    parser.add_argument("--deals", type=int, default=40,
                        help="deals the learned seat plays, four times each (default 40)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("imitation-out"),
                        help="where the learned weights are written")
    args = parser.parse_args()
    started = time.perf_counter()
    rng = np.random.default_rng(args.seed)
    args.out.mkdir(parents=True, exist_ok=True)

    selfplay = [GameRecord.from_events(play_game(
        "tenhou", [EfficiencyAgent(seed=4 * g + s) for s in range(4)], seed=args.seed,
        game_index=g).events) for g in range(args.games)]
    real = [read(gzip.decompress(p.read_bytes()).decode())
            for p in sorted((HERE / "data").glob("*.mjlog.gz"))]
    print(f"{len(selfplay)} self-play games, {len(real)} real games "
          f"({time.perf_counter() - started:.1f} s)")

    models = {}
    print(f"\nheld-out agreement on the kind discarded ({ENCODING}, {args.epochs} epochs)\n")
    print("| decisions of | training / held-out | model | random legal kind | tsumogiri |")
    print("|---|---:|---:|---:|---:|")
    for name, records in (("EfficiencyAgent (self-play)", selfplay), ("Tenhou players", real)):
        cut = len(records) * 4 // 5
        train, held = discards(records[:cut]), discards(records[cut:])
        model = Scorer(features(train[0][:1]).shape[2], rng)
        model.train(*train, epochs=args.epochs, rng=rng)
        scores = agreement(model, *held)
        models[name] = model
        print(f"| {name} | {len(train[2]):,} / {len(held[2]):,} | {scores['model']:.1%} | "
              f"{scores['random legal kind']:.1%} | {scores['tsumogiri']:.1%} |")
    weights = args.out / "tenhou_discards.npz"
    models["Tenhou players"].save(weights)

    print(f"\nthe learned discard (from the Tenhou players) against 3 x EfficiencyAgent, "
          f"{args.deals} deals x 4 seats (tenhou rules)\n")
    print("| seat 0 | avg result | its 95 % interval | avg rank | win rate | deal-in rate |")
    print("|---|---:|---:|---:|---:|---:|")
    for label, player in (("learned discard", PlayerSpec(LearnedDiscards, weights=str(weights))),
                          ("EfficiencyAgent", "efficiency")):
        summary = run(args.deals, seed=args.seed, rules="tenhou", duplicate=True, backend="local",
                      workers=1, players=[player, "efficiency", "efficiency", "efficiency"],
                      keep_tables=False).summary
        me = summary["players"][0]
        low, high = me["ci95"]["avg_result"]
        print(f"| {label} | {me['avg_result']:+,.0f} | {low:+,.0f} to {high:+,.0f} | "
              f"{me['avg_rank']:.2f} | {me['win_rate']:.1%} | {me['deal_in_rate']:.1%} |")
    print(f"\n{time.perf_counter() - started:.0f} s in all", file=sys.stderr)


if __name__ == "__main__":
    main()
