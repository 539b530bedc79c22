"""replay refuses what it cannot play in one error naming it, before it plays a round: rules for
another number of players than the record has seats (it listed a start difference a round,
"expected 2 ints", "a wall must hold each 136-id ..."), and a record that is no GameRecord."""

from __future__ import annotations

import dataclasses

import pytest

from riichi.agents import RandomAgent
from riichi.errors import InvalidRuleError, WrongTypeError
from riichi.game import play_game
from riichi.game.replay import Difference, replay
from riichi.logs import GameRecord, dumps, read


@pytest.mark.parametrize(("seats", "preset", "other"), [(4, "tenhou", "2p"), (4, "tenhou", "tenhou-3p"),
                                                       (3, "tenhou-3p", "tenhou"), (2, "2p", "ema")])
def test_rules_for_another_number_of_players_are_refused(seats: int, preset: str, other: str) -> None:
    record = read(dumps(play_game(preset, [RandomAgent(s) for s in range(seats)], seed=1)))
    assert replay(record).differences == ()
    players = 2 if other == "2p" else 3 if other == "tenhou-3p" else 4
    with pytest.raises(InvalidRuleError, match=rf"^rules '{other}' are for {players} players: a record "
                                               rf"of {seats} seats cannot be replayed under them$"):
        replay(record, rules=other)


def test_a_record_that_is_no_game_record_is_refused_by_type() -> None:
    text = dumps(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1))
    with pytest.raises(WrongTypeError, match=r"^record: expected a GameRecord \(riichi.logs.read\), got str$"):
        replay(text, rules="tenhou")  # type: ignore[arg-type]


@pytest.mark.parametrize(("field", "value", "message"), [
    ("honba", -3, "Position.honba=-3: expected an int >= 0"),
    ("kyotaku", -1, "Position.sticks=-1: expected an int >= 0"),
])
def test_a_first_round_starting_from_a_position_no_table_has_is_a_start_difference(
        field: str, value: int, message: str) -> None:
    # a position is checked as it is made: the replay reports the round it cannot start
    events = list(play_game("tenhou", [RandomAgent(s) for s in range(4)], seed=1).events)
    events[1] = dataclasses.replace(events[1], **{field: value})
    report = replay(GameRecord.from_events(events), rules="tenhou")
    assert report.differences[0] == Difference(0, 0, "start", message)
