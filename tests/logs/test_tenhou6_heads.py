"""A tenhou.net/6 record's title and round heads: a title given as one text (not Tenhou's list)
is read, a title of another kind is refused naming it, and a negative honba is named plainly
with its round; the writer refuses names and titles the reader would refuse."""

from __future__ import annotations

import gzip
import json
import re
from typing import Any

import pytest

from riichi.errors import LogFormatError, WrongTypeError
from riichi.logs import dumps_tenhou6, read
from tests.support.paths import DATA


def _record() -> dict[str, Any]:
    record: dict[str, Any] = json.loads((DATA / "tenhou6" / "cases" / "rinshan.json").read_text())
    return record


@pytest.mark.parametrize("title, read_as", [
    ("Club final, table 3", "Club final, table 3"),
    (["四鳳南喰赤", "2024-01-05"], "四鳳南喰赤 2024-01-05"),
    (["", ""], ""),
    (None, ""),  # null, as a missing title
], ids=["one-text", "tenhou-list", "empty-list", "null"])
def test_a_title_is_read_as_one_text_or_a_list_of_texts(title: object, read_as: str) -> None:
    record = _record()
    record["title"] = title
    assert read(json.dumps(record)).title == read_as


@pytest.mark.parametrize("title", [5, ["final", 3], {"name": "final"}],
                         ids=["number", "list-with-a-number", "object"])
def test_a_title_of_another_kind_is_refused_naming_it(title: object) -> None:
    record = _record()
    record["title"] = title
    expected = f"<record>: 'title' must be a text or a list of texts, got {json.dumps(title)}"
    with pytest.raises(LogFormatError, match=f"^{re.escape(expected)}$"):
        read(json.dumps(record))


@pytest.mark.parametrize("honba, named", [(-1, r"\(S2\): honba -1 is out of range 0-999$"),
                                          (1000, r"\(S2-1000\): honba 1000 is out of range 0-999$")])
def test_a_round_head_with_a_bad_honba_names_the_round_and_the_honba(honba: int, named: str) -> None:
    record = _record()
    record["log"][0][0][1] = honba  # the head of South 2
    with pytest.raises(LogFormatError, match=r"^<record>, round 1 " + named):
        read(json.dumps(record))


@pytest.mark.parametrize("names, title, error, message", [
    (("A", "B", "C", "D"), 5, WrongTypeError, "title: expected a text, got int"),
    ((1, 2, 3, 4), "", WrongTypeError, "names: expected the player names as texts, got (1, 2, 3, 4)"),
    (5, "", WrongTypeError, "names: expected the player names as texts, got 5"),
    (("A",) * 5, "", LogFormatError, "names: expected at most 4 player names (tenhou.net/6's four places), got 5"),
], ids=["title-number", "names-numbers", "names-number", "five-names"])
def test_the_writer_refuses_names_and_titles_its_reader_would_refuse(
        names: Any, title: Any, error: type[Exception], message: str) -> None:
    events = read(DATA / "tenhou6" / "cases" / "rinshan.json").events
    with pytest.raises(error, match=f"^{re.escape(message)}$"):
        dumps_tenhou6(events, names, title)
    assert read(dumps_tenhou6(events, ("A", "B"), "final")).names == ("A", "B", "", "")


def _mjx_lines(k: int) -> list[str]:
    """The lines of the ``k``-th mjx game (one round a line)."""
    path = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz"))[k]
    return [line for line in gzip.decompress(path.read_bytes()).decode().splitlines() if line.strip()]


@pytest.mark.parametrize("key", ["name", "title", "rule"])
def test_a_file_of_rounds_a_line_mixing_two_games_is_refused(key: str) -> None:
    """A second game's lines appended to a game's read as more rounds of the first, under its
    names and rules; a line whose title, names or rules are not the first line's is refused."""
    first = _mjx_lines(1)
    assert len(read("\n".join(first)).rounds) == len(first)  # one game's lines read as one game
    line = json.loads(first[-1])
    line[key] = {"name": ["A", "B", "C", "D"], "title": ["another game", ""],
                 "rule": {**line["rule"], "disp": "般東喰"}}[key]
    mixed = "\n".join([*first[:-1], json.dumps(line, ensure_ascii=False)])
    with pytest.raises(LogFormatError, match=rf"^<record>, line {len(first)}: its '{key}' is not the first line's; "
                                             "expected the rounds of one game, one a line"):
        read(mixed)
