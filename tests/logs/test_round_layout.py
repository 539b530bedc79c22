"""How a record's events are laid out in rounds: every reader lays out the rounds it reads
(GameRecord.from_rounds), as GameRecord.from_events splits the same events, and a round that does
not end before the next one begins is refused."""

from __future__ import annotations

import dataclasses

import pytest

from riichi.agents import RandomAgent
from riichi.errors import LogFormatError
from riichi.game import play_game
from riichi.logs import GameRecord, dumps, read
from riichi.logs import events as ev
from tests.support.paths import DATA

GAME = play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=5)


@pytest.mark.parametrize("source", ["mjai", "tenhou6", "mjlog"])
def test_the_readers_rounds_are_those_from_events_splits(source: str) -> None:
    record = read(sorted((DATA / "mjlog").glob("2022*.mjlog.gz"))[1] if source == "mjlog"
                  else dumps(GAME, format=source))
    split = GameRecord.from_events(record.events, format=record.format, names=record.names)
    assert len(record.rounds) > 1 and all(isinstance(r.events[-1], ev.EndKyoku) for r in record.rounds)
    assert dataclasses.replace(split, walls=record.walls, title=record.title, red_fives=record.red_fives,
                               rules=record.rules) == record


def test_an_mjai_round_begun_before_the_last_one_ended_is_refused() -> None:
    lines = dumps(GAME, format="mjai").splitlines()
    end = next(k for k, line in enumerate(lines) if '"end_kyoku"' in line)
    with pytest.raises(LogFormatError, match=rf"event {end}: start_kyoku before the last round ended"):
        read("\n".join(lines[:end] + lines[end + 1 :]))


def test_from_rounds_refuses_a_round_without_its_end_before_the_next() -> None:
    record = read(dumps(GAME, format="mjai"))
    rounds = [list(r.events) for r in record.rounds]
    rounds[0].pop()  # its end_kyoku
    with pytest.raises(LogFormatError, match="round 1 has no end_kyoku before the next round"):
        GameRecord.from_rounds("mjai", record.names, record.start, rounds, record.end, "<rounds>")
    cut = GameRecord.from_rounds("mjai", record.names, record.start, rounds[:1], None, "<rounds>")
    assert cut.end is None and cut.rounds[0].results == record.rounds[0].results  # a last round may be cut
