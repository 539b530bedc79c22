"""``riichi.logs.write``: a record is written whole or not at all, and a path that cannot take it
is refused with a LogFormatError that says why (an empty path, a folder, a missing folder, a file too large for
the disk), leaving whatever was there before as it was."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError, RiichiError, WrongTypeError
from riichi.game import GameResult, play_game
from riichi.logs import dumps, read, write
from tests.support.paths import DATA

EXPECTED_TEXT = "(expected the path of a file in a folder that exists and may be written)"
EXPECTED = re.escape(EXPECTED_TEXT)


def _game() -> GameResult:
    return play_game("ema", [RandomAgent(s) for s in range(4)], seed=4)


def test_a_folder_is_refused_and_left_as_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path.parent)
    (tmp_path / "kept.txt").write_text("kept")
    for path in (Path(tmp_path.name), tmp_path.name + os.sep):
        with pytest.raises(LogFormatError, match=f"^cannot write {re.escape(repr(str(path)))}: it is a folder "
                                                 r"\(expected the path of a file\)$"):
            write(_game(), path)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.txt"]
    assert issubclass(LogFormatError, RiichiError)


def test_an_empty_path_is_refused_as_empty_and_nothing_is_written(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "here"
    folder.mkdir()
    monkeypatch.chdir(folder)
    with pytest.raises(LogFormatError, match=r"^cannot write '': an empty path \(expected the path of a file\)$"):
        write(_game(), "")
    assert list(tmp_path.iterdir()) == [folder] and list(folder.iterdir()) == []


def test_a_missing_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    with pytest.raises(LogFormatError, match=r"^cannot write 'missing/x\.json': No such file or directory " + EXPECTED):
        write(_game(), Path("missing", "x.json"), format="tenhou6")
    with pytest.raises(LogFormatError, match=r"^cannot write 'x\\x00y': embedded null byte " + EXPECTED):
        write(_game(), "x\0y")
    assert list(tmp_path.iterdir()) == []


def test_a_path_of_another_type_is_a_wrong_type() -> None:
    for path in (5, b"/tmp/x.json", None):
        with pytest.raises(WrongTypeError, match=r"^path: expected a file's path \(a str or a path object\), got "):
            write(_game(), path)  # type: ignore[arg-type]


def test_a_record_is_written_whole_and_a_device_as_it_is(tmp_path: Path) -> None:
    game = _game()
    for name in ("game.mjai", "game.mjai.gz"):
        write(game, tmp_path / name)
        assert read(tmp_path / name).end == read(dumps(game)).end
    write(game, tmp_path / "game.mjai")  # over the file there
    assert (tmp_path / "game.mjai").read_text() == dumps(game)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mjai", "game.mjai.gz"]
    write(game, os.devnull)


def test_a_write_cut_short_leaves_the_old_file_and_no_piece(tmp_path: Path) -> None:
    """A process that may write no file over 4 KiB (as a full disk would stop it): the record
    (some 60 KiB) is refused, the file there before keeps its text, and no part is left."""
    path = tmp_path / "game.mjai"
    path.write_text("the old record\n")
    child = (
        "import resource, signal, sys\n"
        "from riichi.agents import RandomAgent\n"
        "from riichi.game import play_game\n"
        "from riichi.logs import write\n"
        "game = play_game('ema', [RandomAgent(s) for s in range(4)], seed=4)\n"
        "signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n"
        "resource.setrlimit(resource.RLIMIT_FSIZE, (4096, 4096))\n"
        "write(game, sys.argv[1])\n"
    )
    done = subprocess.run([sys.executable, "-c", child, path.name], capture_output=True, text=True, timeout=120,
                          cwd=tmp_path)
    assert done.returncode == 1
    last = done.stderr.strip().splitlines()[-1]
    assert last == f"riichi.errors.LogFormatError: cannot write 'game.mjai': File too large " + EXPECTED_TEXT
    assert path.read_text() == "the old record\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.mjai"]


def test_a_file_written_again_keeps_its_permissions_and_a_link_its_file(tmp_path: Path) -> None:
    """Written through a copy moved over the file: the file keeps its mode, and a path that is a
    link writes the file it names, the link left a link (as writing the file in place did)."""
    game = _game()
    kept = tmp_path / "kept.mjai"
    kept.write_text("old\n")
    kept.chmod(0o600)
    link = tmp_path / "latest.mjai"
    link.symlink_to(kept)
    write(game, link)
    assert link.is_symlink() and kept.read_text() == dumps(game)
    assert kept.stat().st_mode & 0o777 == 0o600
    assert sorted(p.name for p in tmp_path.iterdir()) == ["kept.mjai", "latest.mjai"]


def test_an_end_without_final_results_is_refused_as_tenhou6_with_a_clear_error() -> None:
    # RiichiEnv's end_game states nothing, another mjai one may state its scores only: written as
    # tenhou.net/6 (whose 'sc' holds each seat's final score and placement points) both raised an
    # IndexError
    text = (DATA / "riichienv" / "mjsoul_single_hand_seed0.jsonl").read_text(encoding="utf-8")
    with_scores = text.replace('{"type":"end_game"}', '{"type":"end_game","scores":[25000,25000,25000,25000]}')
    for record in (read(text, format="mjai"), read(with_scores, format="mjai")):
        assert record.end is not None and record.end.results == ()
        with pytest.raises(LogFormatError, match=r"^the game's end_game states no final results \(placement "
                                                 r"points\), which tenhou.net/6's 'sc' holds: write it as mjai"):
            dumps(record, format="tenhou6")


def test_a_game_without_a_round_is_refused_as_tenhou6_which_could_not_be_read() -> None:
    # tenhou.net/6 gives the seats and scores in its rounds' heads: '"log": []' was written, and
    # read refused it ("'log' must be a non-empty list of rounds")
    record = read('{"type":"start_game"}', format="mjai")
    assert record.rounds == () and read(dumps(record, format="mjai"), format="mjai").rounds == ()
    with pytest.raises(LogFormatError, match=r"^a game without a round: tenhou.net/6 gives the seats and "
                                             r"scores in its rounds' heads: write it as mjai"):
        dumps(record, format="tenhou6")
