"""A record's size is limited before it is read: a gzip bomb, /dev/zero or a text over the limit is
a LogFormatError, as is a path no file can have, and real records still read."""

from __future__ import annotations

import gzip
import os
from pathlib import Path

import pytest

from riichi import LogFormatError
from riichi.logs import MAX_RECORD_BYTES, read
from riichi.logs.mjai import parse_mjai
from riichi.logs.mjlog import read_mjlog
from tests.support.paths import DATA


def test_a_gzip_bomb_is_refused_within_the_limit(tmp_path: Path) -> None:
    bomb = gzip.compress(b"[" + b"0," * (MAX_RECORD_BYTES // 2 + 10) + b"0]", compresslevel=9)
    assert len(bomb) < MAX_RECORD_BYTES // 100
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read(bomb)
    path = tmp_path / "bomb.json.gz"
    path.write_bytes(bomb)
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read(path)
    with pytest.raises(LogFormatError, match="larger than 16,777,216 bytes"):
        read_mjlog(path)


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="needs /dev/zero")
def test_dev_zero_is_refused() -> None:
    with pytest.raises(LogFormatError, match="/dev/zero.*larger than 16,777,216 bytes"):
        read("/dev/zero")


def test_a_path_with_a_nul_is_a_log_format_error() -> None:
    with pytest.raises(LogFormatError, match="cannot read 'a\\\\x00b'"):
        read("a\0b")
    with pytest.raises(LogFormatError, match="cannot read"):
        read_mjlog("a\0b")


def test_a_text_larger_than_the_limit_is_refused() -> None:
    with pytest.raises(LogFormatError, match="larger than"):
        read("{" + " " * MAX_RECORD_BYTES + "}")


def test_real_records_still_read() -> None:
    data = DATA
    records = sorted(data.rglob("*.json")) + sorted(data.rglob("*.mjlog"))
    assert records
    for path in records[:5]:
        read(path)


@pytest.mark.parametrize("form", ["auto", "mjai", "path"])
def test_gzip_inside_gzip_is_named_as_such(tmp_path: Path, form: str) -> None:
    twice = gzip.compress(gzip.compress((DATA / "tenhou6" / "cases" / "rinshan.json").read_bytes()))
    path = tmp_path / "game.json.gz.gz"
    path.write_bytes(twice)
    source = {"auto": twice, "mjai": twice, "path": path}[form]
    with pytest.raises(LogFormatError, match=r"gzip inside gzip .*magic bytes 1f 8b.*decompress it once"):
        read(source, format="mjai" if form == "mjai" else None)


def test_gzip_given_to_a_text_parser_is_named_as_such() -> None:
    with pytest.raises(LogFormatError, match=r"gzip data .*riichi.logs.read decompresses it"):
        parse_mjai(gzip.compress(b'{"type": "start_game"}\n'))
