"""read, detect_format and dumps refuse what is no record and no game by type (WrongTypeError, a RiichiError),
naming the argument, where they raised a bare TypeError or AttributeError; dumps_mjai refuses names
its reader would refuse; tenhou6_code refuses what is no 136-id, where it gave a number of no tile."""

from __future__ import annotations

import re
from typing import Any

import pytest

from riichi.errors import InvalidHandError, LogFormatError, WrongTypeError
from riichi.logs import detect_format, dumps, dumps_mjai, read, tenhou6_code
from tests.support.paths import DATA


@pytest.mark.parametrize("source", [5, None, ["a", "record"]])
def test_read_refuses_what_is_no_path_text_or_bytes(source: object) -> None:
    with pytest.raises(WrongTypeError, match=r"^source: expected a path, or a record's text or bytes, got "):
        read(source)  # type: ignore[arg-type]


@pytest.mark.parametrize("data", [5, None, ["{"]])
def test_detect_format_refuses_what_is_no_text_or_bytes(data: object) -> None:
    with pytest.raises(WrongTypeError, match=r"^data: expected a record's text or bytes, got "):
        detect_format(data)  # type: ignore[arg-type]


@pytest.mark.parametrize("game", [5, [5], [{"type": "start_game"}]])
def test_dumps_refuses_what_is_no_game_nor_its_events(game: object) -> None:
    with pytest.raises(WrongTypeError, match=r"^game: expected a game \(anything with events\) or its events, got "):
        dumps(game)  # type: ignore[arg-type]


@pytest.mark.parametrize("names, error, message", [
    ((1, 2, 3, 4), WrongTypeError, "names: expected the player names as texts, got (1, 2, 3, 4)"),
    (5, WrongTypeError, "names: expected the player names as texts, got 5"),
    (("A", "B"), LogFormatError, "names: expected 4 player names, got 2"),
    (("A",) * 5, LogFormatError, "names: expected 4 player names, got 5"),
    ("ABCD", WrongTypeError, "names: expected the player names as texts, got 'ABCD'"),
], ids=["numbers", "number", "two", "five", "one-text"])
def test_dumps_mjai_refuses_names_its_reader_would_refuse(names: Any, error: type[Exception], message: str) -> None:
    events = read(DATA / "tenhou6" / "cases" / "rinshan.json").events
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        dumps_mjai(events, names)
    assert read(dumps_mjai(events, ("A", "B", "C", "D"))).names == ("A", "B", "C", "D")


@pytest.mark.parametrize("tile, error, message", [
    (136, InvalidHandError, "tile id 136 is out of range; expected 0 to 135"),
    (-1, InvalidHandError, "tile id -1 is out of range; expected 0 to 135"),
    (500, InvalidHandError, "tile id 500 is out of range; expected 0 to 135"),
    ("5", WrongTypeError, "expected a 136-id (an int 0-135), got str '5'"),
])
def test_tenhou6_code_refuses_what_is_no_136_id(tile: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        tenhou6_code(tile)
    assert [tenhou6_code(t) for t in (0, 16, 135)] == [11, 51, 47]
