"""The files of a run in its output directory, each written atomically (to a hidden temporary
file, then renamed), shard by shard:

- ``run.json``: the settings that fix the games (seed, the whole rule set, each seat's player with
  its settings, ...), read by ``--resume``, and their ``fingerprint`` (a hash of every other field
  as stored);
- ``games.parquet/part-NNNNN.parquet``: one row per game, one file per shard (its index in five
  digits, more from shard 100000 on);
- ``hands.parquet/part-NNNNN.parquet``: one row per hand, one file per shard (both directories
  are Parquet datasets: ``pyarrow.parquet.read_table("games.parquet")`` reads one whole);
- ``shards/NNNNN.json``: the shard's partial sums, written last (a shard is finished when its
  sums are there), with the run's fingerprint, the shard's index, the size and hash of its two
  Parquet parts and a hash of the whole;
- ``run.lock``: held (an OS file lock) by the process writing the run, so a second run started in
  the same directory is refused;
- ``summary.json``: the summary (reproducible: the same bytes for the same settings);
- ``timing.json``: elapsed time and games per second (not reproducible: kept out of the summary);
- with plots: ``final_scores.png``, ``ranks.png`` and, from a situation, ``placement.png``.

A resume checks every file against ``run.json`` before it plays: a shard or a Parquet part that
belongs to another run or to no shard of this one, or that was changed or cut short, is refused
with a :class:`~riichi.errors.RunDirectoryError` naming the file, and so is a run whose hands
were written by an earlier version in an older layout. A resumed run is so either exactly the
uninterrupted run or an error.
"""


from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import io
import json
import os
import sys
import types
import typing
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

from riichi.errors import RiichiError, RunDirectoryError, SimulationError, WrongTypeError, quoted
from riichi.simulate.report import player_names
from riichi.simulate.shard import LOG_FORMATS, RunPlan, ShardResult, entry_labels
from riichi.stats import Tally

__all__ = ["RunDirectory", "write_plots", "fingerprint", "score_bins"]

_SHARD_NAME = ("", ".json")  # shard k's files are named with k in five digits or more
_PART_NAME = ("part-", ".parquet")
_SHARD_KEYS = {"run", "shard", "parts", "tally", "sha256"}
# what a run writes beside its folders when it ends
_RESULTS = ("summary.json", "timing.json", "final_scores.png", "ranks.png", "placement.png")


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp")
    try:
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as e:  # a full disk, a directory removed under the run, a folder in its place
        with contextlib.suppress(OSError):
            tmp.unlink()
        raise RunDirectoryError(f"cannot write {path}: {e.strerror or e}") from None


def _shard_file(shard: int, form: tuple[str, str]) -> str:
    """The name of shard ``shard``'s file of ``form`` (its prefix and suffix)."""
    prefix, suffix = form
    return f"{prefix}{shard:05d}{suffix}"


def _shard_of(name: str, form: tuple[str, str]) -> int | None:
    """The shard whose file of ``form`` is named ``name``, or None for a name no shard's file
    has (``000007.json`` is not shard 7's)."""
    prefix, suffix = form
    digits = name.removeprefix(prefix).removesuffix(suffix)
    if not (digits.isascii() and digits.isdigit()):
        return None
    shard = int(digits)
    return shard if name == _shard_file(shard, form) else None


def _canonical(data: object) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), allow_nan=False).encode()


def fingerprint(record: dict[str, Any]) -> str:
    """The hash of a run's settings as ``run.json`` stores them: every field but the
    fingerprint itself, so a field added to ``run.json`` is covered too."""
    rest = {k: v for k, v in record.items() if k != "fingerprint"}
    return hashlib.sha256(_canonical(rest)).hexdigest()


def _plan_record(plan: RunPlan) -> dict[str, Any]:
    """The settings of ``plan`` as ``run.json`` holds them (JSON values only), fingerprinted."""
    record: dict[str, Any] = json.loads(json.dumps(plan.to_dict()))
    record["fingerprint"] = fingerprint(record)
    return record


def _of_type(value: object, hint: object) -> bool:
    """Whether a JSON ``value`` is of the type ``hint`` of a :class:`RunPlan` field."""
    if isinstance(hint, types.UnionType):
        return any(_of_type(value, h) for h in typing.get_args(hint))
    if hint is type(None):
        return value is None
    return type(value) is hint  # exact: a bool is not an int here, nor an int a bool


# How run.json holds the fields that are not plain values: the rule set field by field, each
# player as the text of its spec.
_STORED_AS: dict[str, object] = {"rules": dict, "players": list}


def _plan_from_record(record: dict[str, Any]) -> RunPlan:
    """The :class:`RunPlan` stored as ``record``; ``ValueError`` for a missing, unknown or
    wrongly typed field, or rules or players that cannot be read back."""
    data = {k: v for k, v in record.items() if k != "fingerprint"}
    hints = typing.get_type_hints(RunPlan)
    fields = [f.name for f in dataclasses.fields(RunPlan)]
    if set(data) != set(fields):
        raise RunDirectoryError(f"expected the fields {', '.join(fields)}")
    wrong = [name for name in fields
             if not _of_type(data[name], _STORED_AS.get(name, hints[name]))]
    if not wrong and not all(isinstance(p, str) for p in data["players"]):
        wrong = ["players"]
    if wrong:
        raise RunDirectoryError(f"{', '.join(wrong)} of the wrong type")
    try:
        return RunPlan.from_dict(data)
    except RiichiError as e:
        raise RunDirectoryError(str(e)) from None


def _read_json(path: Path) -> Any:
    """The JSON value in ``path``; a ``ValueError`` (also for bytes that are not UTF-8, or arrays
    nested deeper than the reader recurses)."""
    try:
        return json.loads(path.read_bytes().decode("utf-8"))
    except RecursionError:
        raise RunDirectoryError("arrays or objects nested too deeply") from None


def _part_record(data: bytes) -> dict[str, Any]:
    return {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}


def _is_shard_record(record: object) -> bool:
    """Whether ``record`` has the shape of a shard's record (its values aside): its keys, a shard
    index, and for each table a part's record, so that checking it raises nothing else (a record
    edited by hand may carry any JSON under the right hash)."""
    if not isinstance(record, dict) or set(record) != _SHARD_KEYS or type(record["shard"]) is not int:
        return False
    parts = record["parts"]
    return isinstance(parts, dict) and set(parts) == {"games", "hands"} and all(
        isinstance(part, dict) and set(part) == {"bytes", "sha256"} and type(part["bytes"]) is int
        for part in parts.values())


def _column_names(data: bytes) -> list[str]:
    """The columns of the Parquet file ``data``."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    return list(pq.ParquetFile(pa.BufferReader(data)).schema_arrow.names)


class _Lock:
    """An OS lock on ``run.lock``, held while a process writes the run (released by the OS when
    the process ends, however it ends)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file: IO[bytes] | None = None

    def acquire(self) -> bool:
        """Take the lock; False when another process holds it."""
        file = open(self.path, "a+b")  # noqa: SIM115 - held open for the lock's lifetime
        try:
            if sys.platform == "win32":
                import msvcrt

                msvcrt.locking(file.fileno(), msvcrt.LK_NBLCK, 1)
            else:
                import fcntl

                fcntl.flock(file.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            file.close()
            return False
        self.file = file
        return True

    def release(self) -> None:
        if self.file is not None:
            self.file.close()  # closing the file releases the lock
            self.file = None


class RunDirectory:
    """The output directory of one run. :meth:`create` and :meth:`open` take its lock, which
    :meth:`close` (or leaving a ``with`` block) releases. A run refused before its workers start
    (:meth:`keep` was not called) leaves the file system as it found it: an error leaving the
    ``with`` block, or a refusal of :meth:`create` or :meth:`open`, :meth:`discard` what this
    object made."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        if not isinstance(path, (str, os.PathLike)):
            raise WrongTypeError(f"the run's directory {quoted(path)}: expected a path (a str or "
                                 "a pathlib.Path)")
        if not os.fspath(path):  # Path("") is the current directory: never what was meant
            raise RunDirectoryError("the run's directory is an empty path; expected a directory "
                                    "name (--out DIR, --resume DIR)")
        self.path = Path(path)
        self.games = self.path / "games.parquet"
        self.hands = self.path / "hands.parquet"
        self.shards = self.path / "shards"
        self.logs = self.path / "logs"
        self.fingerprint: str | None = None
        self._lock = _Lock(self.path / "run.lock")
        self._made: list[Path] = []  # the folders and files this object made, in that order
        self._kept = False

    @property
    def plan_file(self) -> Path:
        return self.path / "run.json"

    def __enter__(self) -> RunDirectory:
        return self

    def __exit__(self, kind: object, error: BaseException | None, trace: object) -> None:
        # a Ctrl-C keeps run.json, so that the message can give the command that resumes
        if isinstance(error, Exception) and not self._kept:
            self.discard()
        else:
            self.close()

    def keep(self) -> None:
        """From now on the run's files stay, whatever ends it (its games began: a failed game
        is replayed, an interrupted run resumed)."""
        self._kept = True

    def discard(self) -> None:
        """Remove what this object made, the last made first (a folder only when it is empty
        again), and release the lock: a refused run changes nothing. The lock file goes while
        it is held, so that no other run takes a lock on a file about to go."""
        for path in reversed(self._made):
            with contextlib.suppress(OSError):  # a folder that holds what another made stays
                if path.is_dir():
                    path.rmdir()
                else:
                    path.unlink()
        self._made.clear()
        self.close()

    def close(self) -> None:
        """Release the lock."""
        self._lock.release()

    def _take_lock(self) -> None:
        there = self._lock.path.exists()
        try:
            taken = self._lock.acquire()
        except OSError as e:
            raise RunDirectoryError(f"cannot write the run to {self.path}: {e.strerror or e}") from None
        if not taken:
            raise RunDirectoryError(
                f"another run is writing to {self.path} ({self._lock.path.name} is held); wait "
                f"for it to end or choose another directory"
            )
        if not there:  # recorded once held: another's lock is never this object's to remove
            self._made.append(self._lock.path)

    def make(self) -> None:
        """Make the directory (and its parents) unless it exists; refuse a path that is a file or
        that cannot be made."""
        if self.path.exists() and not self.path.is_dir():
            raise RunDirectoryError(f"{self.path} is a file; expected a directory for the run")
        self._made.extend(p for p in (*reversed(self.path.parents), self.path) if not p.exists())
        try:
            self.path.mkdir(parents=True, exist_ok=True)
        except OSError as e:
            self.discard()  # the parents it made
            raise RunDirectoryError(
                f"cannot create the run directory {self.path}: {e.strerror or e}"
            ) from None

    def create(self, plan: RunPlan) -> None:
        """Start a new run here: refuse a path that is not a directory, a directory that already
        holds a run, files an earlier run wrote (without its ``run.json``) or that another
        process is writing to."""
        self.make()
        self._take_lock()
        try:
            if self.plan_file.exists() and not self.plan_file.is_file():
                raise RunDirectoryError(f"{self.plan_file} is no file (a folder?) and holds no run; "
                                        f"remove it or choose another --out")
            if self.plan_file.exists():
                raise RunDirectoryError(
                    f"{self.path} already holds a run; resume it with --resume {self.path} "
                    f"or choose another --out"
                )
            leftover = self._leftover()
            if leftover is not None:
                raise RunDirectoryError(
                    f"{self.path} holds files of an earlier run ({leftover}) but no "
                    f"{self.plan_file.name}; empty it or choose another --out"
                )
            record = _plan_record(plan)
            # the records' folder too, so that a file in its place is refused before any game
            for d in (self.games, self.hands, self.shards, *([self.logs] if plan.logs else [])):
                if not d.is_dir():
                    d.mkdir()
                    self._made.append(d)
            _write_atomic(self.plan_file, (json.dumps(record, indent=2) + "\n").encode())
            self._made.append(self.plan_file)  # it was not there: refused above
        except OSError as e:
            self.discard()
            where = f"{e.filename}: " if e.filename else ""  # which of its files or folders
            raise RunDirectoryError(f"cannot write the run to {self.path}: {where}"
                                    f"{e.strerror or e}") from None
        except BaseException:
            self.discard()
            raise
        self.fingerprint = record["fingerprint"]

    def _leftover(self) -> Path | None:
        """A file an earlier run wrote here (its game records, its summary or charts), which a
        new run would overwrite or mix with its own; None when there is none."""
        folders = (self.shards, self.games, self.hands, self.logs)
        kept = [p for d in folders if d.is_dir() for p in sorted(d.iterdir())
                if not p.name.startswith(".")]  # a hidden file is an interrupted write's
        kept += [p for p in map(self.path.joinpath, _RESULTS) if p.exists()]
        return kept[0] if kept else None

    def open(self) -> RunPlan:
        """Take the lock of the run kept here and return its settings (see :meth:`plan`)."""
        if not self.plan_file.exists():
            raise RunDirectoryError(f"{self.path} holds no run to resume (no {self.plan_file.name})")
        self._take_lock()
        try:
            return self.plan()
        except BaseException:
            self.discard()
            raise

    def plan(self) -> RunPlan:
        """The settings of the run kept here, checked against their fingerprint."""
        try:
            record = _read_json(self.plan_file)
        except OSError as e:  # a folder in its place, or one that may not be read
            raise RunDirectoryError(f"{self.plan_file} cannot be read ({e.strerror or e}); "
                                    f"expected the file of the run's settings") from None
        except ValueError:
            raise RunDirectoryError(f"{self.plan_file} is damaged: not JSON text") from None
        if not isinstance(record, dict) or not isinstance(record.get("fingerprint"), str):
            raise RunDirectoryError(f"{self.plan_file} is damaged: it holds no fingerprinted settings")
        if fingerprint(record) != record["fingerprint"]:
            raise RunDirectoryError(
                f"{self.plan_file} was changed after the run started (its settings no longer "
                f"match their fingerprint); restore it or start a new run"
            )
        try:
            plan = _plan_from_record(record)
        except ValueError as e:
            raise RunDirectoryError(f"{self.plan_file} is damaged: {e}") from None
        self.fingerprint = record["fingerprint"]
        return plan

    def finished(self, plan: RunPlan) -> dict[int, Tally]:
        """The partial sums of every finished shard of ``plan``, by shard index, each checked
        with its Parquet parts; any file that does not belong to the run, or was changed, is a
        :class:`~riichi.errors.RunDirectoryError` naming it."""
        finished: dict[int, Tally] = {}
        for directory in (self.shards, self.games, self.hands):
            for path in sorted(directory.iterdir()) if directory.is_dir() else ():
                if path.name.startswith("."):
                    continue  # a temporary file of an interrupted write, replaced when written
                shard = _shard_of(path.name, _SHARD_NAME if directory is self.shards
                                  else _PART_NAME)
                if shard is None or shard >= plan.shards:
                    raise self._stray(path, plan)
                if directory is self.shards:
                    finished[shard] = self._check_shard(path, shard, plan)
        return finished

    def _stray(self, path: Path, plan: RunPlan) -> RunDirectoryError:
        return RunDirectoryError(
            f"{path} does not belong to this run (its {plan.shards} shards are numbered "
            f"{0:05d}-{plan.shards - 1:05d}); remove it to resume"
        )

    def _check_shard(self, path: Path, shard: int, plan: RunPlan) -> Tally:
        damaged = f"{path} is damaged"
        again = f"; remove it to play shard {shard} again"
        try:
            record = _read_json(path)
        except ValueError:
            raise RunDirectoryError(f"{damaged}: not JSON text{again}") from None
        except OSError as e:  # a folder in its place
            raise RunDirectoryError(f"{path} cannot be read ({e.strerror or e}){again}") from None
        if not _is_shard_record(record):
            raise RunDirectoryError(f"{damaged}: not the sums of a shard{again}")
        rest = {k: v for k, v in record.items() if k != "sha256"}
        if hashlib.sha256(_canonical(rest)).hexdigest() != record["sha256"]:
            raise RunDirectoryError(f"{damaged}: its contents do not match their hash{again}")
        if record["run"] != self.fingerprint:
            raise RunDirectoryError(
                f"{path} belongs to another run (its fingerprint is not the one in "
                f"{self.plan_file.name}); remove it to resume"
            )
        if record["shard"] != shard:
            raise RunDirectoryError(
                f"{path} holds the sums of shard {record['shard']}, not of shard {shard}; "
                f"remove it to resume"
            )
        name = _shard_file(shard, _PART_NAME)
        for table, directory in (("games", self.games), ("hands", self.hands)):
            part = directory / name
            try:
                data = part.read_bytes()
            except OSError as e:
                trouble = ("is missing" if isinstance(e, FileNotFoundError)
                           else f"cannot be read ({e.strerror or e})")  # a folder in its place
                raise RunDirectoryError(
                    f"{part} {trouble}; remove {path} to play shard {shard} again"
                ) from None
            if _part_record(data) != record["parts"].get(table):
                raise RunDirectoryError(
                    f"{part} was changed or cut short ({len(data)} bytes, not the "
                    f"{record['parts'][table]['bytes']} written); remove {path} to play shard "
                    f"{shard} again"
                )
            if table == "hands" and "ending" not in _column_names(data):
                # the rows are sound but would not read as one table with this version's parts
                raise RunDirectoryError(
                    f"{part} was written by an earlier version of riichi (its column 'kind' is "
                    f"now 'ending'): finish the run with that version, or remove the files in "
                    f"{self.shards} to play every shard again with this one"
                )
        try:
            tally = Tally.from_dict(record["tally"])
        except (TypeError, ValueError, KeyError, AttributeError):
            raise RunDirectoryError(f"{damaged}: its sums cannot be read{again}") from None
        return tally

    def write_shard(self, result: ShardResult) -> None:
        """Write one shard's tables, then its sums (which mark it finished)."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        if result.logs:
            try:  # made by create: a resume finds it removed, or a file in its place
                self.logs.mkdir(exist_ok=True)
            except OSError as e:
                raise RunDirectoryError(f"cannot write the game records to {self.logs}: "
                                        f"{e.strerror or e}") from None
        for row, texts in result.logs.items():
            for fmt, text in texts.items():
                _write_atomic(self.logs / f"game-{row:06d}.{LOG_FORMATS[fmt]}", text.encode())
        name = _shard_file(result.shard, _PART_NAME)
        parts = {}
        for key, table, directory in (("games", result.games, self.games),
                                      ("hands", result.hands, self.hands)):
            sink = pa.BufferOutputStream()
            pq.write_table(table, sink)
            data = sink.getvalue().to_pybytes()
            _write_atomic(directory / name, data)
            parts[key] = _part_record(data)
        record: dict[str, Any] = {"run": self.fingerprint, "shard": result.shard, "parts": parts,
                                  "tally": result.tally.to_dict()}
        record["sha256"] = hashlib.sha256(_canonical(record)).hexdigest()
        _write_atomic(self.shards / _shard_file(result.shard, _SHARD_NAME),
                      json.dumps(record).encode())

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

    names = player_names(summary)
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
        ax.set_yticks(range(len(names)), names)
        ax.invert_yaxis()
        ax.set_xlabel("probability")
        ax.set_title(f"Placement from {summary['from']}\n{title}", fontsize=10)
        ax.legend(loc="upper center", bbox_to_anchor=(0.5, -0.15), ncols=len(names))
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

    fig.tight_layout()
    image = io.BytesIO()
    fig.savefig(image, format="png", dpi=100)
    plt.close(fig)
    _write_atomic(path, image.getvalue())
    return path
