"""read, detect_format and dumps refuse what is no record and no game by type (WrongTypeError, a RiichiError),
naming the argument, where they raised a bare TypeError or AttributeError; dumps_mjai refuses names
its reader would refuse."""

from __future__ import annotations

import re
from typing import Any

import pytest

from riichi.errors import LogFormatError, WrongTypeError
from riichi.logs import detect_format, dumps, dumps_mjai, read
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
], ids=["numbers", "number", "two", "five"])
def test_dumps_mjai_refuses_names_its_reader_would_refuse(names: Any, error: type[Exception], message: str) -> None:
    events = read(DATA / "tenhou6" / "cases" / "rinshan.json").events
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        dumps_mjai(events, names)
    assert read(dumps_mjai(events, ("A", "B", "C", "D"))).names == ("A", "B", "C", "D")
