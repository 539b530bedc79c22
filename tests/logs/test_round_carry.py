"""Each round of a record starts as the round before left the table: its scores, the riichi
sticks (none after a win; else those there and the riichi declared) and the honba (one more
after a draw; none, or one more, after a win). A round that does not (a round of another game
spliced in, a round left out, a head edited) was read as it said; every reader now refuses it
(every record of tests/data still reads: the readers' own tests read them all)."""

from __future__ import annotations

import gzip
import json

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError
from riichi.game import play_game
from riichi.logs import dumps, read
from tests.support.paths import DATA

FORMATS = ["tenhou6", "mjai"]


def _game(fmt: str) -> str:
    return dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=7), format=fmt)


def _edited(fmt: str, index: int, field: str) -> str:
    """The game of :func:`_game` with round ``index``'s head changed in ``field``: one honba or
    riichi stick more, or 1,000 points moved from seat 0 to seat 1."""
    text = _game(fmt)
    if fmt == "tenhou6":
        data = json.loads(text)
        round_ = data["log"][index]
        if field == "scores":
            round_[1][0] -= 1000
            round_[1][1] += 1000
        else:
            round_[0][1 if field == "honba" else 2] += 1
        return json.dumps(data, ensure_ascii=False)
    lines = text.splitlines()
    k = [n for n, line in enumerate(lines) if '"start_kyoku"' in line][index]
    start = json.loads(lines[k])
    if field == "scores":
        start["scores"][0] -= 1000
        start["scores"][1] += 1000
    else:
        start["honba" if field == "honba" else "kyotaku"] += 1
    lines[k] = json.dumps(start)
    return "\n".join(lines)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("field, said", [
    ("scores", "starts with the scores"), ("sticks", "starts with riichi sticks 1 on the table: expected 0 after"),
    ("honba", "starts with honba"),
])
def test_a_round_that_does_not_start_as_the_last_one_left_the_table_is_refused(
        fmt: str, field: str, said: str) -> None:
    rounds = read(_game(fmt), format=fmt).rounds
    index = len(rounds) - 1  # the last round: an edit shows nowhere after it
    with pytest.raises(LogFormatError, match=rf"^<\w+>: round {index + 1} \(.*\) {said}"):
        read(_edited(fmt, index, field), format=fmt)


def test_a_round_of_another_game_spliced_into_one_a_line_is_refused() -> None:
    """mjx's files name their players Aさん, Bさん, ... in every game: the lines of two games
    differ only in their play."""
    games = sorted((DATA / "tenhou6" / "mjx").glob("*.json.gz"))
    first, second = ([line for line in gzip.decompress(p.read_bytes()).decode().splitlines() if line.strip()]
                     for p in games[1:3])
    with pytest.raises(LogFormatError, match=r"^<record>: round 4 \(E3-1\) starts with the scores "):
        read("\n".join(first[:3] + second[3:]))

