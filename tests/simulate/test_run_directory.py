"""A run directory that cannot lie: every file a resume reads is checked against ``run.json`` (its
fingerprint, the shard's index, the size and hash of each Parquet part), so a resumed run is
exactly the uninterrupted run or a :class:`RunDirectoryError` naming the file; a lock refuses a
second run in the same directory; a finished run resumed keeps its timing."""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from riichi.errors import RunDirectoryError, SimulationError, WrongTypeError
from riichi.simulate import run
from riichi.simulate.output import RunDirectory
from riichi.simulate.run import SimulationResult, execute, make_plan, resume
from riichi.simulate.shard import ShardPlayer

SEED = 424242
SETTINGS = {"games": 60, "players": "random", "backend": "local", "shard_size": 10}
CLI = [sys.executable, "-m", "riichi.simulate"]


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A finished run of 6 shards, and beside it one of another seed with the same settings."""
    root = tmp_path_factory.mktemp("runs")
    run(seed=SEED, out=root / "run", **SETTINGS)  # type: ignore[arg-type]
    run(seed=SEED + 1, out=root / "other", **SETTINGS)  # type: ignore[arg-type]
    return root


@pytest.fixture
def copy(finished: Path, tmp_path: Path) -> Path:
    """A copy of the finished run to damage."""
    return Path(shutil.copytree(finished / "run", tmp_path / "run"))


def _refused(out: Path, *words: str) -> str:
    with pytest.raises(RunDirectoryError) as info:
        resume(out, backend="local")
    message = str(info.value)
    assert isinstance(info.value, SimulationError)
    for word in words:
        assert word in message, message
    return message


def test_an_intact_run_resumes_to_the_same_summary(copy: Path, finished: Path) -> None:
    result = resume(copy, backend="local")
    assert result.games_played == 0
    assert (copy / "summary.json").read_bytes() == (finished / "run" / "summary.json").read_bytes()


def test_a_stray_shard_is_refused(copy: Path) -> None:
    shutil.copy(copy / "shards" / "00000.json", copy / "shards" / "00099.json")
    _refused(copy, "shards/00099.json", "does not belong to this run", "00000-00005")


@pytest.mark.parametrize("name", ["notes.txt", "1.json"])
def test_a_stray_file_among_the_shards_is_refused(copy: Path, name: str) -> None:
    (copy / "shards" / name).write_text("{}")
    _refused(copy, f"shards/{name}", "does not belong")


@pytest.mark.parametrize("table", ["games.parquet", "hands.parquet"])
def test_a_stray_parquet_part_is_refused(copy: Path, table: str) -> None:
    shutil.copy(copy / table / "part-00000.parquet", copy / table / "part-00099.parquet")
    _refused(copy, f"{table}/part-00099.parquet", "does not belong")


def test_a_shard_from_another_seeds_run_is_refused(copy: Path, finished: Path) -> None:
    shutil.copy(finished / "other" / "shards" / "00002.json", copy / "shards" / "00002.json")
    _refused(copy, "shards/00002.json", "belongs to another run")


def test_a_shard_under_another_shards_name_is_refused(copy: Path) -> None:
    shutil.copy(copy / "shards" / "00001.json", copy / "shards" / "00003.json")
    _refused(copy, "shards/00003.json", "holds the sums of shard 1, not of shard 3")


@pytest.mark.parametrize(
    ("field", "value"),
    [("seed", SEED + 1), ("shard_size", 30), ("deals", 100), ("duplicate", "no"),
     ("duplicate", True), ("players", ["random"] * 3), ("situation", "E4 scores=1")],
)
def test_a_changed_run_json_is_refused(copy: Path, field: str, value: object) -> None:
    record = json.loads((copy / "run.json").read_text())
    assert field in record
    record[field] = value
    (copy / "run.json").write_text(json.dumps(record))
    _refused(copy, "run.json was changed after the run started")


def test_a_run_json_with_a_matching_fingerprint_but_wrong_types_is_refused(copy: Path) -> None:
    from riichi.simulate.output import fingerprint

    record = json.loads((copy / "run.json").read_text())
    record["deals"] = "60"
    record["fingerprint"] = fingerprint(record)
    (copy / "run.json").write_text(json.dumps(record))
    _refused(copy, "run.json is damaged")


@pytest.mark.parametrize(
    "content", [b"", b'{"run": "', b"\xff\xfe not utf-8", b"[1, 2]", b"null"],
    ids=["empty", "truncated", "non-utf8", "a-list", "null"],
)
def test_a_damaged_run_json_is_refused(copy: Path, content: bytes) -> None:
    (copy / "run.json").write_bytes(content)
    _refused(copy, "run.json is damaged")


def test_a_deleted_parquet_part_is_refused_and_replaying_its_shard_restores_the_run(
    copy: Path, finished: Path
) -> None:
    (copy / "games.parquet" / "part-00004.parquet").unlink()
    _refused(copy, "games.parquet/part-00004.parquet is missing", "remove", "shards/00004.json")
    (copy / "shards" / "00004.json").unlink()
    result = resume(copy, backend="local")
    assert result.games_played == 10
    assert (copy / "summary.json").read_bytes() == (finished / "run" / "summary.json").read_bytes()
    assert pq.read_table(copy / "games.parquet").num_rows == 60


@pytest.mark.parametrize("table", ["games.parquet", "hands.parquet"])
def test_a_truncated_parquet_part_is_refused(copy: Path, table: str) -> None:
    part = copy / table / "part-00001.parquet"
    part.write_bytes(part.read_bytes()[:-100])
    _refused(copy, f"{table}/part-00001.parquet was changed or cut short")


def test_a_parquet_part_from_another_run_is_refused(copy: Path, finished: Path) -> None:
    shutil.copy(finished / "other" / "hands.parquet" / "part-00000.parquet",
                copy / "hands.parquet" / "part-00000.parquet")
    _refused(copy, "hands.parquet/part-00000.parquet was changed")


@pytest.mark.parametrize(
    "damage",
    ["truncated", "empty", "non-utf8", "wrong-type", "missing-key", "not-an-object", "edited"],
)
def test_a_damaged_shard_is_refused_naming_it(copy: Path, damage: str) -> None:
    path = copy / "shards" / "00002.json"
    text = path.read_bytes()
    record = json.loads(text)
    if damage == "truncated":
        path.write_bytes(text[: len(text) // 2])
    elif damage == "empty":
        path.write_bytes(b"")
    elif damage == "non-utf8":
        path.write_bytes(b"\xff" + text)
    elif damage == "wrong-type":
        record["tally"]["games"] = "ten"
        path.write_text(json.dumps(record))
    elif damage == "missing-key":
        del record["tally"]
        path.write_text(json.dumps(record))
    elif damage == "not-an-object":
        path.write_text("[]")
    else:  # sums edited by hand: the hash no longer matches
        record["tally"]["games"] += 10
        path.write_text(json.dumps(record))
    _refused(copy, "shards/00002.json is damaged", "remove it to play shard 2 again")


def test_a_damaged_shard_removed_is_played_again(copy: Path, finished: Path) -> None:
    (copy / "shards" / "00005.json").write_bytes(b"\x00" * 10)
    _refused(copy, "shards/00005.json is damaged")
    (copy / "shards" / "00005.json").unlink()
    assert resume(copy, backend="local").games_played == 10
    assert (copy / "summary.json").read_bytes() == (finished / "run" / "summary.json").read_bytes()


def _write_hands_as_before_the_ending_column(run_dir: Path, shard: int) -> None:
    """Rewrite shard ``shard`` as the earlier version wrote it: the hands' ``ending`` column was
    named ``kind``, and the shard's sums hold that part's size and hash."""
    import hashlib

    import pyarrow as pa

    part = run_dir / "hands.parquet" / f"part-{shard:05d}.parquet"
    table = pq.read_table(part)
    old = table.rename_columns(["kind" if c == "ending" else c for c in table.column_names])
    sink = pa.BufferOutputStream()
    pq.write_table(old, sink)
    data = sink.getvalue().to_pybytes()
    part.write_bytes(data)
    path = run_dir / "shards" / f"{shard:05d}.json"
    record = json.loads(path.read_text())
    del record["sha256"]
    record["parts"]["hands"] = {"bytes": len(data), "sha256": hashlib.sha256(data).hexdigest()}
    canonical = json.dumps(record, sort_keys=True, separators=(",", ":"), allow_nan=False)
    record["sha256"] = hashlib.sha256(canonical.encode()).hexdigest()
    path.write_text(json.dumps(record))


def test_a_run_whose_hands_have_the_old_kind_column_is_refused_saying_what_to_do(
    copy: Path, finished: Path
) -> None:
    assert "ending" in pq.read_table(copy / "hands.parquet").column_names
    _write_hands_as_before_the_ending_column(copy, 3)
    assert "kind" in pq.read_table(copy / "hands.parquet" / "part-00003.parquet").column_names
    message = _refused(copy, "hands.parquet/part-00003.parquet was written by an earlier version",
                       "column 'kind' is now 'ending'", "finish the run with that version",
                       f"remove the files in {copy / 'shards'}")
    assert "\n" not in message
    for path in (copy / "shards").iterdir():  # as the message says
        path.unlink()
    assert resume(copy, backend="local").games_played == 60
    assert (copy / "summary.json").read_bytes() == (finished / "run" / "summary.json").read_bytes()
    hands = pq.read_table(copy / "hands.parquet")
    assert hands.equals(pq.read_table(finished / "run" / "hands.parquet"))


def test_the_command_line_refuses_a_damaged_run_in_one_line(copy: Path) -> None:
    (copy / "shards" / "00002.json").write_text('{"tally": ')
    done = subprocess.run([*CLI, "--resume", str(copy)], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "shards/00002.json is damaged" in lines[0], done.stderr


def test_resuming_a_finished_run_keeps_its_timing(copy: Path, finished: Path) -> None:
    timing = (copy / "timing.json").read_bytes()
    assert json.loads(timing)["games_played"] == 60
    resume(copy, backend="local")
    assert (copy / "timing.json").read_bytes() == timing


def test_a_new_run_refuses_a_directory_with_another_runs_files(copy: Path) -> None:
    with pytest.raises(RunDirectoryError, match="already holds a run"):
        run(seed=SEED, out=copy, **SETTINGS)  # type: ignore[arg-type]
    (copy / "run.json").unlink()
    with pytest.raises(RunDirectoryError, match="holds files of an earlier run .* but no run.json"):
        run(seed=SEED, out=copy, **SETTINGS)  # type: ignore[arg-type]
    assert not (copy / "run.json").exists()


def _files(root: Path) -> dict[str, bytes | None]:
    """Every path under ``root`` with the bytes of each file (None for a folder)."""
    return {str(p.relative_to(root)): None if p.is_dir() else p.read_bytes()
            for p in sorted(root.rglob("*"))}


def test_a_refused_run_or_resume_changes_nothing(copy: Path) -> None:
    """A run refused for a taken folder, or a resume refused, made a ``run.lock`` there (a
    copied run has none)."""
    (copy / "run.lock").unlink()
    before = _files(copy)
    with pytest.raises(RunDirectoryError, match="already holds a run"):
        run(seed=SEED, out=copy, **SETTINGS)  # type: ignore[arg-type]
    assert _files(copy) == before
    with pytest.raises(RunDirectoryError, match="are not the players of the run"):
        resume(copy, players="efficiency", backend="local")
    assert _files(copy) == before


def test_a_file_where_the_records_go_is_refused_before_any_game(tmp_path: Path) -> None:
    # FileExistsError's traceback once the first shard was played
    (tmp_path / "logs").write_text("mine")
    before = _files(tmp_path)
    with pytest.raises(RunDirectoryError, match=r"^cannot write the run to .*: .*logs: File exists$"):
        run(seed=SEED, out=tmp_path, logs=1, **SETTINGS)  # type: ignore[arg-type]
    assert _files(tmp_path) == before


def test_a_file_in_place_of_the_records_at_a_resume_is_named(tmp_path: Path) -> None:
    out = tmp_path / "run"
    run(seed=SEED, out=out, games=4, players="random", backend="local", shard_size=2, logs=1)
    (out / "shards" / "00000.json").unlink()  # as if stopped before the shard with the record
    shutil.rmtree(out / "logs")
    (out / "logs").write_text("mine")
    with pytest.raises(RunDirectoryError, match=r"^cannot write the game records to .*logs: File "
                                                r"exists$"):
        resume(out, backend="local")


def test_a_run_of_more_than_99999_shards_resumes_its_own_files(tmp_path: Path) -> None:
    # shard 100000 is written 100000.json and part-100000.parquet, which the resume called stray
    # (a 20-million-game run at the default shard size could not be resumed)
    plan = make_plan(100_001, seed=SEED, players="random", shard_size=1)
    with RunDirectory(tmp_path / "run") as directory:
        directory.create(plan)
        directory.write_shard(ShardPlayer(plan).play(100_000))
    directory = RunDirectory(tmp_path / "run")
    assert directory.plan() == plan and list(directory.finished(plan)) == [100_000]
    for name in ("shards/000007.json", "games.parquet/part-000007.parquet"):
        (tmp_path / "run" / name).write_bytes(b"")  # shard 7 under a name it is not written as
        with pytest.raises(RunDirectoryError, match=rf"{name} does not belong to this run"):
            directory.finished(plan)
        (tmp_path / "run" / name).unlink()


def test_a_refused_command_leaves_no_folder(tmp_path: Path) -> None:
    # Ray refuses the run once --out is made: no Ray answers 'auto' here, or one that does has
    # fewer CPUs than workers
    done = subprocess.run([*CLI, "--backend", "ray", "--ray-address", "auto", "--workers",
                           "100000", "--games", "100000", "--shard-size", "1", "--seed", "1",
                           "--players", "random", "--out", str(tmp_path / "new" / "run")],
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 2 and "error: " in done.stderr, done.stderr
    assert list(tmp_path.iterdir()) == []


def test_a_run_being_written_is_locked(tmp_path: Path) -> None:
    out = tmp_path / "run"
    holder = RunDirectory(out)
    holder.create(make_plan(20, seed=SEED, players="random", shard_size=10))
    try:
        with pytest.raises(RunDirectoryError, match="another run is writing to"):
            run(seed=SEED + 1, out=out, **SETTINGS)  # type: ignore[arg-type]
        with pytest.raises(RunDirectoryError, match="another run is writing to"):
            resume(out, backend="local")
    finally:
        holder.close()
    assert resume(out, backend="local").games_played == 20  # the lock is released


@pytest.mark.parametrize("attempt", range(3))
def test_two_runs_started_together_into_one_directory_one_is_refused(
    tmp_path: Path, attempt: int
) -> None:
    out = tmp_path / "run"
    procs = [
        subprocess.Popen([*CLI, "--games", "40", "--shard-size", "10", "--players", "random",
                          "--backend", "local", "--seed", str(seed), "--out", str(out),
                          "--format", "json"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        for seed in (1, 2)
    ]
    done = [(p.wait(timeout=120), *p.communicate()) for p in procs]
    codes = sorted(code for code, _, _ in done)
    assert codes == [0, 2], done
    _, err = next((out_, err) for code, out_, err in done if code == 2)
    assert len(err.splitlines()) == 1
    assert "another run is writing to" in err or "already holds a run" in err, err
    winner = json.loads(next(out_ for code, out_, _ in done if code == 0))
    assert json.loads((out / "run.json").read_text())["seed"] == winner["seed"]
    assert json.loads((out / "summary.json").read_text())["seed"] == winner["seed"]


@pytest.mark.parametrize("call", [
    lambda: run(2, seed=1, players="random", backend="local", out=5),  # type: ignore[arg-type]
    lambda: resume(5, backend="local"),  # type: ignore[arg-type]
])
def test_a_run_directory_that_is_no_path_is_refused_in_the_librarys_terms(
        call: Callable[[], object]) -> None:
    # Python's TypeError: expected str, bytes or os.PathLike object, not int
    with pytest.raises(WrongTypeError, match=r"^the run's directory 5: expected a path \(a str or "):
        call()


@pytest.mark.parametrize("progress", [False, 5])
def test_a_progress_that_is_no_function_is_refused_before_the_runs_folder(
        tmp_path: Path, progress: object) -> None:
    # the folder and its run.json were made, then Python's TypeError ('bool' object is not callable)
    with pytest.raises(WrongTypeError, match=rf"^progress={progress!r}: expected None or a function"):
        run(2, seed=1, players="random", backend="local", out=tmp_path / "run",
            progress=progress)  # type: ignore[arg-type]
    assert not (tmp_path / "run").exists()
    run(2, seed=1, players="random", backend="local", out=tmp_path / "kept")
    with pytest.raises(WrongTypeError, match="expected None or a function"):
        resume(tmp_path / "kept", backend="local", progress=progress)  # type: ignore[arg-type]


@pytest.mark.parametrize("plan", ["random", None, {"seed": 1}])
def test_a_plan_that_is_no_run_plan_is_refused_in_the_librarys_terms(
        tmp_path: Path, plan: object) -> None:
    # AttributeError: 'str' object has no attribute 'players'
    with pytest.raises(WrongTypeError, match=r"^plan=.*: expected a RunPlan, made by make_plan"):
        execute(plan, backend="local", out=tmp_path / "run")  # type: ignore[arg-type]
    assert not (tmp_path / "run").exists()


def _documented(file: str) -> set[str]:
    """The names in backticks on the row of ``file`` in docs/simulate.md's table of the run
    directory, ``x_0..3`` read as ``x_0`` to ``x_3``."""
    doc = Path(__file__).parents[2] / "docs" / "simulate.md"
    row = next(line for line in doc.read_text(encoding="utf-8").splitlines()
               if line.startswith(f"| `{file}`"))
    names = set(re.findall(r"`(\w+)`", row))
    for stem in re.findall(r"`(\w+)_0\.\.3`", row):
        names |= {f"{stem}_{s}" for s in range(4)}
    return names


def test_every_field_of_the_summary_and_column_of_the_tables_is_documented() -> None:
    # summary.json had deals, duplicate, from, a player's seat and games, and more, unlisted
    runs = [run(2, seed=1, players="random", backend="local", duplicate=True),
            run(1, seed=1, rules="2p-match", players="random", backend="local")]
    summary_names = _documented("summary.json")
    for result in runs:
        summary = result.summary
        assert set(summary) | set(summary["hands"]) <= summary_names
        assert {key for p in summary["players"] for key in p} <= summary_names
    assert set(runs[0].games.column_names) <= _documented("games.parquet/")
    assert set(runs[0].hands.column_names) <= _documented("hands.parquet/")


@pytest.mark.parametrize("kept", ["logs/game-000000.mjai.jsonl", "summary.json", "timing.json",
                                  "ranks.png"])
def test_a_new_run_refuses_a_directory_with_an_earlier_runs_records_or_results(
    copy: Path, kept: str
) -> None:
    # the records of an earlier run in logs/ were overwritten by (or mixed with) the new run's,
    # and its summary, timing and charts were overwritten, with no word
    (copy / "logs").mkdir()
    (copy / "logs" / "game-000000.mjai.jsonl").write_text("an earlier run's record")
    (copy / "ranks.png").write_bytes(b"an earlier run's chart")
    shutil.rmtree(copy / "shards")
    shutil.rmtree(copy / "games.parquet")
    shutil.rmtree(copy / "hands.parquet")
    for name in ("run.json", "run.lock"):
        (copy / name).unlink()
    for name in {"logs/game-000000.mjai.jsonl", "summary.json", "timing.json", "ranks.png"} - {kept}:
        (copy / name).unlink()
    before = _files(copy)
    with pytest.raises(RunDirectoryError, match=rf"holds files of an earlier run \(.*{kept}\) but "
                                                "no run.json; empty it or choose another --out"):
        run(seed=SEED + 2, out=copy, logs=1, **SETTINGS)  # type: ignore[arg-type]
    assert _files(copy) == before


def test_a_new_run_writes_beside_files_that_are_no_runs(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine")
    run(seed=SEED, out=tmp_path, logs=1, **SETTINGS)  # type: ignore[arg-type]
    assert (tmp_path / "notes.txt").read_text() == "mine"
    assert len(list((tmp_path / "logs").iterdir())) == 2


def test_the_command_line_refusing_to_resume_a_finished_run_changes_nothing(copy: Path) -> None:
    # it was refused only after the resume had written summary.json again and made a run.lock
    (copy / "run.lock").unlink()
    (copy / "summary.json").unlink()
    before = _files(copy)
    done = subprocess.run([*CLI, "--resume", str(copy), "--backend", "local"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 2 and done.stdout == ""
    assert "error: nothing to resume: the run in" in done.stderr
    assert _files(copy) == before


def test_a_library_resume_told_to_refuse_a_finished_run_changes_nothing(copy: Path) -> None:
    (copy / "run.lock").unlink()
    before = _files(copy)
    with pytest.raises(RunDirectoryError, match=rf"^nothing to resume: the run in {copy} had "
                                                "played all its 60 games already"):
        resume(copy, backend="local", rewrite_finished=False)
    assert _files(copy) == before


@pytest.mark.parametrize(("elapsed", "played", "rate"), [(0.0, 0, 0.0), (0.0, 8, 0.0),
                                                         (2.0, 8, 4.0)])
def test_the_timing_is_json_also_when_no_time_was_measured(
    elapsed: float, played: int, rate: float
) -> None:
    # games_per_second was inf (Infinity in timing.json and --format json, which is no JSON)
    result = SimulationResult(make_plan(8, seed=SEED, players="random"), {}, elapsed, played)
    assert result.games_per_second == rate
    assert json.loads(json.dumps(result.timing, allow_nan=False))["games_per_second"] == rate


def test_a_shard_that_cannot_be_read_is_refused_naming_it(copy: Path) -> None:
    # IsADirectoryError's traceback
    (copy / "shards" / "00002.json").unlink()
    (copy / "shards" / "00002.json").mkdir()
    _refused(copy, "shards/00002.json cannot be read (Is a directory)",
             "remove it to play shard 2 again")


def test_a_parquet_part_that_cannot_be_read_is_not_called_missing(copy: Path) -> None:
    part = copy / "games.parquet" / "part-00002.parquet"
    part.unlink()
    part.mkdir()
    message = _refused(copy, "games.parquet/part-00002.parquet cannot be read (Is a directory)",
                       "shards/00002.json to play shard 2 again")
    assert "missing" not in message


def test_a_run_json_that_cannot_be_read_is_not_called_missing(copy: Path) -> None:
    """A folder in place of run.json read as 'holds no run to resume (no run.json)', while a new
    run there said the folder already holds one."""
    (copy / "run.json").unlink()
    (copy / "run.json").mkdir()
    message = _refused(copy, "run.json cannot be read (Is a directory); expected the file of the run's settings")
    assert "no run.json" not in message


@pytest.mark.parametrize("edit", [
    lambda r: r.update(parts=[]), lambda r: r.update(parts=None), lambda r: r["parts"].pop("hands"),
    lambda r: r["parts"].update(hands=None), lambda r: r["parts"].update(hands="x"),
    lambda r: r["parts"]["hands"].update(bytes="x"), lambda r: r.update(shard="2"),
], ids=["parts-list", "parts-null", "part-missing", "part-null", "part-text", "bytes-text", "shard-text"])
def test_a_shard_record_edited_under_a_matching_hash_is_refused_naming_it(
        copy: Path, edit: Callable[[dict[str, object]], None]) -> None:
    """A shard's record rewritten by hand with its hash made to match: parts that were no
    table of parts raised an AttributeError, KeyError or TypeError, and a shard "2" was said to
    hold 'the sums of shard 2, not of shard 2'."""
    path = copy / "shards" / "00002.json"
    record = json.loads(path.read_bytes())
    edit(record)
    rest = {k: v for k, v in record.items() if k != "sha256"}
    record["sha256"] = hashlib.sha256(json.dumps(rest, sort_keys=True, separators=(",", ":")).encode()).hexdigest()
    path.write_text(json.dumps(record))
    _refused(copy, "shards/00002.json is damaged: not the sums of a shard", "remove it to play shard 2 again")


def test_a_new_run_where_run_json_is_a_folder_is_not_told_to_resume(tmp_path: Path) -> None:
    """A folder named run.json made a new run say 'already holds a run; resume it', and the
    resume then found no run there."""
    (tmp_path / "run" / "run.json").mkdir(parents=True)
    with pytest.raises(RunDirectoryError, match=r"run\.json is no file \(a folder\?\) and holds no run; remove it "):
        run(games=2, seed=1, players="random", out=tmp_path / "run")
    assert sorted(p.name for p in (tmp_path / "run").iterdir()) == ["run.json"]
