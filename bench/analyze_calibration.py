"""Calibration of riichi.analyze: what the analysis predicts for the action a player took, against
what then happened at the table, on self-play games and on real Tenhou games.

    python bench/analyze_calibration.py run --source selfplay --games 120 --out cal-self.jsonl
    python bench/analyze_calibration.py run --source real --out cal-real.jsonl
    python bench/analyze_calibration.py pushfold --source real --out pf-real.jsonl
    python bench/analyze_calibration.py summary cal-self.jsonl cal-real.jsonl
    python bench/analyze_calibration.py summary --pushfold pf-self.jsonl pf-real.jsonl
    python bench/analyze_calibration.py run --worlds belief --out cal-belief.jsonl ...
    python bench/analyze_calibration.py merge cal-self.jsonl cal-belief.jsonl --out cal-new.jsonl
    python bench/analyze_calibration.py hands --games 40   # the opponents' hands, real and drawn

``run``: in each game, for each of the four seats, ``--per-seat`` of its discards chosen at random
(seeded by the game); at each, the action played is analysed with each way of drawing worlds
(``uniform``, ``belief``, ``oracle``: the real hands, only the wall shuffled) to the end of the hand
and to the end of the game, ``--samples`` worlds each, the same seed for all (common random
numbers). Each position is one JSON line: the predictions and what the record shows happened.

``--worlds`` restricts a run to some ways of drawing worlds (the others' figures do not depend on
the belief: ``merge`` lays a new run's figures over an older run's lines).

``summary`` prints, per source and way of drawing worlds, the mean predicted and realised values
and the gap (predicted - realised) with its 95 % interval clustered by game (the positions of one
game share its outcome): placement points and final score to the end of the game; the hand's
point change, the placement points as if the game ended with the hand, and the shares of the hand
won, dealt in, drawn and won by another seat, to the end of the hand.

``pushfold``: decisions where one other seat is in riichi and the seat, one tile from tenpai or
tenpai, pushed (the most efficient discard that is not safe against the riichi) or folded (the
genbutsu that keeps the lowest shanten): the paired difference push - fold with each way of drawing
worlds (``--pf-samples`` worlds to the end of the hand, ``--pf-game-samples`` to the end of the
game), compared with the oracle's interval.

Real games (``--data``, Tenhou mjlog files) are analysed with a belief fitted on the other fold of
the games (two folds, ``bench/fit_belief.py --fold``), never on the game itself. Self-play games
are four of the default player, and the rollouts are played by the default player too.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import sys
import time
from collections import defaultdict
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np

sys.path.insert(0, os.path.dirname(__file__))

from fit_belief import DATA, fit, games, mjlogs  # noqa: E402

from riichi import _core  # noqa: E402
from riichi.agents import DefensiveAgent  # noqa: E402
from riichi.analyze._belief import hand_quality  # noqa: E402
from riichi.analyze.belief import DEFAULT_MODEL, Model, beliefs, passed_tiles  # noqa: E402
from riichi.analyze.decision import analyse_point, candidates  # noqa: E402
from riichi.analyze.position import AnalysisError, DecisionPoint, as_record, find_point  # noqa: E402
from riichi.analyze.rollout import DEAL_IN, DRAW, OTHER, WIN  # noqa: E402
from riichi.analyze.worlds import redeal  # noqa: E402
from riichi.errors import RiichiError  # noqa: E402
from riichi.game import play_game  # noqa: E402
from riichi.game.actions import Discard  # noqa: E402
from riichi.game.flow import final_results  # noqa: E402
from riichi.logs import events as ev, read  # noqa: E402
from riichi.logs.record import GameRecord  # noqa: E402
from riichi.rules import RuleSet  # noqa: E402
from riichi.scoring import score_hand  # noqa: E402
from riichi.tiles import WIND_LETTERS  # noqa: E402

WORLDS = ("uniform", "belief", "oracle")
ENDS = {WIN: "win", DEAL_IN: "deal_in", DRAW: "draw", OTHER: "other"}
FOLDS = 2


# ------------------------------------------------------------------ games and what happened


def selfplay_games(count: int, first: int = 5000) -> Iterator[tuple[str, GameRecord, RuleSet]]:
    for seed in range(first, first + count):
        game = play_game("tenhou", [DefensiveAgent(seed=seed * 4 + s) for s in range(4)], seed=seed)
        record, rules = as_record(game)
        yield f"selfplay-{seed}", record, rules


def real_games(data: str, count: int | None, skip: int = 0
               ) -> Iterator[tuple[str, GameRecord, RuleSet, Model]]:
    models = {}
    files = mjlogs(data)
    for index, path in enumerate(files[skip:skip + count if count else None], start=skip):
        fold = index % FOLDS
        if fold not in models:
            models[fold] = fit(games(data, f"{fold}/{FOLDS}"))[0]
        record, rules = as_record(read(path))
        yield os.path.basename(path), record, rules, models[fold]


def hand_end(record: GameRecord, round_index: int, seat: int
             ) -> tuple[int, tuple[int, ...], int]:
    """How round ``round_index`` ended for ``seat``, the scores after it and the seat's point
    change by the hand's payments (as the table's outcome counts it: without the riichi sticks
    put down, with those won)."""
    events = record.rounds[round_index].events
    wins = [e for e in events if isinstance(e, ev.Hora)]
    ends = [e for e in events if isinstance(e, (ev.Hora, ev.Ryukyoku))]
    if any(w.actor == seat for w in wins):
        end = WIN
    elif any(w.target == seat for w in wins):
        end = DEAL_IN
    else:
        end = OTHER if wins else DRAW
    last = round_index == len(record.rounds) - 1 and record.end is not None
    scores = record.end.scores if last and record.end else ends[-1].scores
    return end, tuple(scores), sum(e.deltas[seat] for e in ends)


def realised(record: GameRecord, rules: RuleSet, point: DecisionPoint) -> dict[str, Any]:
    seat = point.seat
    end, scores, delta = hand_end(record, point.round, seat)
    last = point.round == len(record.rounds) - 1 and record.end is not None
    hand_points = record.end.results[seat] if last and record.end else \
        final_results(rules, scores)[1][seat]
    assert record.end is not None
    return {"end": ENDS[end], "hand_score": scores[seat], "hand_delta": delta,
            "hand_points": hand_points, "final_score": record.end.scores[seat],
            "final_points": record.end.results[seat]}


def discard_points(record: GameRecord, rules: RuleSet, seat: int) -> list[int]:
    """The events where ``seat`` discarded (not the discard that follows a riichi)."""
    return [k for k, e in enumerate(record.events) if isinstance(e, ev.Dahai) and e.actor == seat
            and not isinstance(record.events[k - 1], ev.Reach)]


# ------------------------------------------------------------------ run


def predict(point: DecisionPoint, samples: int, seed: int, model: Model,
            kinds: Sequence[str] = WORLDS) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for worlds in kinds:
        for horizon in ("hand", "game"):
            d = analyse_point(point, samples=samples, horizon=horizon, seed=seed,
                              progress=False, actions=[point.played], worlds=worlds, model=model)
            a = d.played
            key = f"{worlds}_{horizon}"
            if horizon == "game":
                out[key] = {"points": a.points.mean, "score": a.score.mean}
            else:
                out[key] = {"points": a.points.mean, "score": a.score.mean,
                            "hand_delta": a.hand_delta.mean, "win": a.win.mean,
                            "deal_in": a.deal_in.mean, "draw": a.draw.mean,
                            "other": 1 - a.win.mean - a.deal_in.mean - a.draw.mean}
            if worlds == "belief" and horizon == "hand":
                out["ess"] = {str(s): e for s, e in d.ess.items()}
                out["collapsed"] = d.collapsed
    return out


def games_of(args: argparse.Namespace) -> Iterator[tuple[str, GameRecord, RuleSet, Model]]:
    if args.source == "selfplay":
        for name, record, rules in selfplay_games(args.games, 5000 + args.skip):
            yield name, record, rules, DEFAULT_MODEL
    else:
        yield from real_games(args.data, args.games, args.skip)


def run(args: argparse.Namespace) -> None:
    done = _done(args.out)
    began = time.process_time()
    with open(args.out, "a") as out:
        for game_index, (name, record, rules, model) in enumerate(games_of(args), args.skip):
            if record.end is None:
                continue
            rng = np.random.default_rng(game_index)
            for seat in range(4):
                events = discard_points(record, rules, seat)
                for k in rng.choice(events, size=min(args.per_seat, len(events)), replace=False):
                    if (name, seat, int(k)) in done:
                        continue
                    try:
                        point = find_point(record, rules, int(k), seat)
                    except AnalysisError:
                        continue
                    line = {"game": name, "seat": seat, "event": int(k), "label": point.label,
                            "realised": realised(record, rules, point),
                            **predict(point, args.samples, 1000 * game_index + seat, model,
                                      args.worlds)}
                    out.write(json.dumps(line) + "\n")
                    out.flush()
            print(f"{name}: {time.process_time() - began:.0f} s of CPU", file=sys.stderr)


def merge(args: argparse.Namespace) -> None:
    """The lines of the first file with the figures of the others laid over them (by game,
    seat and event): a run of one way of drawing worlds joins the others' figures."""
    def key(row: dict[str, Any]) -> tuple[str, int, int]:
        return row["game"], row["seat"], row["event"]

    with open(args.files[0]) as f:
        rows = {key(r): r for r in map(json.loads, f)}
    for path in args.files[1:]:
        with open(path) as f:
            for r in map(json.loads, f):
                rows[key(r)].update(r)
    with open(args.out, "w") as out:
        for r in rows.values():
            out.write(json.dumps(r) + "\n")


def _done(path: str) -> set[tuple[str, int, int]]:
    if not os.path.exists(path):
        return set()
    with open(path) as f:
        return {(r["game"], r["seat"], r["event"]) for r in map(json.loads, f)}


# ------------------------------------------------------------------ push or fold


def push_and_fold(point: DecisionPoint) -> tuple[Discard, Discard] | None:
    """The push (most efficient unsafe discard) and fold (safest-shaped genbutsu) candidates of a
    turn facing exactly one riichi where the player took one of them, or None."""
    state, seat = point.state, point.seat
    riichi = [s for s in range(4) if s != seat and state.players[s].riichi]
    if len(riichi) != 1 or state.players[seat].riichi or not isinstance(point.played, Discard):
        return None
    safe = state.players[riichi[0]].genbutsu_mask
    counts = bytearray(state.players[seat].counts)
    rank = {}
    for a in candidates(point.legal, point.played):
        if type(a) is Discard:
            counts[a.tile >> 2] -= 1
            rank[a] = (_core.shanten(counts), -_core.ukeire(counts, bytes(34))[1], a.tile)
            counts[a.tile >> 2] += 1
    unsafe = sorted((a for a in rank if not safe >> (a.tile >> 2) & 1), key=rank.__getitem__)
    genbutsu = sorted((a for a in rank if safe >> (a.tile >> 2) & 1), key=rank.__getitem__)
    if not unsafe or not genbutsu or rank[unsafe[0]][0] > 1:
        return None  # nothing to push for: a hand two or more from tenpai folds
    if point.played not in (unsafe[0], genbutsu[0]):
        return None  # the paired interval of push - fold is read from the action played
    return unsafe[0], genbutsu[0]


def pushfold(args: argparse.Namespace) -> None:
    done = _done(args.out)
    with open(args.out, "a") as out:
        for game_index, (name, record, rules, model) in enumerate(games_of(args)):
            found = 0
            for seat in range(4):
                for k in discard_points(record, rules, seat):
                    if found >= args.per_game:
                        break
                    if (name, seat, k) in done:
                        found += 1
                        continue
                    try:
                        point = find_point(record, rules, k, seat)
                    except AnalysisError:
                        continue
                    pair = push_and_fold(point)
                    if pair is None:
                        continue
                    found += 1
                    line: dict[str, Any] = {"game": name, "seat": seat, "event": k,
                                            "label": point.label}
                    for worlds in WORLDS:
                        for horizon in ("hand", "game"):
                            samples = (args.pf_samples if horizon == "hand"
                                       else args.pf_game_samples)
                            d = analyse_point(point, samples=samples, horizon=horizon,
                                              seed=7 + k, progress=False, actions=list(pair),
                                              worlds=worlds, model=model)
                            push = next(a for a in d.actions if a.action == pair[0])
                            fold = next(a for a in d.actions if a.action == pair[1])
                            diff = push.vs_played.mean - fold.vs_played.mean
                            # the interval of push - fold: from the one of the played action
                            half = (push.vs_played.half_width if fold.played
                                    else fold.vs_played.half_width)
                            line[f"{worlds}_{horizon}"] = {"diff": diff, "half": half}
                    out.write(json.dumps(line) + "\n")
                    out.flush()
            print(f"{name}: {found} push/fold decisions", file=sys.stderr)


# ------------------------------------------------------------------ the hands drawn


def _has_yaku(state: Any, seat: int) -> bool:
    """Whether the tenpai seat may win by ron on one of its waits (a yaku on it)."""
    p = state.players[seat]
    for t in range(34):
        tile = next((x for x in range(4 * t, 4 * t + 4) if x not in p.hand), None)
        if not p.waits_mask >> t & 1 or tile is None:
            continue
        try:
            won = score_hand(list(p.hand), tile, tuple(p.melds), tsumo=False,
                             seat_wind=WIND_LETTERS[state.winds[seat]],
                             round_wind=WIND_LETTERS[state.position.round_wind])
        except RiichiError:
            continue
        if won is not None:
            return True
    return False


def hands(args: argparse.Namespace) -> None:
    """The opponents not in riichi at decisions of real games, real and drawn: shanten, ukeire
    by shanten, and the open tenpai hands with a yaku."""
    figures: dict[str, dict[str, list[float]]] = {w: defaultdict(list) for w in ("real", *WORLDS[:2])}
    for _, record, rules, model in real_games(args.data, args.games):
        rng = np.random.default_rng(len(record.events))
        dahai = [k for k, e in enumerate(record.events) if isinstance(e, ev.Dahai)
                 and not isinstance(record.events[k - 1], ev.Reach)]
        for k in rng.choice(dahai, size=min(args.per_game, len(dahai)), replace=False):
            try:
                point = find_point(record, rules, int(k), record.events[int(k)].actor)
            except AnalysisError:
                continue
            state = point.state
            seats = beliefs(state, point.seat, passed_tiles(
                record.rounds[point.round].events[:point.local], state.seats), model)
            others = [b.seat for b in seats if not b.riichi]
            tables = [("real", state)]
            for worlds in WORLDS[:2]:
                for world_seed in range(10):
                    world = state.clone()
                    redeal(world, point.seat, np.random.default_rng(world_seed), worlds=worlds,
                           seats=seats, model=model)
                    tables.append((worlds, world))
            for name, table in tables:
                for s in others:
                    p = table.players[s]
                    shanten = _core.shanten(p.counts)
                    melded = bytes(seats[[b.seat for b in seats].index(s)].melded)
                    figures[name]["shanten"].append(shanten)
                    figures[name][f"ukeire {min(shanten, 3)}"].append(
                        math.expm1(hand_quality(bytes(p.counts), len(p.hand), melded)))
                    if p.melds and p.waits_mask:
                        figures[name]["open tenpai with a yaku"].append(_has_yaku(table, s))
    for name, found in figures.items():
        print(f"{name:8} " + "; ".join(f"{what} {np.mean(v):.2f} (n={len(v)})"
                                       for what, v in sorted(found.items())))


# ------------------------------------------------------------------ summary


def clustered(values: Sequence[float], games: Sequence[str]) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95 % interval, clustered by ``games``."""
    v = np.asarray(values, dtype=float)
    mean = float(v.mean())
    sums: dict[str, float] = defaultdict(float)
    for x, g in zip(v, games):
        sums[g] += x - mean
    clusters = len(sums)
    se = math.sqrt(sum(s * s for s in sums.values()) * clusters / max(1, clusters - 1)) / len(v)
    return mean, mean - 1.96 * se, mean + 1.96 * se


MEASURES = (
    ("game", "points", "final_points", "placement points, end of game", ",.0f"),
    ("game", "score", "final_score", "final score", ",.0f"),
    ("hand", "hand_delta", "hand_delta", "hand point change", ",.0f"),
    ("hand", "points", "hand_points", "placement points, end of hand", ",.0f"),
    ("hand", "win", "win", "this seat wins the hand", ".3f"),
    ("hand", "deal_in", "deal_in", "this seat deals in", ".3f"),
    ("hand", "draw", "draw", "the hand is drawn", ".3f"),
    ("hand", "other", "other", "another seat wins", ".3f"),
)


def summary_table(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    games = [r["game"] for r in rows]
    table = []
    for horizon, key, real_key, label, spec in MEASURES:
        if real_key in ENDS.values():
            realised_values = [float(r["realised"]["end"] == real_key) for r in rows]
        else:
            realised_values = [float(r["realised"][real_key]) for r in rows]
        line: dict[str, Any] = {"measure": label, "spec": spec,
                                "realised": float(np.mean(realised_values))}
        for worlds in WORLDS:
            predicted = [r[f"{worlds}_{horizon}"][key] for r in rows]
            gap = clustered([p - q for p, q in zip(predicted, realised_values)], games)
            line[worlds] = {"predicted": float(np.mean(predicted)), "gap": gap}
        table.append(line)
    return table


def print_summary(path: str) -> dict[str, Any]:
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    games = len({r["game"] for r in rows})
    print(f"\n{path}: {len(rows)} positions of {games} games, all four seats")
    print("| measure | realised | " + " | ".join(f"{w} predicted | {w} gap (95 %)"
                                                 for w in WORLDS) + " |")
    print("|---|---:|" + "---:|---:|" * len(WORLDS))
    table = summary_table(rows)
    for line in table:
        spec = line["spec"]
        cells = [f"{line['realised']:{spec}}"]
        for w in WORLDS:
            mean, low, high = line[w]["gap"]
            mark = "" if low <= 0 <= high else "**"
            cells += [f"{line[w]['predicted']:{spec}}",
                      f"{mark}{mean:+{spec}} [{low:+{spec}}, {high:+{spec}}]{mark}"]
        print(f"| {line['measure']} | " + " | ".join(cells) + " |")
    ess = np.array([e for r in rows for e in r["ess"].values()])
    collapsed = np.array([r["collapsed"] for r in rows])
    print(f"effective sample size of the belief's weighed hands (of 16), per seat and position: "
          f"mean {ess.mean():.1f}, median {np.median(ess):.1f}, 5th percentile "
          f"{np.quantile(ess, .05):.1f}; collapsed draws {collapsed.mean():.1%}; positions warned "
          f"{np.mean([min(r['ess'].values()) < 2.0 for r in rows if r['ess']]):.1%}")
    return {"positions": len(rows), "games": games, "table": table}


def print_pushfold(path: str) -> None:
    with open(path) as f:
        rows = [json.loads(line) for line in f]
    print(f"\n{path}: {len(rows)} push/fold decisions of {len({r['game'] for r in rows})} games")
    for horizon in ("hand", "game"):
        oracle = [r[f"oracle_{horizon}"] for r in rows]
        for worlds in ("uniform", "belief"):
            mine = [r[f"{worlds}_{horizon}"] for r in rows]
            inside = np.mean([abs(m["diff"] - o["diff"]) <= o["half"] for m, o in zip(mine, oracle)])
            gap = clustered([m["diff"] - o["diff"] for m, o in zip(mine, oracle)],
                            [r["game"] for r in rows])
            print(f"  to the end of the {horizon}, {worlds}: push - fold within the oracle's "
                  f"interval in {inside:.0%}; mean (push - fold) - oracle's {gap[0]:+,.0f} "
                  f"[{gap[1]:+,.0f}, {gap[2]:+,.0f}]; mean |difference| "
                  f"{np.mean([abs(m['diff'] - o['diff']) for m, o in zip(mine, oracle)]):,.0f}; "
                  f"oracle's mean half width {np.mean([o['half'] for o in oracle]):,.0f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("what", choices=("run", "pushfold", "summary", "merge", "hands"))
    parser.add_argument("files", nargs="*", help="summary, merge: the JSON lines files of runs")
    parser.add_argument("--worlds", nargs="+", default=list(WORLDS), choices=WORLDS,
                        help="run: the ways of drawing worlds to analyse with (default: all)")
    parser.add_argument("--source", choices=("selfplay", "real"), default="selfplay")
    parser.add_argument("--data", default=DATA)
    parser.add_argument("--games", type=int)
    parser.add_argument("--skip", type=int, default=0,
                        help="the games left out at the start of the source (self-play seeds "
                             "from 5000 + skip, the real games from the skip-th by name)")
    parser.add_argument("--per-seat", type=int, default=2)
    parser.add_argument("--per-game", type=int, default=2)
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--pf-samples", type=int, default=400, help="push/fold, to the hand's end")
    parser.add_argument("--pf-game-samples", type=int, default=200,
                        help="push/fold, to the game's end")
    parser.add_argument("--pushfold", action="store_true", help="summary of pushfold runs")
    parser.add_argument("--out", default="calibration.jsonl")
    args = parser.parse_intermixed_args(argv)
    if args.what == "summary":
        for path in args.files:
            print_pushfold(path) if args.pushfold else print_summary(path)
        return
    if args.what == "merge":
        merge(args)
        return
    if args.what == "hands":
        args.games = args.games or 40
        args.per_game = 12 if args.per_game == 2 else args.per_game
        hands(args)
        return
    if args.source == "selfplay" and args.games is None:
        args.games = 120
    (run if args.what == "run" else pushfold)(args)


if __name__ == "__main__":
    main()
