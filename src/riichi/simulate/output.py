"""The files of a run in its output directory, each written atomically (to a hidden temporary
file, then renamed), shard by shard:

- ``run.json``: the settings that fix the games (seed, the whole rule set, each seat's player with
  its settings, ...), read by ``--resume``;
- ``games.parquet/part-NNNNN.parquet``: one row per game, one file per shard;
- ``hands.parquet/part-NNNNN.parquet``: one row per hand, one file per shard (both directories
  are Parquet datasets: ``pyarrow.parquet.read_table("games.parquet")`` reads one whole);
- ``shards/NNNNN.json``: the shard's partial sums, written last (a shard is finished when its
  sums are there);
- ``summary.json``: the summary (reproducible: the same bytes for the same settings);
- ``timing.json``: elapsed time and games per second (not reproducible: kept out of the summary);
- with plots: ``final_scores.png``, ``ranks.png`` and, from a situation, ``placement.png``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from riichi.errors import SimulationError
from riichi.simulate.shard import LOG_FORMATS, Plan, ShardResult, entry_labels
from riichi.stats import Tally

__all__ = ["RunDirectory", "write_plots", "score_bins"]


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class RunDirectory:
    """The output directory of one run."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = Path(path)
        self.games = self.path / "games.parquet"
        self.hands = self.path / "hands.parquet"
        self.shards = self.path / "shards"
        self.logs = self.path / "logs"

    @property
    def plan_file(self) -> Path:
        return self.path / "run.json"

    def create(self, plan: Plan) -> None:
        """Start a new run here: refuse a directory that already holds one."""
        if self.plan_file.exists():
            raise SimulationError(
                f"{self.path} already holds a run; resume it with --resume {self.path} "
                f"or choose another --out"
            )
        for d in (self.games, self.hands, self.shards):
            d.mkdir(parents=True, exist_ok=True)
        _write_atomic(self.plan_file, (json.dumps(plan.to_dict(), indent=2) + "\n").encode())

    def plan(self) -> Plan:
        """The settings of the run kept here."""
        try:
            return Plan.from_dict(json.loads(self.plan_file.read_text()))
        except (OSError, ValueError, TypeError, KeyError) as e:
            raise SimulationError(
                f"{self.path} holds no run to resume ({self.plan_file.name}: {e})"
            ) from None

    def finished(self) -> dict[int, Tally]:
        """The partial sums of every finished shard, by shard index."""
        return {
            int(f.stem): Tally.from_dict(json.loads(f.read_text()))
            for f in sorted(self.shards.glob("[0-9]*.json"))
        }

    def write_shard(self, result: ShardResult) -> None:
        """Write one shard's tables, then its sums (which mark it finished)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        if result.logs:
            self.logs.mkdir(exist_ok=True)
        for row, texts in result.logs.items():
            for fmt, text in texts.items():
                _write_atomic(self.logs / f"game-{row:06d}.{LOG_FORMATS[fmt]}", text.encode())
        name = f"part-{result.shard:05d}.parquet"
        for table, directory in ((result.games, self.games), (result.hands, self.hands)):
            sink = pa.BufferOutputStream()
            pq.write_table(table, sink)
            _write_atomic(directory / name, sink.getvalue().to_pybytes())
        _write_atomic(
            self.shards / f"{result.shard:05d}.json",
            json.dumps(result.tally.to_dict()).encode(),
        )

    def write_json(self, name: str, text: str) -> None:
        """Write ``name`` (``summary.json``, ``timing.json``)."""
        _write_atomic(self.path / name, text.encode())


def write_plots(directory: RunDirectory, summary: dict[str, Any]) -> list[Path]:
    """PNG charts of a finished run: the final-score distribution and the rank distribution of
    each player, and the placement probabilities by seat for a run from a situation."""
    try:
        import matplotlib
    except ImportError:
        raise SimulationError("--plots needs matplotlib: pip install 'riichi[plots]'") from None
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    names = [f"{p['seat']}: {p['player']}" for p in summary["players"]]
    title = f"{summary['games']} games, {summary['rules']}, seed {summary['seed']}"
    written = []

    fig, ax = plt.subplots(figsize=(8, 5))
    by_player = _scores_by_player(directory)
    bins = score_bins([s for scores in by_player for s in scores])
    for j, scores in enumerate(by_player):
        ax.hist(scores, bins=bins, histtype="step", linewidth=1.5, label=names[j])
    ax.set(xlabel="final score (points)", ylabel="games", title=f"Final scores - {title}")
    ax.legend()
    written.append(_save(fig, directory.path / "final_scores.png"))

    fig, ax = plt.subplots(figsize=(8, 5))
    width = 0.2
    seats = len(summary["players"])
    places = ["1st", "2nd", "3rd", "4th"][:seats]
    for j, p in enumerate(summary["players"]):
        xs = [k + (j - (seats - 1) / 2) * width for k in range(seats)]
        pairs = list(zip(p["rank_dist"], p["ci95"]["rank_dist"]))
        lows = [max(0.0, d - ci[0]) for d, ci in pairs]  # a Wilson bound at 0 may round past it
        highs = [max(0.0, ci[1] - d) for d, ci in pairs]
        ax.bar(xs, p["rank_dist"], width, yerr=[lows, highs], capsize=2, label=names[j])
    ax.set_xticks(range(seats), places)
    ax.set(ylabel="share of games (95 % interval)", title=f"Ranks - {title}")
    # below the axes: inside, the legend would cover the bars of one place or another
    ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.08), ncols=2, fontsize="small")
    written.append(_save(fig, directory.path / "ranks.png"))

    if summary["from"] is not None:
        fig, ax = plt.subplots(figsize=(8, 4))
        for j, p in enumerate(summary["players"]):
            left = 0.0
            for k, share in enumerate(p["rank_dist"]):
                ax.barh(j, share, left=left, color=f"C{k}", label=("1st", "2nd", "3rd", "4th")[k]
                        if j == 0 else None)
                if share >= 0.05:
                    ax.text(left + share / 2, j, f"{share:.0%}", ha="center", va="center")
                left += share
        ax.set_yticks(range(4), [f"seat {n}" for n in names])
        ax.invert_yaxis()
        ax.set_xlabel("probability")
        ax.set_title(f"Placement from {summary['from']}\n{title}", fontsize=10)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncols=4)
        written.append(_save(fig, directory.path / "placement.png"))
    return written


SCORE_GRID = 100
"""Final scores are whole multiples of 100 points."""


def score_bins(scores: list[int], most: int = 60) -> list[float]:
    """Histogram bin edges for final scores: at most about ``most`` bins, each a whole number of
    100-point steps wide and centred between them, so that every bin holds as many possible
    scores as the next (bins of a width that is not a multiple of 100 alternate between holding
    one possible score and two: a comb).

    >>> score_bins([25000, 25100, 25300], most=60)
    [24950.0, 25050.0, 25150.0, 25250.0, 25350.0]
    """
    low, high = min(scores, default=0), max(scores, default=0)
    steps = max(1, -(-(high - low) // (SCORE_GRID * most)))
    width = steps * SCORE_GRID
    start = low - low % width
    count = (high - start) // width + 1
    return [start - SCORE_GRID / 2 + k * width for k in range(count + 1)]


def _scores_by_player(directory: RunDirectory) -> list[list[int]]:
    """Each listed player's final scores, read back from ``games.parquet`` one shard at a time
    (duplicate play moves a player round the seats)."""
    import pyarrow.parquet as pq

    players = len(directory.plan().players)
    scores: list[list[int]] = [[] for _ in range(players)]
    for part in _parts(directory.games):
        table = pq.read_table(
            part, columns=["rotation", *(f"score_{s}" for s in range(players))]
        )
        rotations = table.column("rotation").to_pylist()
        seats = [table.column(f"score_{s}").to_pylist() for s in range(players)]
        for row, rotation in enumerate(rotations):
            for s, label in enumerate(entry_labels(rotation, players)):
                scores[int(label)].append(seats[s][row])
    return scores


def _parts(directory: Path) -> Iterator[Path]:
    return iter(sorted(directory.glob("part-*.parquet")))


def _save(fig: Any, path: Path) -> Path:
    import matplotlib.pyplot as plt

    tmp = path.with_name(f".{path.name}.tmp.png")
    fig.tight_layout()
    fig.savefig(tmp, dpi=100)
    plt.close(fig)
    os.replace(tmp, path)
    return path
