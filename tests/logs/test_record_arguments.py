"""read, detect_format and dumps refuse what is no record and no game by type (WrongTypeError, a RiichiError),
naming the argument, where they raised a bare TypeError or AttributeError."""

from __future__ import annotations

import pytest

from riichi.errors import WrongTypeError
from riichi.logs import detect_format, dumps, read


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
